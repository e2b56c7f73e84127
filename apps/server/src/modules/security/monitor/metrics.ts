import { and, count, desc, eq, gte, sql } from "drizzle-orm";
import {
  securityAlertSeverityWeight,
  securityLimits,
  securityMessages,
  systemLoadOf,
  type SecurityAlert,
  type SecurityAlertSeverity,
  type SecurityAlertsQuery,
  type SecurityOverview,
  type SecurityViolations,
} from "@routepilot/contracts";
import { rateLimitViolations, securityAlerts, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../../lib/logger";
import { raiseAlert } from "../alerts";
import type { SecurityState } from "./state";

const DAY_MS = 24 * 60 * 60 * 1000;

/** SPEC §9 ordering in SQL: severity weight (critical 4 … low 1), then newest first. */
const severityWeight = sql<number>`case ${securityAlerts.severity} ${sql.join(
  Object.entries(securityAlertSeverityWeight).map(([severity, weight]) => sql`when ${severity} then ${weight}`),
  sql` `,
)} else 0 end`;

/**
 * SPEC §3 security metrics and the SPEC §9 recommendations. totalThreats counts every alert in
 * the table (the life cycle keeps it bounded), rateLimitViolations the denials of the last 24 h,
 * and systemLoad = min(100, 0.1 × totalThreats + 0.05 × rateLimitViolations).
 */
export async function securityOverview(db: DbOrTx, state: SecurityState, now: Date = new Date()): Promise<SecurityOverview> {
  const [alerts] = await db
    .select({
      total: count(),
      active: sql<number>`count(*) filter (where ${securityAlerts.status} = 'active')`.mapWith(Number),
      criticalActive: sql<number>`count(*) filter (where ${securityAlerts.status} = 'active' and ${securityAlerts.severity} = 'critical')`.mapWith(Number),
      rateLimit: sql<number>`count(*) filter (where ${securityAlerts.type} = 'rate_limit')`.mapWith(Number),
      recent: sql<number>`count(*) filter (where ${securityAlerts.createdAt} >= ${new Date(now.getTime() - securityLimits.recentAlertsMs).toISOString()})`.mapWith(Number),
    })
    .from(securityAlerts);
  const [violations] = await db
    .select({ total: count() })
    .from(rateLimitViolations)
    .where(gte(rateLimitViolations.createdAt, new Date(now.getTime() - DAY_MS)));
  const totalThreats = alerts?.total ?? 0;
  const rateLimitViolationCount = violations?.total ?? 0;
  const metrics = {
    totalThreats,
    activeIncidents: alerts?.active ?? 0,
    rateLimitViolations: rateLimitViolationCount,
    encryptionHealth: state.encryptionHealth,
    systemLoad: systemLoadOf(totalThreats, rateLimitViolationCount),
    uptime: Math.max(0, Math.floor((now.getTime() - state.startedAt.getTime()) / 1000)),
  };
  return { metrics, recentAlerts: alerts?.recent ?? 0, recommendations: recommendationsFor({ ...metrics, rateLimitAlerts: alerts?.rateLimit ?? 0, criticalActive: alerts?.criticalActive ?? 0 }) };
}

/** SPEC §9 recommendations (texts in contracts), most urgent first; "no action needed" when none applies. */
export function recommendationsFor(m: { encryptionHealth: number; systemLoad: number; rateLimitAlerts: number; criticalActive: number }): string[] {
  const texts = securityMessages.recommendations;
  const out: string[] = [];
  if (m.encryptionHealth === 0) out.push(texts.encryption);
  if (m.criticalActive > 0) out.push(texts.critical);
  if (m.rateLimitAlerts > securityLimits.ddosRateLimitAlerts) out.push(texts.ddos);
  if (m.systemLoad > securityLimits.scalingLoad) out.push(texts.scaling);
  return out.length > 0 ? out : [texts.allClear];
}

type AlertRow = typeof securityAlerts.$inferSelect;

export function alertOut(row: AlertRow): SecurityAlert {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity as SecurityAlertSeverity,
    timestamp: row.createdAt.toISOString(),
    source: row.source,
    details: row.details,
    status: row.status,
    autoResolved: row.autoResolved,
    occurrences: row.occurrences,
    updatedAt: row.updatedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
  };
}

/** Alerts, filtered by status and severity, in SPEC §9 order; total counts every match. */
export async function listAlerts(db: DbOrTx, query: SecurityAlertsQuery): Promise<{ alerts: SecurityAlert[]; total: number }> {
  const where = and(query.status ? eq(securityAlerts.status, query.status) : undefined, query.severity ? eq(securityAlerts.severity, query.severity) : undefined);
  const rows = await db
    .select()
    .from(securityAlerts)
    .where(where)
    .orderBy(desc(severityWeight), desc(securityAlerts.createdAt), desc(securityAlerts.id))
    .limit(query.limit);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(securityAlerts).where(where);
  return { alerts: rows.map(alertOut), total };
}

/** Rate-limit violations of the last `hours`: counts by category (largest first) and the 50 newest. */
export async function violationsSince(db: DbOrTx, hours: number, now: Date = new Date()): Promise<SecurityViolations> {
  const since = gte(rateLimitViolations.createdAt, new Date(now.getTime() - hours * 60 * 60 * 1000));
  const byCategory = await db
    .select({ category: rateLimitViolations.category, count: count() })
    .from(rateLimitViolations)
    .where(since)
    .groupBy(rateLimitViolations.category)
    .orderBy(desc(count()), rateLimitViolations.category);
  const recent = await db.select().from(rateLimitViolations).where(since).orderBy(desc(rateLimitViolations.createdAt)).limit(50);
  return {
    hours,
    total: byCategory.reduce((sum, c) => sum + c.count, 0),
    byCategory,
    recent: recent.map((r) => ({
      id: r.id,
      category: r.category,
      subject: r.subject,
      ipAddress: r.ipAddress,
      path: r.path,
      violations: r.violations,
      blockedSeconds: r.blockedSeconds,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/**
 * SPEC §4 security initialisation / §8: the encryption self-test at start. Passing sets
 * encryptionHealth 100; failing sets it to 0 and raises a critical "encryption_self_test" alert.
 */
export async function runEncryptionSelfTest(deps: { db: DbOrTx; logger: Logger; security: SecurityState; encryption: { selfTest(): boolean } }): Promise<boolean> {
  const ok = deps.encryption.selfTest();
  deps.security.encryptionHealth = ok ? 100 : 0;
  if (!ok) {
    deps.logger.error("encryption self-test failed: sensitive fields cannot be encrypted or read");
    await raiseAlert(deps.db, deps.logger, {
      type: "encryption_self_test",
      severity: "critical",
      source: "encryption",
      details: { encryptionHealth: 0 },
      dedupeKey: "encryption_self_test",
    });
  }
  return ok;
}
