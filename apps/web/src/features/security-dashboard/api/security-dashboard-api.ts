import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  securityAlertSchema,
  securityAlertsSchema,
  securityAuditSchema,
  securityLimits,
  securityOverviewSchema,
  securityViolationsSchema,
  type SecurityAlert,
  type SecurityAlerts,
  type SecurityAlertSeverity,
} from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useTranslation } from "@/lib/i18n";

/** Query keys of the security dashboard. */
export const securityKeys = {
  all: ["security-dashboard"] as const,
  overview: () => ["security-dashboard", "overview"] as const,
  alerts: (filter: AlertFilter) => ["security-dashboard", "alerts", filter] as const,
  violations: () => ["security-dashboard", "violations"] as const,
  audit: () => ["security-dashboard", "audit"] as const,
};

export type AlertFilter = { status: "active" | "resolved" | "all"; severity: SecurityAlertSeverity | "all" };

/** SPEC §9: displayed metrics refresh every 10 s (the lists with them). */
const live = { refetchInterval: securityLimits.metricsRefreshMs, staleTime: 0 } as const;

export function useSecurityOverview() {
  return useQuery({ queryKey: securityKeys.overview(), queryFn: ({ signal }) => apiRequest("/api/security/metrics", { schema: securityOverviewSchema, signal }), ...live });
}

export function getSecurityAlerts(filter: AlertFilter, signal?: AbortSignal): Promise<SecurityAlerts> {
  const params = new URLSearchParams({ limit: "100" });
  if (filter.status !== "all") params.set("status", filter.status);
  if (filter.severity !== "all") params.set("severity", filter.severity);
  return apiRequest(`/api/security/alerts?${params.toString()}`, { schema: securityAlertsSchema, signal });
}

export function useSecurityAlerts(filter: AlertFilter) {
  return useQuery({ queryKey: securityKeys.alerts(filter), queryFn: ({ signal }) => getSecurityAlerts(filter, signal), ...live });
}

export function useSecurityViolations() {
  return useQuery({ queryKey: securityKeys.violations(), queryFn: ({ signal }) => apiRequest("/api/security/violations?hours=24", { schema: securityViolationsSchema, signal }), ...live });
}

export function useSecurityAudit() {
  return useQuery({ queryKey: securityKeys.audit(), queryFn: ({ signal }) => apiRequest("/api/security/audit?limit=25", { schema: securityAuditSchema, signal }), ...live });
}

/** PATCH /api/security/alerts/{id}: sets the status (Resolve); the dashboard refetches everything after. */
export function setAlertStatus({ id, status }: { id: string; status: string }): Promise<SecurityAlert> {
  return apiRequest(`/api/security/alerts/${encodeURIComponent(id)}`, { method: "PATCH", body: { status }, schema: securityAlertSchema });
}

export function useSetAlertStatus() {
  const { t } = useTranslation("security-dashboard");
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: t("alerts.resolveFailed") }, mutationFn: setAlertStatus, onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }) });
}
