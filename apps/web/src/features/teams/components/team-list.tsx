import { Link } from "react-router";
import type { TeamListItem } from "@routepilot/contracts";
import { useTranslation } from "@/lib/i18n";
import { ROLE_KEY } from "@/features/teams/lib/team-words";

/** The caller's teams with their role, members and own allocation, each opening the team dashboard. */
export function TeamList({ teams }: { teams: TeamListItem[] }) {
  const { t } = useTranslation("teams");
  if (teams.length === 0) return <p className="text-sm text-muted-foreground">{t("list.empty")}</p>;
  return (
    <ul className="grid gap-3" aria-label={t("list.label")}>
      {teams.map((team) => (
        <li key={team.id} className="flex flex-wrap items-center justify-between gap-3 rounded-xl border bg-card p-4 shadow-sm">
          <div className="grid gap-0.5">
            <Link to={`/team-dashboard?team=${encodeURIComponent(team.id)}`} className="font-semibold text-primary underline-offset-2 hover:underline">
              {team.name}
            </Link>
            <span className="text-sm text-muted-foreground">
              {t(ROLE_KEY[team.role])} · {t("list.members", { count: team.memberCount })} · {t("list.used", { used: team.usedQuota, total: team.totalQuota })}
              {team.role === "owner" ? "" : t("list.allocation", { used: team.memberUsedQuota, total: team.quotaAllocation })}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
