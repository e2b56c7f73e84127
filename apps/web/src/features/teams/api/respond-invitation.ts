import { useMutation, useQueryClient } from "@tanstack/react-query";
import { acceptedInvitationSchema, type AcceptedInvitation } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { meQueryKey } from "@/lib/auth";
import { queryKeys } from "@/lib/query-keys";
import { teamKeys } from "@/features/teams/api/keys";

/** POST /api/invitations/:token/accept → the team joined (404/409/410 with the server's message otherwise). */
export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return apiRequest(`/api/invitations/${encodeURIComponent(token)}/accept`, { method: "POST", schema: acceptedInvitationSchema });
}

/** POST /api/invitations/:token/decline → 204. */
export function declineInvitation(token: string): Promise<void> {
  return apiRequest<void>(`/api/invitations/${encodeURIComponent(token)}/decline`, { method: "POST" });
}

/** Joining or declining changes the teams, the access flags (GET /api/me), the bell and the usage figures. */
function useRefreshAfterAnswer() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
      queryClient.invalidateQueries({ queryKey: meQueryKey }),
      queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      queryClient.invalidateQueries({ queryKey: queryKeys.invitations }),
    ]);
}

export function useAcceptInvitation() {
  const refresh = useRefreshAfterAnswer();
  // The invitation page shows the failure above its Accept and Decline buttons (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: acceptInvitation, onSuccess: refresh });
}

export function useDeclineInvitation() {
  const refresh = useRefreshAfterAnswer();
  return useMutation({ meta: { errorShownInline: true }, mutationFn: declineInvitation, onSuccess: refresh });
}
