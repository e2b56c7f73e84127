import { useMe } from "@/lib/auth";
import { RouteHistoryPage } from "@/features/history/routes/route-history-page";
import { TeamRouteFilter } from "@/features/teams/components/team-route-filter";

/** /route-history with, for users with teams access, the team members filter (teams). */
export function HistoryRoute() {
  const me = useMe();
  return <RouteHistoryPage authorFilter={me.data?.access.teams ? <TeamRouteFilter /> : null} />;
}
