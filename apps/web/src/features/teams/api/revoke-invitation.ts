import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** DELETE /api/teams/:id/invitations/:invitationId → 204: the link stops working. */
export function revokeInvitation({ teamId, invitationId }: { teamId: string; invitationId: string }): Promise<void> {
  return apiRequest<void>(`/api/teams/${encodeURIComponent(teamId)}/invitations/${encodeURIComponent(invitationId)}`, { method: "DELETE" });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useRevokeInvitation() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not revoke the invitation", errorShownInline: true }, mutationFn: revokeInvitation, onSuccess: (_data, { teamId }) => queryClient.invalidateQueries({ queryKey: teamKeys.detail(teamId) }) });
}
