import { and, eq, sql } from "drizzle-orm";
import { securityAlerts, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../lib/logger";

/** SPEC §3 alert severities, and their sort weight (critical 4 down to low 1, SPEC §9). */
export const ALERT_SEVERITY_WEIGHT = { critical: 4, high: 3, medium: 2, low: 1 } as const;
export type AlertSeverity = keyof typeof ALERT_SEVERITY_WEIGHT;

export interface NewSecurityAlert {
  /** What happened, e.g. rate_limit, repeated_failed_sign_in, error_rate, encryption_self_test, system_anomaly. */
  type: string;
  severity: AlertSeverity;
  /** Which part of the server raised it (e.g. "rate-limiter:auth", "encryption"). */
  source: string;
  details?: Record<string, unknown>;
  /**
   * While an active alert with this key exists, raising it again counts an occurrence on that
   * alert instead of adding a row (e.g. "rate_limit:auth:ip:1.2.3.4").
   */
  dedupeKey?: string;
}

/**
 * Raises a security alert (SPEC §4: it starts active). Never throws: a failure to record an
 * alert is logged, and the request that raised it goes on.
 */
export async function raiseAlert(db: DbOrTx, logger: Logger, alert: NewSecurityAlert): Promise<void> {
  try {
    if (alert.dedupeKey) {
      const bumped = await db
        .update(securityAlerts)
        .set({ occurrences: sql`${securityAlerts.occurrences} + 1`, updatedAt: new Date(), details: alert.details ?? {} })
        .where(and(eq(securityAlerts.dedupeKey, alert.dedupeKey), eq(securityAlerts.status, "active")))
        .returning({ id: securityAlerts.id });
      if (bumped.length > 0) return;
    }
    await db.insert(securityAlerts).values({
      type: alert.type,
      severity: alert.severity,
      source: alert.source,
      details: alert.details ?? {},
      dedupeKey: alert.dedupeKey ?? null,
    });
  } catch (error) {
    logger.error({ err: error, type: alert.type }, "could not record security alert");
  }
}
