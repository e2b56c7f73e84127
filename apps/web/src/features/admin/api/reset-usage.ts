import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planSummarySchema, type PlanSummary } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** POST /api/admin/users/:id/reset-usage → the user's plan summary (routes used 0). */
export function resetUsage({ userId }: { userId: string }): Promise<PlanSummary> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/reset-usage`, { method: "POST", schema: planSummarySchema });
}

export function useResetUsage() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not reset the usage" }, mutationFn: resetUsage, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
