import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  accountExportSchema,
  reauthenticateResultSchema,
  revokeOthersResultSchema,
  securityEventsPageSchema,
  securitySessionsSchema,
  type AccountExport,
  type ReauthenticateBody,
} from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";

export const securityQueryKeys = {
  sessions: ["security", "sessions"] as const,
  events: ["security", "events"] as const,
};

export const EVENTS_PAGE_SIZE = 20;

/** GET /api/me/security/sessions: the user's signed-in devices. */
export function useSessions() {
  return useQuery({
    queryKey: securityQueryKeys.sessions,
    queryFn: async ({ signal }) => (await apiRequest("/api/me/security/sessions", { schema: securitySessionsSchema, signal })).sessions,
  });
}

/** DELETE /api/me/security/sessions/{id}. */
export function useRevokeSession() {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("sessions.revokeFailed") },
    mutationFn: (id: string) => apiRequest(`/api/me/security/sessions/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["security"] }),
  });
}

/** POST /api/me/security/sessions/revoke-others. */
export function useRevokeOtherSessions() {
  const { t } = useTranslation("security");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("sessions.revokeOthersFailed") },
    mutationFn: () => apiRequest("/api/me/security/sessions/revoke-others", { method: "POST", schema: revokeOthersResultSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ["security"] }),
  });
}

/** GET /api/me/security/events, page by page (newest first). */
export function useSecurityEvents() {
  return useInfiniteQuery({
    queryKey: securityQueryKeys.events,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) =>
      apiRequest(`/api/me/security/events?limit=${EVENTS_PAGE_SIZE}${pageParam ? `&before=${encodeURIComponent(pageParam)}` : ""}`, { schema: securityEventsPageSchema, signal }),
    getNextPageParam: (last) => last.nextBefore,
  });
}

/** POST /api/me/security/reauthenticate: the password (and code) again, before export or deletion. */
export function reauthenticate(body: ReauthenticateBody) {
  return apiRequest("/api/me/security/reauthenticate", { method: "POST", body, schema: reauthenticateResultSchema });
}

/** GET /api/me/export: the user's data as JSON. */
export function exportMyData(): Promise<AccountExport> {
  return apiRequest("/api/me/export", { schema: accountExportSchema });
}

/** DELETE /api/me: deletes the account (after reauthenticate). */
export function deleteMyAccount(body: { confirmation: string }) {
  return apiRequest("/api/me", { method: "DELETE", body });
}
