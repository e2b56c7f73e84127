import { randomUUID } from "node:crypto";
import { and, count, desc, eq, lt, ne, notInArray, sql } from "drizzle-orm";
import { securityLimits } from "@routepilot/contracts";
import { scheduledJobRuns, securityAlerts, type Database, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../../lib/logger";
import { raiseAlert } from "../alerts";
import type { SecurityState } from "./state";

export const SECURITY_CHECK_JOB = "security_check";

/**
 * Claims one run of the job `name` across every process on the database: one INSERT … ON CONFLICT
 * DO UPDATE that succeeds only when the last run is at least `intervalMs` old (1 s of timer drift
 * allowed). Returns true to the one caller that should run the job now.
 */
export async function claimJobRun(db: DbOrTx, name: string, intervalMs: number, owner: string, now: Date = new Date()): Promise<boolean> {
  const due = new Date(now.getTime() - Math.max(0, intervalMs - 1000));
  const rows = await db
    .insert(scheduledJobRuns)
    .values({ name, lastRunAt: now, lastRunBy: owner })
    .onConflictDoUpdate({
      target: scheduledJobRuns.name,
      set: { lastRunAt: now, lastRunBy: owner },
      setWhere: sql`${scheduledJobRuns.lastRunAt} <= ${due.toISOString()}`,
    })
    .returning({ name: scheduledJobRuns.name });
  return rows.length > 0;
}

export interface SecurityCheckResult {
  autoResolved: number;
  deleted: number;
  trimmed: number;
  /** Alerts in the table after the check. */
  alerts: number;
}

/**
 * The SPEC §4/§9 security check (every 30 s, once across processes): non-critical alerts active
 * for more than 24 h resolve on their own; resolved alerts raised more than 7 days ago are
 * deleted; beyond 10,000 alerts only the newest 8,000 are kept; more than 1000 alerts raise a
 * medium "high_volume" alert. A failing check raises a critical "system_anomaly" alert.
 */
export async function runSecurityCheck(db: Database, logger: Logger, now: Date = new Date()): Promise<SecurityCheckResult | null> {
  try {
    const result = await db.transaction(async (tx) => {
      const resolved = await tx
        .update(securityAlerts)
        .set({ status: "resolved", autoResolved: true, resolvedAt: now, updatedAt: now })
        .where(
          and(
            eq(securityAlerts.status, "active"),
            ne(securityAlerts.severity, "critical"),
            lt(securityAlerts.createdAt, new Date(now.getTime() - securityLimits.autoResolveMs)),
          ),
        )
        .returning({ id: securityAlerts.id });
      const deleted = await tx
        .delete(securityAlerts)
        .where(and(eq(securityAlerts.status, "resolved"), lt(securityAlerts.createdAt, new Date(now.getTime() - securityLimits.deleteResolvedMs))))
        .returning({ id: securityAlerts.id });
      let [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(securityAlerts);
      let trimmed = 0;
      if (total > securityLimits.maxAlerts) {
        const newest = tx.select({ id: securityAlerts.id }).from(securityAlerts).orderBy(desc(securityAlerts.createdAt), desc(securityAlerts.id)).limit(securityLimits.keepAlerts);
        const gone = await tx.delete(securityAlerts).where(notInArray(securityAlerts.id, newest)).returning({ id: securityAlerts.id });
        trimmed = gone.length;
        total -= trimmed;
      }
      return { autoResolved: resolved.length, deleted: deleted.length, trimmed, alerts: total };
    });
    if (result.alerts > securityLimits.highVolumeAlerts) {
      await raiseAlert(db, logger, {
        type: "high_volume",
        severity: "medium",
        source: "security-check",
        details: { alerts: result.alerts, threshold: securityLimits.highVolumeAlerts },
        dedupeKey: "high_volume",
      });
    }
    if (result.autoResolved + result.deleted + result.trimmed > 0) logger.info(result, "security check");
    return result;
  } catch (error) {
    logger.error({ err: error }, "security check failed");
    await raiseAlert(db, logger, {
      type: "system_anomaly",
      severity: "critical",
      source: "security-check",
      details: { error: error instanceof Error ? error.message : String(error) },
      dedupeKey: "system_anomaly:security_check",
    });
    return null;
  }
}

/**
 * SPEC §9 error rate: more than 50 server errors (5xx) within the last hour raise a high
 * "error_rate" alert. Counted per process (see ErrorRateWindow); every process checks its own
 * count, and the alert is deduplicated, so several processes keep one active alert.
 */
export async function checkErrorRate(db: DbOrTx, logger: Logger, state: SecurityState, now: Date = new Date()): Promise<boolean> {
  const errors = state.errors.count(now.getTime());
  if (errors <= securityLimits.errorsPerHour) return false;
  await raiseAlert(db, logger, {
    type: "error_rate",
    severity: "high",
    source: "server",
    details: { errorsLastHour: errors, threshold: securityLimits.errorsPerHour },
    dedupeKey: "error_rate",
  });
  return true;
}

/**
 * SPEC §4 monitoring: started once, stoppable. Every 30 s this process checks its error rate and,
 * if it claims the run, performs the security check. The timer is unref'd (it never keeps the
 * process alive); stop() waits for a check in progress.
 */
export function startSecurityMonitor(deps: { db: Database; logger: Logger; security: SecurityState }, intervalMs: number = securityLimits.checkIntervalMs) {
  const owner = `${process.pid}:${randomUUID().slice(0, 8)}`;
  let running: Promise<void> | null = null;
  const tick = async () => {
    try {
      const now = new Date();
      await checkErrorRate(deps.db, deps.logger, deps.security, now);
      if (await claimJobRun(deps.db, SECURITY_CHECK_JOB, intervalMs, owner, now)) await runSecurityCheck(deps.db, deps.logger, now);
    } catch (error) {
      deps.logger.error({ err: error }, "security monitor tick failed");
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick().finally(() => {
      running = null;
    });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}

export type SecurityMonitor = ReturnType<typeof startSecurityMonitor>;

