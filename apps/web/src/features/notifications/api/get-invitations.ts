import { useQuery } from "@tanstack/react-query";
import { myInvitationListSchema, type MyInvitation, type MyInvitationList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export type { MyInvitation };

export const invitationsQueryKey = queryKeys.invitations;

/** GET /api/invitations: open invitations to the signed-in user's e-mail (the bell lists them). */
export function getInvitations(signal?: AbortSignal): Promise<MyInvitationList> {
  return apiRequest("/api/invitations", { schema: myInvitationListSchema, signal });
}

export function useInvitations({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: invitationsQueryKey, queryFn: ({ signal }) => getInvitations(signal), enabled });
}
