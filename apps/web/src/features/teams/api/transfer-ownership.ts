import { useMutation, useQueryClient } from "@tanstack/react-query";
import { teamDetailSchema, type TeamDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** POST /api/teams/:id/transfer { userId } → the team; the old owner becomes admin. */
export function transferOwnership({ teamId, userId }: { teamId: string; userId: string }): Promise<TeamDetail> {
  return apiRequest(`/api/teams/${encodeURIComponent(teamId)}/transfer`, { method: "POST", body: { userId }, schema: teamDetailSchema });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useTransferOwnership() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not transfer the ownership", errorShownInline: true }, mutationFn: transferOwnership, onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }) });
}
