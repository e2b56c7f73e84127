import { teamRoleNames, type PendingInvitation } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/lib/format";
import { useResendInvitation } from "@/features/teams/api/resend-invitation";
import { useRevokeInvitation } from "@/features/teams/api/revoke-invitation";

/** Open invitations of the team; owner/admin may resend (a fresh 7-day link) or revoke them. */
export function PendingInvitations({ teamId, invitations, canManage, onResult }: { teamId: string; invitations: PendingInvitation[]; canManage: boolean; onResult: (message: string) => void }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const format = useFormat();
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">No pending invitations.</p>;
  return (
    <ul className="divide-y rounded-lg border" aria-label="Pending invitations">
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
          <div className="grid gap-0.5">
            <span className="font-medium break-all">{invitation.email}</span>
            <span className="text-muted-foreground">
              {teamRoleNames[invitation.role]}
              {invitation.invitedBy ? ` · invited by ${invitation.invitedBy}` : ""} · expires {format.date(invitation.expiresAt)}
            </span>
          </div>
          {canManage ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                aria-label={`Resend the invitation to ${invitation.email}`}
                onClick={() =>
                  resend.mutate({ teamId, invitationId: invitation.id }, { onSuccess: () => onResult(`Invitation resent to ${invitation.email}.`) })
                }
              >
                Resend
              </Button>
              <ConfirmButton
                trigger={
                  <Button size="sm" variant="outline" aria-label={`Revoke the invitation to ${invitation.email}`}>
                    Revoke
                  </Button>
                }
                title={`Revoke the invitation to ${invitation.email}?`}
                description="The link in the e-mail stops working at once. You can invite them again later."
                confirmLabel="Revoke invitation"
                onConfirm={() => revoke.mutateAsync({ teamId, invitationId: invitation.id }).then(() => onResult(`The invitation to ${invitation.email} was revoked.`))}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
