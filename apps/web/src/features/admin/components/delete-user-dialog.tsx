import { useId, useRef, useState } from "react";
import type { AdminUser } from "@routepilot/contracts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Trans, useTranslation } from "@/lib/i18n";
import { useDeleteUser } from "@/features/admin/api/delete-user";
import { signInMethodName } from "@/features/admin/components/words";

type DeleteUserDialogProps = {
  user: Pick<AdminUser, "id" | "email" | "signInMethods">;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Called once the server has deleted the account (the users list is refreshed by then). */
  onDeleted: (message: string) => void;
};

/**
 * Confirms deleting someone's account from the console: the button is enabled only once the
 * admin has typed the user's e-mail address exactly. A refusal (an admin deleting an admin, a
 * team owner, …) is shown in the dialog with the server's message; the dialog stays open.
 */
export function DeleteUserDialog({ user, open, onOpenChange, onDeleted }: DeleteUserDialogProps) {
  const { t } = useTranslation("admin");
  const [typed, setTyped] = useState("");
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = useId();
  const remove = useDeleteUser();

  function setOpen(next: boolean) {
    // A reopened dialog starts empty.
    if (!next) setTyped("");
    onOpenChange(next);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={<span className="break-all">{t("delete.title", { email: user.email })}</span>}
      description={t("delete.description")}
      confirmLabel={t("delete.confirm")}
      pendingLabel={t("delete.pending")}
      canConfirm={typed === user.email}
      // Straight to the field the admin must fill; Cancel stays one Tab away.
      initialFocus={input}
      onConfirm={() => remove.mutateAsync({ userId: user.id }).then(() => onDeleted(t("delete.done", { email: user.email })))}
    >
      {user.signInMethods.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">{t("delete.methods")} </span>
          {user.signInMethods.map((id) => signInMethodName(id, t)).join(", ")}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          <Trans t={t} i18nKey="delete.typeToConfirm" values={{ email: user.email }} components={{ email: <span className="font-mono break-all" /> }} />
        </Label>
        <Input
          ref={input}
          id={inputId}
          name="confirm-email"
          type="text"
          inputMode="email"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          aria-describedby={hintId}
          value={typed}
          disabled={remove.isPending}
          onChange={(e) => setTyped(e.target.value)}
        />
        <p id={hintId} className="text-sm text-muted-foreground">
          {t("delete.hint")}
        </p>
      </div>
    </ConfirmDialog>
  );
}
