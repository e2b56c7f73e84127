import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { analyticsEnhancedSchema, analyticsSummarySchema, type AnalyticsEnhanced, type AnalyticsSummary } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

type Period = { from: string; to: string };
const query = (p: Period) => `?from=${encodeURIComponent(p.from)}&to=${encodeURIComponent(p.to)}`;

/** GET /api/analytics/summary for a period. */
export function getAnalyticsSummary(period: Period, signal?: AbortSignal): Promise<AnalyticsSummary> {
  return apiRequest(`/api/analytics/summary${query(period)}`, { schema: analyticsSummarySchema, signal });
}

/** GET /api/analytics/enhanced for a period (Premium, Enterprise, Fleet Pro). */
export function getAnalyticsEnhanced(period: Period, signal?: AbortSignal): Promise<AnalyticsEnhanced> {
  return apiRequest(`/api/analytics/enhanced${query(period)}`, { schema: analyticsEnhancedSchema, signal });
}

/** The summary of a period; the previous figures stay on screen while another period loads. */
export function useAnalyticsSummary(period: Period | null) {
  return useQuery({
    queryKey: ["analytics", "summary", period?.from, period?.to],
    queryFn: ({ signal }) => getAnalyticsSummary(period!, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}

export function useAnalyticsEnhanced(period: Period | null, enabled: boolean) {
  return useQuery({
    queryKey: ["analytics", "enhanced", period?.from, period?.to],
    queryFn: ({ signal }) => getAnalyticsEnhanced(period!, signal),
    enabled: enabled && period !== null,
    placeholderData: keepPreviousData,
  });
}
