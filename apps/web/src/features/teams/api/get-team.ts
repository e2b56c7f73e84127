import { useQuery } from "@tanstack/react-query";
import { teamDetailSchema, type TeamDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** GET /api/teams/:id: members and pending invitations (members only; anyone else 404). */
export function getTeam(teamId: string, signal?: AbortSignal): Promise<TeamDetail> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}`, { schema: teamDetailSchema, signal });
}

export function useTeam(teamId: string | undefined) {
  return useQuery({ queryKey: teamKeys.detail(teamId ?? ""), queryFn: ({ signal }) => getTeam(teamId ?? "", signal), enabled: Boolean(teamId) });
}
