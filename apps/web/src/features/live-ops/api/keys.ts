import { queryKeys } from "@/lib/query-keys";

/** Query keys of the live operations view, under the shared `live` key (refetched after every realtime reconnect). */
export const liveKeys = {
  all: (teamId: string) => [...queryKeys.live, teamId] as const,
  routes: (teamId: string) => [...queryKeys.live, teamId, "routes"] as const,
  day: (teamId: string, date: string) => [...queryKeys.live, teamId, "routes", date] as const,
  positions: (teamId: string) => [...queryKeys.live, teamId, "positions"] as const,
};
