import { useQuery, useQueryClient } from "@tanstack/react-query";
import { contactMessageDetailSchema, type ContactMessageDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /api/admin/contact-messages/:id: the message with its replies; the server marks it read. */
export function getContactMessage(id: string, signal?: AbortSignal): Promise<ContactMessageDetail> {
  return apiRequest(`/api/admin/contact-messages/${encodeURIComponent(id)}`, { schema: contactMessageDetailSchema, signal });
}

/** Opens a message; once it has loaded, the list (bold, unread count) is fetched again. */
export function useContactMessage(id: string) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: adminKeys.inboxMessage(id),
    queryFn: async ({ signal }) => {
      const detail = await getContactMessage(id, signal);
      void queryClient.invalidateQueries({ queryKey: [...adminKeys.inbox, "page"] });
      return detail;
    },
    staleTime: 0,
  });
}
