import { useMutation, useQueryClient } from "@tanstack/react-query";
import { pendingInvitationSchema, type PendingInvitation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** POST /api/teams/:id/invitations/:invitationId/resend → the invitation with a new 7-day expiry (the e-mail is sent again). */
export function resendInvitation({ teamId, invitationId }: { teamId: string; invitationId: string }): Promise<PendingInvitation> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}/invitations/${encodeURIComponent(invitationId)}/resend`, { method: "POST", schema: pendingInvitationSchema });
}

export function useResendInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not resend the invitation" }, mutationFn: resendInvitation, onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }) });
}
