import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactMessageDetailSchema, type ContactMessageDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** POST /api/admin/contact-messages/:id/reply → 201, the message with the reply in its thread. */
export function replyToContactMessage({ id, text }: { id: string; text: string }): Promise<ContactMessageDetail> {
  return apiRequest(`/api/admin/contact-messages/${encodeURIComponent(id)}/reply`, { method: "POST", body: { text }, schema: contactMessageDetailSchema });
}

export function useReplyToContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    // The reply form shows the server's refusal at the field (decision 018).
    meta: { errorShownInline: true },
    mutationFn: replyToContactMessage,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.inboxMessage(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.inbox, "page"] });
    },
  });
}
