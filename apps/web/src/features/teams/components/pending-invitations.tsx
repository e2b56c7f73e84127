import type { PendingInvitation } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useFormat } from "@/lib/format";
import { useResendInvitation } from "@/features/teams/api/resend-invitation";
import { useRevokeInvitation } from "@/features/teams/api/revoke-invitation";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

/** Open invitations of the team; owner/admin may resend (a fresh 7-day link) or revoke them. */
export function PendingInvitations({ teamId, invitations, canManage, onResult }: { teamId: string; invitations: PendingInvitation[]; canManage: boolean; onResult: (message: string) => void }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const format = useFormat();
  const { t } = useTranslation("teams");
  if (invitations.length === 0) return <p className="text-sm text-muted-foreground">{t("invitations.empty")}</p>;
  return (
    <ul className="divide-y rounded-lg border" aria-label={t("invitations.label")}>
      {invitations.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-3 py-2 text-sm">
          <div className="grid gap-0.5">
            <span className="font-medium break-all">{invitation.email}</span>
            <span className="text-muted-foreground">
              {t(ROLE_KEY[invitation.role])}
              {invitation.invitedBy ? t("invitations.invitedBy", { name: invitation.invitedBy }) : ""}
              {t("invitations.expires", { date: format.date(invitation.expiresAt) })}
            </span>
          </div>
          {canManage ? (
            <div className="flex gap-2">
              <Button
                size="sm"
                variant="outline"
                disabled={resend.isPending}
                aria-label={t("invitations.resendLabel", { email: invitation.email })}
                onClick={() =>
                  resend.mutate({ teamId, invitationId: invitation.id }, { onSuccess: () => onResult(t("invitations.resent", { email: invitation.email })) })
                }
              >
                {t("invitations.resend")}
              </Button>
              <ConfirmButton
                trigger={
                  <Button size="sm" variant="outline" aria-label={t("invitations.revokeLabel", { email: invitation.email })}>
                    {t("invitations.revoke")}
                  </Button>
                }
                title={t("invitations.revokeTitle", { email: invitation.email })}
                description={t("invitations.revokeDescription")}
                confirmLabel={t("invitations.revokeConfirm")}
                onConfirm={() => revoke.mutateAsync({ teamId, invitationId: invitation.id }).then(() => onResult(t("invitations.revoked", { email: invitation.email })))}
              />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
