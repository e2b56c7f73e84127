import { useId, useRef, useState } from "react";
import { adminMessages, identityName, type AdminUser } from "@routepilot/contracts";
import { InlineError } from "@/components/errors/inline-error";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
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
  const matches = typed === user.email;

  function setOpen(next: boolean) {
    if (!next && remove.isPending) return;
    if (!next) {
      setTyped("");
      remove.reset();
    }
    onOpenChange(next);
  }

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      {open ? (
        <AlertDialogContent
          onOpenAutoFocus={(e) => {
            // Straight to the field the admin must fill; Cancel stays one Tab away.
            e.preventDefault();
            input.current?.focus();
          }}
        >
          <form
            className="grid gap-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!matches || remove.isPending) return;
              remove.mutate(
                { userId: user.id },
                {
                  onSuccess: () => {
                    setTyped("");
                    onOpenChange(false);
                    onDeleted(adminMessages.accountDeleted(user.email));
                  },
                },
              );
            }}
          >
            <AlertDialogHeader>
              <AlertDialogTitle className="break-all">Delete the account of {user.email}?</AlertDialogTitle>
              <AlertDialogDescription>
                Their profile, saved places, routes, API keys and sessions are deleted for good, as when they delete their own account; routes they planned for a team stay with the
                team&apos;s owner. They can no longer sign in. The deletion is recorded in the audit log with your name.
              </AlertDialogDescription>
            </AlertDialogHeader>
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
            <InlineError error={remove.error} />
            <AlertDialogFooter>
              <AlertDialogCancel disabled={remove.isPending}>Cancel</AlertDialogCancel>
              <Button type="submit" variant="destructive" disabled={!matches || remove.isPending}>
                {remove.isPending ? "Deleting…" : "Delete account"}
              </Button>
            </AlertDialogFooter>
          </form>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
