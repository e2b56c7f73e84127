import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamMemberSchema, type TeamMember, type UpdateTeamMember } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

type Input = { teamId: string; userId: string } & UpdateTeamMember;

/** PATCH /api/teams/:id/members/:userId { role?, quotaAllocation? } → the member (400 when allocations would exceed the quota). */
export function updateMember({ teamId, userId, ...body }: Input): Promise<TeamMember> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, { method: "PATCH", body, schema: teamMemberSchema });
}

export function useUpdateMember() {
  const queryClient = useQueryClient();
  // The member row shows the failure under the role or allocation that was changed (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: updateMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
