import { createRoute, z } from "@hono/zod-openapi";
import {
  securityAlertSchema,
  securityAlertsQuerySchema,
  securityAlertsSchema,
  securityAuditQuerySchema,
  securityAuditSchema,
  securityOverviewSchema,
  securityViolationsQuerySchema,
  securityViolationsSchema,
  updateSecurityAlertSchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const forbidden = jsonError("Signed in, but not an administrator");
const AlertParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

export const getMetrics = createRoute({
  method: "get",
  path: "/api/security/metrics",
  tags: ["Security"],
  summary: "SPEC §3 security metrics (violations of the last 24 h; uptime of this process) and the SPEC §9 recommendations (admin, super_admin)",
  responses: { 200: json(securityOverviewSchema, "Metrics and recommendations"), 401: authErrors[401], 403: forbidden },
});

export const listAlerts = createRoute({
  method: "get",
  path: "/api/security/alerts",
  tags: ["Security"],
  summary: "Security alerts by severity (critical first), then newest first; filter by status and severity; limit 1–500, default 100 (admin, super_admin)",
  request: { query: securityAlertsQuerySchema },
  responses: { 200: json(securityAlertsSchema, "Alerts and the number matching"), 400: authErrors[400], 401: authErrors[401], 403: forbidden },
});

export const updateAlert = createRoute({
  method: "patch",
  path: "/api/security/alerts/{id}",
  tags: ["Security"],
  summary: "Set an alert's status (resolved, active, or any status); logged as a security_alert_status audit event (admin, super_admin)",
  request: { params: AlertParam, body: { content: { "application/json": { schema: updateSecurityAlertSchema } }, required: true } },
  responses: { 200: json(securityAlertSchema, "The alert after the change"), ...authErrors, 403: forbidden, 404: jsonError("Security alert not found") },
});

export const listViolations = createRoute({
  method: "get",
  path: "/api/security/violations",
  tags: ["Security"],
  summary: "Rate-limit violations of the last `hours` (1–720, default 24): counts by category and the 50 newest (admin, super_admin)",
  request: { query: securityViolationsQuerySchema },
  responses: { 200: json(securityViolationsSchema, "Violations by category and the newest rows"), 400: authErrors[400], 401: authErrors[401], 403: forbidden },
});

export const listAudit = createRoute({
  method: "get",
  path: "/api/security/audit",
  tags: ["Security"],
  summary: "Recent audit events (SPEC §3 fields), newest first; filter by eventType and userId; limit 1–500, default 50 (admin, super_admin)",
  request: { query: securityAuditQuerySchema },
  responses: { 200: json(securityAuditSchema, "Audit events"), 400: authErrors[400], 401: authErrors[401], 403: forbidden },
});
