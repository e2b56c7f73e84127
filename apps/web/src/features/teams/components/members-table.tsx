import type { TeamDetail } from "@routepilot/contracts";
import { MemberRow } from "@/features/teams/components/member-row";
import { useTranslation } from "@/lib/i18n";

const columns = ["members.name", "members.email", "members.role", "members.allocation", "members.used", "members.invitedBy", "members.joined", "members.actions"] as const;

/** The team's members with their allocation and routes used this month. */
export function MembersTable({ team, canManage, currentUserId, onResult }: { team: TeamDetail; canManage: boolean; currentUserId: string | undefined; onResult: (message: string) => void }) {
  const { t } = useTranslation("teams");
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" aria-label={t("members.label")}>
        <thead className="bg-muted/50 text-left">
          <tr>
            {columns.map((c, i) => (
              <th key={c} className={i === 0 ? "px-3 py-2 font-medium" : "py-2 pr-3 font-medium"}>
                {c === "members.actions" ? <span className="sr-only">{t(c)}</span> : t(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td:first-child]:px-3">
          {team.members.map((member) => (
            <MemberRow key={member.userId} teamId={team.id} teamName={team.name} member={member} canManage={canManage} isSelf={member.userId === currentUserId} onResult={onResult} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
