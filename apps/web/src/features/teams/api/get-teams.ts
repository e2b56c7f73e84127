import { useQuery } from "@tanstack/react-query";
import { teamListSchema, type TeamList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** GET /api/teams: the caller's teams with the caller's role in each. */
export function getTeams(signal?: AbortSignal): Promise<TeamList> {
  return apiRequest("/api/teams", { schema: teamListSchema, signal });
}

export function useTeams() {
  return useQuery({ queryKey: teamKeys.list(), queryFn: ({ signal }) => getTeams(signal) });
}
