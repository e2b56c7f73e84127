import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** POST /api/admin/users/:id/unban. */
export function unbanUser({ userId }: { userId: string }): Promise<unknown> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/unban`, { method: "POST" });
}

export function useUnbanUser() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not unban the user" }, mutationFn: unbanUser, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
