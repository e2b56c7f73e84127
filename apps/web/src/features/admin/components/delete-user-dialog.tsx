import { useId, useRef, useState } from "react";
import { adminMessages, identityName, type AdminUser } from "@routepilot/contracts";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useDeleteUser } from "@/features/admin/api/delete-user";

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
      title={<span className="break-all">Delete the account of {user.email}?</span>}
      description={
        <>
          Their profile, saved places, routes, API keys and sessions are deleted for good, as when they delete their own account; routes they planned for a team stay with the
          team&apos;s owner. They can no longer sign in. The deletion is recorded in the audit log with your name.
        </>
      }
      confirmLabel="Delete account"
      pendingLabel="Deleting…"
      canConfirm={typed === user.email}
      // Straight to the field the admin must fill; Cancel stays one Tab away.
      initialFocus={input}
      onConfirm={() => remove.mutateAsync({ userId: user.id }).then(() => onDeleted(adminMessages.accountDeleted(user.email)))}
    >
      {user.signInMethods.length > 0 ? (
        <p className="text-sm">
          <span className="font-medium">Sign-in methods: </span>
          {user.signInMethods.map((id) => identityName(id)).join(", ")}
        </p>
      ) : null}
      <div className="grid gap-2">
        <Label htmlFor={inputId}>
          Type <span className="font-mono break-all">{user.email}</span> to confirm
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
          {adminMessages.deleteConfirmation}.
        </p>
      </div>
    </ConfirmDialog>
  );
}
