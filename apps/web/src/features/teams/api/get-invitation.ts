import { useQuery } from "@tanstack/react-query";
import { invitationDetailsSchema, type InvitationDetails } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { teamKeys } from "@/features/teams/api/keys";

/** GET /api/invitations/:token (public): team, inviter, role, status, and whether it is for the signed-in user. */
export function getInvitation(token: string, signal?: AbortSignal): Promise<InvitationDetails> {
  return apiRequest(`/api/invitations/${encodeURIComponent(token)}`, { schema: invitationDetailsSchema, signal });
}

/** `userId` is part of the key: `forYou` depends on who is signed in. */
export function useInvitation(token: string, userId: string | null) {
  return useQuery({ queryKey: [...teamKeys.invitation(token), userId ?? "signed-out"], queryFn: ({ signal }) => getInvitation(token, signal) });
}
