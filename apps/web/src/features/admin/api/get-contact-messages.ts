import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { contactInboxPageSchema, type ContactInboxPage, type ContactInboxQuery } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /api/admin/contact-messages: one page of the inbox, newest first, with the total and the unread count. */
export function getContactMessages(query: ContactInboxQuery, signal?: AbortSignal): Promise<ContactInboxPage> {
  const params = new URLSearchParams({ page: String(query.page ?? 1) });
  if (query.q) params.set("q", query.q);
  if (query.status) params.set("status", query.status);
  return apiRequest(`/api/admin/contact-messages?${params.toString()}`, { schema: contactInboxPageSchema, signal });
}

export function useContactMessages(query: ContactInboxQuery) {
  return useQuery({ queryKey: adminKeys.inboxPage(query), queryFn: ({ signal }) => getContactMessages(query, signal), placeholderData: keepPreviousData, staleTime: 0 });
}
