import { useQuery } from "@tanstack/react-query";
import { billingPlansSchema, type BillingPlans } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { billingKeys } from "@/features/billing/api/keys";

/** GET /api/billing/plans (public): whether plans can be bought online here, and which. */
export function getBillingPlans(signal?: AbortSignal): Promise<BillingPlans> {
  return apiRequest("/api/billing/plans", { schema: billingPlansSchema, signal });
}

export function useBillingPlans() {
  return useQuery({ queryKey: billingKeys.plans, queryFn: ({ signal }) => getBillingPlans(signal) });
}
