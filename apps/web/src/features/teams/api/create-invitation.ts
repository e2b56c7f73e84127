import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pendingInvitationSchema, type CreateInvitation, type PendingInvitation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** POST /api/teams/:id/invitations { email, role } → 201 the pending invitation (the e-mail is sent). */
export function createInvitation({ teamId, ...body }: { teamId: string } & CreateInvitation): Promise<PendingInvitation> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}/invitations`, { method: "POST", body, schema: pendingInvitationSchema });
}

export function useCreateInvitation() {
  const queryClient = useQueryClient();
  // The invite form shows the failure at its fields (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: createInvitation, onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }) });
}
