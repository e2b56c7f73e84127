import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** POST /api/admin/users/:id/ban (sessions revoked by Better Auth's admin plugin). */
export function banUser({ userId, reason }: { userId: string; reason?: string }): Promise<unknown> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/ban`, { method: "POST", body: reason ? { reason } : {} });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not ban the user", errorShownInline: true }, mutationFn: banUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
