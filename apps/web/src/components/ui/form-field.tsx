import { useId, type ReactElement, type ReactNode } from "react";
import { Slot } from "radix-ui";
import { Label } from "@/components/ui/label";
import { translateMessage } from "@/lib/server-messages";
import { cn } from "@/lib/utils";

type FormFieldProps = {
  label: ReactNode;
  /** The control; it receives id, aria-invalid and aria-describedby. */
  children: ReactElement;
  error?: string | undefined;
  description?: ReactNode;
  className?: string;
  id?: string;
};

/**
 * A labelled control with an optional description and an error message wired for screen readers.
 * An error that is a contracts message (a zod message of a shared schema) is shown in the reader's language.
 */
export function FormField({ label, children, error, description, className, id }: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("grid gap-2", className)}>
      <Label htmlFor={controlId}>{label}</Label>
      <Slot.Root id={controlId} aria-invalid={error ? true : undefined} aria-describedby={describedBy}>
        {children}
      </Slot.Root>
      {description ? (
        <div id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-destructive">
          {translateMessage(error)}
        </p>
      ) : null}
    </div>
  );
}
