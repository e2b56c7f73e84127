import { useState, type ReactElement, type ReactNode, type RefObject } from "react";
import { InlineError } from "@/components/errors/inline-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useTranslation } from "@/lib/i18n";

export type ConfirmDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The dialog's accessible name. */
  title: ReactNode;
  description: ReactNode;
  /** The confirm button's text (and accessible name). */
  confirmLabel: string;
  /** The confirm button's text while the action runs; without it the label stays and a spinner is added. */
  pendingLabel?: string;
  cancelLabel?: string;
  /** `destructive` (the default) for deleting, revoking, leaving; `default` for a reversible change. */
  variant?: "default" | "destructive";
  /** `false` keeps the confirm button disabled, e.g. until the name to confirm has been typed. */
  canConfirm?: boolean;
  /**
   * Runs the action. A returned promise (a mutation's `mutateAsync`) keeps the dialog open while it
   * runs (buttons disabled, Escape ignored); it closes when the promise resolves, and shows the
   * rejection's message inside the dialog (role=alert) when it fails, so the mutation sets
   * `meta: { errorShownInline: true }` (decision 018). Anything else closes the dialog at once.
   */
  onConfirm: () => unknown;
  /** Extra content between the description and the buttons: a field to fill, details to read. */
  children?: ReactNode;
  /** What gets the focus on opening instead of Cancel (e.g. the field to fill). */
  initialFocus?: RefObject<HTMLElement | null>;
};

/**
 * The app's one confirmation dialog (an `alertdialog`), opened by the caller: a title, a
 * description, optional extra content, Cancel and a confirm button that is also the form's submit
 * (Enter in a field confirms). `ConfirmButton` is the same dialog behind its own button.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return <Confirm {...props} />;
}

export type ConfirmButtonProps = Omit<ConfirmDialogProps, "open" | "onOpenChange"> & {
  /** The button that opens the dialog, e.g. `<Button size="sm" variant="outline">Remove</Button>`. */
  trigger: ReactElement;
};

/** A button that asks in a `ConfirmDialog` before it acts (focus returns to it when the dialog closes). */
export function ConfirmButton(props: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  return <Confirm {...props} open={open} onOpenChange={setOpen} />;
}

const isThenable = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === "function";

function Confirm({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  confirmLabel,
  pendingLabel,
  cancelLabel,
  variant = "destructive",
  canConfirm = true,
  onConfirm,
  children,
  initialFocus,
}: ConfirmDialogProps & { trigger?: ReactElement }) {
  const { t } = useTranslation("ui");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  function setOpen(next: boolean) {
    if (pending) return;
    if (!next) setError(null);
    onOpenChange(next);
  }

  async function confirm() {
    if (!canConfirm || pending) return;
    setError(null);
    const result = onConfirm();
    if (!isThenable(result)) {
      onOpenChange(false);
      return;
    }
    setPending(true);
    try {
      await result;
      setPending(false);
      onOpenChange(false);
    } catch (failure) {
      setPending(false);
      setError(failure);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {trigger ? <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger> : null}
      <AlertDialogContent
        onOpenAutoFocus={(e) => {
          if (!initialFocus?.current) return;
          e.preventDefault();
          initialFocus.current.focus();
        }}
      >
        <form
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          {children}
          <InlineError error={error} />
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>{cancelLabel ?? t("cancel")}</AlertDialogCancel>
            <Button type="submit" variant={variant} disabled={!canConfirm || pending}>
              {pending && pendingLabel ? (
                pendingLabel
              ) : (
                <>
                  {pending ? <Spinner className="text-current" /> : null}
                  {confirmLabel}
                </>
              )}
            </Button>
          </AlertDialogFooter>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
