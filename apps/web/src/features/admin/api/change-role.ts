import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountRole } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** PATCH /api/admin/users/:id/role (super_admin only). */
export function changeRole({ userId, role }: { userId: string; role: AccountRole }): Promise<unknown> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/role`, { method: "PATCH", body: { role } });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not change the role", errorShownInline: true }, mutationFn: changeRole, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
