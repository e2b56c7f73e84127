import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** DELETE /api/teams/:id/members/:userId → 204: removes a member, or (with one's own id) leaves the team. */
export function removeMember({ teamId, userId }: { teamId: string; userId: string }): Promise<void> {
  return apiRequest<void>(`/api/teams/${encodeURIComponent(teamId)}/members/${encodeURIComponent(userId)}`, { method: "DELETE" });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorShownInline: true }, mutationFn: removeMember, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
