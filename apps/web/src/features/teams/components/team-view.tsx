import { useState } from "react";
import { useNavigate } from "react-router";
import { canManageTeam, type TeamDetail } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { ConfirmButton } from "@/components/ui/confirm-dialog";
import { useRemoveMember } from "@/features/teams/api/remove-member";
import { InviteForm } from "@/features/teams/components/invite-form";
import { MembersTable } from "@/features/teams/components/members-table";
import { PendingInvitations } from "@/features/teams/components/pending-invitations";
import { TeamQuotaBar } from "@/features/teams/components/team-quota-bar";
import { TransferOwnership } from "@/features/teams/components/transfer-ownership";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

function Section({ id: key, title, children }: { id: string; title: string; children: React.ReactNode }) {
  const id = `team-section-${key}`;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * One team as its member sees it: quota, members, invitations and what the caller's role allows
 * (owner/admin manage; anyone but the owner may leave; the owner may transfer). The server decides.
 */
export function TeamView({ team, currentUserId }: { team: TeamDetail; currentUserId: string | undefined }) {
  const { t } = useTranslation("teams");
  const navigate = useNavigate();
  const leave = useRemoveMember();
  const [result, setResult] = useState("");
  const canManage = canManageTeam(team.role);
  const isOwner = team.role === "owner";

  return (
    <div className="grid gap-8">
      <div className="grid gap-1">
        <h2 className="text-2xl font-semibold tracking-tight">{team.name}</h2>
        <p className="text-sm text-muted-foreground">
          {t("view.yourRole")} <span className="font-medium text-foreground">{t(ROLE_KEY[team.role])}</span>
          {canManage ? "" : t("view.managedBy")}
        </p>
      </div>
      <TeamQuotaBar used={team.usedQuota} total={team.totalQuota} allocated={team.allocatedQuota} />
      {/* What the last action did; a failure is the app's error toast, seen wherever the page is scrolled (decision 018). */}
      <p role="status" className="text-sm text-muted-foreground empty:hidden">
        {result}
      </p>
      <Section id="members" title={t("members.label")}>
        <MembersTable team={team} canManage={canManage} currentUserId={currentUserId} onResult={setResult} />
      </Section>
      {canManage ? (
        <Section id="invite-a-member" title={t("invite.label")}>
          <InviteForm teamId={team.id} onResult={setResult} />
        </Section>
      ) : null}
      <Section id="pending-invitations" title={t("invitations.label")}>
        <PendingInvitations teamId={team.id} invitations={team.pendingInvitations} canManage={canManage} onResult={setResult} />
      </Section>
      {isOwner ? (
        <Section id="transfer-ownership" title={t("transfer.button")}>
          <TransferOwnership teamId={team.id} teamName={team.name} members={team.members} onResult={setResult} />
        </Section>
      ) : currentUserId ? (
        <Section id="leave-the-team" title={t("view.leaveTitle")}>
          <div>
            <ConfirmButton
              trigger={
                <Button size="sm" variant="destructive">
                  {t("view.leave")}
                </Button>
              }
              title={t("view.leaveConfirmTitle", { team: team.name })}
              description={t("view.leaveDescription")}
              confirmLabel={t("view.leave")}
              onConfirm={() => leave.mutateAsync({ teamId: team.id, userId: currentUserId }).then(() => navigate("/teams", { replace: true, state: { left: team.name } }))}
            />
          </div>
        </Section>
      ) : null}
    </div>
  );
}
