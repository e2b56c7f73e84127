import { Link } from "react-router";
import { teamRoleNames, type TeamListItem } from "@routepilot/contracts";

/** The caller's teams with their role, members and own allocation, each opening the team dashboard. */
export function TeamList({ teams }: { teams: TeamListItem[] }) {
  if (teams.length === 0) return <p className="text-sm text-muted-foreground">You are not in a team yet.</p>;
  return (
    <ul className="grid gap-3" aria-label="Your teams">
      {teams.map((team) => (
        <li key={team.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <div className="grid gap-0.5">
            <Link to={`/team-dashboard?team=${encodeURIComponent(team.id)}`} className="font-semibold text-primary underline-offset-2 hover:underline">
              {team.name}
            </Link>
            <span className="text-sm text-muted-foreground">
              {teamRoleNames[team.role]} · {team.memberCount} member{team.memberCount === 1 ? "" : "s"} · {team.usedQuota} of {team.totalQuota} team routes used
              {team.role === "owner" ? "" : ` · your allocation ${team.memberUsedQuota} of ${team.quotaAllocation} used`}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
