import type { TeamDetail } from "@routepilot/contracts";
import { MemberRow } from "@/features/teams/components/member-row";

const columns = ["Name", "E-mail", "Role", "Allocation", "Used", "Invited by", "Joined", "Actions"];

/** The team's members with their allocation and routes used this month. */
export function MembersTable({ team, canManage, currentUserId, onResult }: { team: TeamDetail; canManage: boolean; currentUserId: string | undefined; onResult: (message: string) => void }) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm" aria-label="Members">
        <thead className="bg-muted/50 text-left">
          <tr>
            {columns.map((c, i) => (
              <th key={c} className={i === 0 ? "px-3 py-2 font-medium" : "py-2 pr-3 font-medium"}>
                {c === "Actions" ? <span className="sr-only">{c}</span> : c}
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
