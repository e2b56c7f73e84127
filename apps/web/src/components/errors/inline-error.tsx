import { useEffect, useRef } from "react";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/utils";

type InlineErrorProps = {
  /** A thrown value (its message is shown), a message, or nothing (nothing is rendered). */
  error: unknown;
  className?: string;
};

/**
 * A failure shown next to the control that caused it (decision 018): role=alert, and scrolled
 * into view each time a new failure arrives, so it is seen even when the control was near the
 * edge of the screen. Pages that use it for a mutation set `meta: { errorShownInline: true }`.
 */
export function InlineError({ error, className }: InlineErrorProps) {
  const ref = useRef<HTMLParagraphElement>(null);
  const message = error === null || error === undefined || error === "" ? undefined : typeof error === "string" ? error : errorMessage(error);
  useEffect(() => {
    if (message !== undefined) ref.current?.scrollIntoView?.({ block: "nearest" });
  }, [error, message]);
  if (message === undefined) return null;
  return (
    <p ref={ref} role="alert" className={cn("text-sm font-medium text-destructive", className)}>
      {message}
    </p>
  );
}
