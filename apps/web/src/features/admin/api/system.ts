import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { HEALTH_REFRESH_MS, healthDetailsSchema, systemAnalyticsSchema, type HealthDetails, type SystemAnalytics } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { adminKeys } from "@/features/admin/api/keys";

/** GET /api/health/details: this server's health (admin, super_admin). */
export function getHealthDetails(signal?: AbortSignal): Promise<HealthDetails> {
  return apiRequest("/api/health/details", { schema: healthDetailsSchema, signal });
}

/** The health details, read again every 30 s while the page is open. */
export function useHealthDetails() {
  return useQuery({ queryKey: adminKeys.health, queryFn: ({ signal }) => getHealthDetails(signal), refetchInterval: HEALTH_REFRESH_MS, staleTime: 0 });
}

/** GET /api/admin/analytics: the install's growth over a period (super_admin). */
export function getSystemAnalytics(period: { from: string; to: string }, signal?: AbortSignal): Promise<SystemAnalytics> {
  const params = new URLSearchParams(period);
  return apiRequest(`/api/admin/analytics?${params.toString()}`, { schema: systemAnalyticsSchema, signal });
}

export function useSystemAnalytics(period: { from: string; to: string } | null) {
  return useQuery({
    queryKey: adminKeys.analytics(period),
    queryFn: ({ signal }) => getSystemAnalytics(period!, signal),
    enabled: period !== null,
    placeholderData: keepPreviousData,
  });
}
