import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";

/** The server's message for a refused re-plan action (announced as an alert), or nothing. */
export function ActionError({ error, className }: { error: unknown; className?: string }) {
  if (!error) return null;
  return (
    <p role="alert" className={cn("text-sm text-destructive", className)}>
      {errorMessage(error)}
    </p>
  );
}
