import { z } from "zod";

/** SPEC §3 security alert severities, most severe first; SPEC §9 sort weight critical 4 down to low 1. */
export const securityAlertSeverities = ["critical", "high", "medium", "low"] as const;
export type SecurityAlertSeverity = (typeof securityAlertSeverities)[number];
export const securityAlertSeverityWeight: Record<SecurityAlertSeverity, number> = { critical: 4, high: 3, medium: 2, low: 1 };

/** SPEC §9 security layer constants. */
export const securityLimits = {
  /** The security check (alert life cycle) runs every 30 s. */
  checkIntervalMs: 30_000,
  /** Displayed metrics refresh every 10 s. */
  metricsRefreshMs: 10_000,
  /** "Recent alerts" means the last 5 minutes. */
  recentAlertsMs: 5 * 60 * 1000,
  /** A non-critical active alert resolves on its own after 24 hours. */
  autoResolveMs: 24 * 60 * 60 * 1000,
  /** Resolved alerts are deleted after 7 days. */
  deleteResolvedMs: 7 * 24 * 60 * 60 * 1000,
  /** Beyond 10,000 alerts only the newest 8,000 are kept. */
  maxAlerts: 10_000,
  keepAlerts: 8_000,
  /** More than 1000 alerts raises a medium high-volume alert. */
  highVolumeAlerts: 1000,
  /** More than 50 errors within the last hour raises a high alert. */
  errorsPerHour: 50,
  /** 5 or more failed sign-ins for one account or one IP within 15 minutes raise a high alert. */
  failedSignIns: 5,
  failedSignInWindowMs: 15 * 60 * 1000,
  /** More than 10 rate-limit alerts suggests extra DDoS protection; a load above 80 suggests scaling. */
  ddosRateLimitAlerts: 10,
  scalingLoad: 80,
} as const;

/** SPEC §9 system load: 0.1 for each alert plus 0.05 for each violation, capped at 100 (two decimals). */
export function systemLoadOf(alerts: number, violations: number): number {
  return Math.min(100, Math.round((alerts * 0.1 + violations * 0.05) * 100) / 100);
}

export const securityMessages = {
  alertNotFound: "Security alert not found",
  status: "Status must be 1 to 40 lower-case letters or underscores (e.g. active, resolved, investigating)",
  severity: `Choose one of: ${securityAlertSeverities.join(", ")}`,
  limit: "Limit must be a whole number from 1 to 500",
  hours: "Hours must be a whole number from 1 to 720",
  recommendations: {
    ddos: "More than 10 rate-limit alerts: consider extra DDoS protection (a reverse proxy or CDN that rate-limits in front of the server).",
    scaling: "System load is above 80: consider scaling (more server processes on PostgreSQL).",
    encryption: "The encryption self-test failed: check ENCRYPTION_MASTER_KEY (or the key file in DATA_DIR) and restart the server.",
    critical: "Critical alerts are active: review them and resolve each one once it is handled.",
    allClear: "No action needed: no recommendation applies right now.",
  },
} as const;

export const securityAlertSchema = z.object({
  id: z.string(),
  type: z.string(),
  severity: z.enum(securityAlertSeverities),
  /** When it was raised (ISO 8601). */
  timestamp: z.string(),
  source: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** active, resolved, or any status an administrator set later. */
  status: z.string(),
  autoResolved: z.boolean(),
  /** How many times it was raised while active (deduplicated alerts). */
  occurrences: z.number().int(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
});
export type SecurityAlert = z.infer<typeof securityAlertSchema>;

/** ?limit=: a whole number from 1 to 500. */
const limitParam = (byDefault: number) => z.coerce.number({ error: securityMessages.limit }).int(securityMessages.limit).min(1, securityMessages.limit).max(500, securityMessages.limit).default(byDefault);

const alertStatus = z.string({ error: securityMessages.status }).regex(/^[a-z_]{1,40}$/, securityMessages.status);

export const securityAlertsQuerySchema = z.object({
  status: alertStatus.optional(),
  severity: z.enum(securityAlertSeverities, { error: securityMessages.severity }).optional(),
  limit: limitParam(100),
});
export type SecurityAlertsQuery = z.infer<typeof securityAlertsQuerySchema>;

export const securityAlertsSchema = z.object({ alerts: z.array(securityAlertSchema), total: z.number().int() });
export type SecurityAlerts = z.infer<typeof securityAlertsSchema>;

export const updateSecurityAlertSchema = z.object({ status: alertStatus }).strict();
export type UpdateSecurityAlert = z.infer<typeof updateSecurityAlertSchema>;

/** SPEC §3 security metrics, with the SPEC §9 recommendations that apply to them. */
export const securityMetricsSchema = z.object({
  totalThreats: z.number().int(),
  activeIncidents: z.number().int(),
  /** Rate-limit violations in the last 24 hours. */
  rateLimitViolations: z.number().int(),
  encryptionHealth: z.number().min(0).max(100),
  systemLoad: z.number().min(0).max(100),
  /** Seconds since this server process started. */
  uptime: z.number().int(),
});
export type SecurityMetrics = z.infer<typeof securityMetricsSchema>;

export const securityOverviewSchema = z.object({
  metrics: securityMetricsSchema,
  /** Alerts raised in the last 5 minutes (SPEC §9 "recent alerts"). */
  recentAlerts: z.number().int(),
  recommendations: z.array(z.string()),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const securityViolationsQuerySchema = z.object({
  hours: z.coerce.number({ error: securityMessages.hours }).int(securityMessages.hours).min(1, securityMessages.hours).max(720, securityMessages.hours).default(24),
});

export const rateLimitViolationSchema = z.object({
  id: z.string(),
  category: z.string(),
  subject: z.string(),
  ipAddress: z.string().nullable(),
  path: z.string().nullable(),
  violations: z.number().int(),
  blockedSeconds: z.number().int(),
  createdAt: z.string(),
});
export const securityViolationsSchema = z.object({
  hours: z.number().int(),
  total: z.number().int(),
  byCategory: z.array(z.object({ category: z.string(), count: z.number().int() })),
  recent: z.array(rateLimitViolationSchema),
});
export type SecurityViolations = z.infer<typeof securityViolationsSchema>;

export const securityAuditQuerySchema = z.object({
  limit: limitParam(50),
  eventType: z.string().regex(/^[a-z_]{1,40}$/, "Event type must be lower-case letters or underscores").optional(),
  userId: z.string().min(1).max(200).optional(),
});

/** SPEC §3 audit event. */
export const auditEventSchema = z.object({
  id: z.string(),
  eventType: z.string(),
  action: z.string(),
  outcome: z.enum(["success", "failure"]),
  riskLevel: z.enum(["low", "medium", "high", "critical"]),
  userId: z.string().nullable(),
  resource: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  sessionId: z.string().nullable(),
  metadata: z.record(z.string(), z.unknown()),
  timestamp: z.string(),
});
export type AuditEventRecord = z.infer<typeof auditEventSchema>;
export const securityAuditSchema = z.object({ events: z.array(auditEventSchema) });
export type SecurityAudit = z.infer<typeof securityAuditSchema>;
