import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";

/**
 * The browser's own `<select>` in the app's input style: every native prop (and, React 19, `ref`)
 * passes through, and `className` overrides the defaults (`h-9` for a compact row, `w-full` in a
 * form column). Use it for plain choices in forms and toolbars; `Select` is the styled Radix one.
 */
export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={cn("h-10 rounded-md border border-input bg-background px-2 text-sm disabled:opacity-60", className)} {...props} />;
}
