import { LoaderCircle } from "lucide-react";
import { cn } from "@/lib/utils";

/** A decorative spinner; pair it with visible or screen-reader text. */
export function Spinner({ className }: { className?: string }) {
  return <LoaderCircle aria-hidden="true" className={cn("size-5 animate-spin text-primary", className)} />;
}
