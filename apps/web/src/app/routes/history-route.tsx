import { useMe } from "@/lib/auth";
import { RouteHistoryPage } from "@/features/history/routes/route-history-page";
import { usePreferences } from "@/features/settings/api/get-preferences";
import { TeamRouteFilter } from "@/features/teams/components/team-route-filter";

/** /route-history with the user's distance unit (settings) and, for users with teams access, the team members filter (teams). */
export function HistoryRoute() {
  const preferences = usePreferences();
  const me = useMe();
  return <RouteHistoryPage distanceUnit={preferences.data?.distanceUnit ?? "miles"} authorFilter={me.data?.access.teams ? <TeamRouteFilter /> : null} />;
}
