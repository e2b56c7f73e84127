import { InlineError } from "@/components/errors/inline-error";

/** The server's message for a refused re-plan action, by its button: an alert scrolled into view (decision 018), or nothing. */
export function ActionError({ error, className }: { error: unknown; className?: string }) {
  return <InlineError error={error} className={className} />;
}
