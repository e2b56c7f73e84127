import { useQuery } from "@tanstack/react-query";
import { usageSummarySchema, type UsageSummary } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** GET /api/me/usage: the SPEC §3 usage summary (plan summary + usagePercentage, remainingRoutes, isOverLimit). */
export function getUsage(signal?: AbortSignal): Promise<UsageSummary> {
  return apiRequest("/api/me/usage", { schema: usageSummarySchema, signal });
}

/**
 * Refetched whenever a usage bar mounts (the cached figures show meanwhile): the plan can change
 * outside this browser (an administrator in the admin console, a Stripe webhook), and a page
 * change must show it without a reload.
 */
export function useUsage() {
  return useQuery({ queryKey: queryKeys.usage, queryFn: ({ signal }) => getUsage(signal), refetchOnMount: "always" });
}
