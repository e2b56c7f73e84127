import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planSummarySchema, type PlanSummary, type Tier } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** PATCH /api/admin/users/:id/plan → the user's plan summary. */
export function changePlan({ userId, tier }: { userId: string; tier: Tier }): Promise<PlanSummary> {
  return apiRequest(`/api/admin/users/${encodeURIComponent(userId)}/plan`, { method: "PATCH", body: { tier }, schema: planSummarySchema });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not change the plan", errorShownInline: true }, mutationFn: changePlan, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }) });
}
