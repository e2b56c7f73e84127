import { useQuery } from "@tanstack/react-query";
import { planSummarySchema, type PlanSummary } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export const planQueryKey = ["me", "plan"] as const;

/** GET /api/me/plan: the plan name, monthly limit and routes used this period. */
export function getPlan(signal?: AbortSignal): Promise<PlanSummary> {
  return apiRequest("/api/me/plan", { schema: planSummarySchema, signal });
}

/** Refetched whenever the card appears (cached figures show meanwhile): an admin or a billing webhook may have changed the plan. */
export function usePlan() {
  return useQuery({ queryKey: planQueryKey, queryFn: ({ signal }) => getPlan(signal), refetchOnMount: "always" });
}
