import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** DELETE /api/admin/users/:id → 204: the account and everything it owns are deleted (the self-deletion path). */
export function deleteUser({ userId }: { userId: string }): Promise<void> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}`, { method: "DELETE" });
}

/** The confirmation dialog shows a refusal itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: "Could not delete the account", errorShownInline: true },
    mutationFn: deleteUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
