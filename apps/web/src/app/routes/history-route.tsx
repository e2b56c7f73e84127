import { RouteHistoryPage } from "@/features/history/routes/route-history-page";
import { usePreferences } from "@/features/settings/api/get-preferences";

/** /route-history with the user's distance unit (settings). */
export function HistoryRoute() {
  const preferences = usePreferences();
  return <RouteHistoryPage distanceUnit={preferences.data?.distanceUnit ?? "miles"} />;
}
