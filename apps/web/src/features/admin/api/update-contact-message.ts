import { useMutation, useQueryClient } from "@tanstack/react-query";
import { contactMessageDetailSchema, type ContactMessageDetail, type ContactMessagePatch } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** PATCH /api/admin/contact-messages/:id {status: handled|open, read} → the message. */
export function updateContactMessage({ id, ...patch }: ContactMessagePatch & { id: string }): Promise<ContactMessageDetail> {
  return apiRequest(`/api/admin/contact-messages/${encodeURIComponent(id)}`, { method: "PATCH", body: patch, schema: contactMessageDetailSchema });
}

export function useUpdateContactMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorShownInline: true },
    mutationFn: updateContactMessage,
    onSuccess: (detail) => {
      queryClient.setQueryData(adminKeys.inboxMessage(detail.id), detail);
      return queryClient.invalidateQueries({ queryKey: [...adminKeys.inbox, "page"] });
    },
  });
}
