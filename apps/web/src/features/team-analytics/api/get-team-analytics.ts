import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { teamAnalyticsSchema, teamListSchema, type TeamAnalytics, type TeamList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/analytics/teams/{teamId}?from=&to= (owner, admins, managers). */
export function getTeamAnalytics(teamId: string, period: { from: string; to: string }, signal?: AbortSignal): Promise<TeamAnalytics> {
  const query = new URLSearchParams(period).toString();
  return apiRequest(`/api/analytics/teams/${encodeURIComponent(teamId)}?${query}`, { schema: teamAnalyticsSchema, signal });
}

export function useTeamAnalytics(teamId: string | undefined, period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: [...queryKeys.teams, "analytics", teamId, period?.from, period?.to] as const,
    queryFn: ({ signal }) => getTeamAnalytics(teamId as string, period as { from: string; to: string }, signal),
    enabled: Boolean(teamId && period),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/teams: the caller's teams with the caller's role (the picker offers those they manage). */
export function useMyTeams() {
  return useQuery({
    queryKey: [...queryKeys.teams, "list"] as const,
    queryFn: ({ signal }): Promise<TeamList> => apiRequest("/api/teams", { schema: teamListSchema, signal }),
  });
}
