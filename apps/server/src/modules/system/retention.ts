// How long the server keeps its logs (decision 024). Run by the "retention" periodic task
// (background/periodic.ts), once across every process. Security alerts have their own life cycle in
// the 30-second security check (modules/security/monitor/jobs.ts): non-critical ones resolve after 24 h,
// resolved ones are deleted after 7 days, and above 10,000 only the newest 8,000 are kept.
import { sql } from "drizzle-orm";
import type { Database } from "@routepilot/db";
import type { Logger } from "../../lib/logger";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention rules (decision 024); the README's "What the server keeps" table shows them. */
export const RETENTION = {
  /** authentication_logs rows (the audit log) older than this are deleted… */
  auditLogDays: 365,
  /** …except each user's newest 200 (SPEC §9 "the last 200 audit events"), whatever their age; rows with no user count as one group. */
  auditLogKeepPerUser: 200,
  /** csp_reports rows older than this are deleted… */
  cspReportDays: 30,
  /** …except the newest 100 (SPEC §9 "the last 100 security or XSS reports"), whatever their age… */
  cspReportKeep: 100,
  /** …and never more than this many rows: browsers send them unauthenticated. */
  cspReportMax: 10_000,
  /** rate_limit_violations rows older than this are deleted (the dashboard shows at most the last 720 hours). */
  violationDays: 30,
} as const;

export interface RetentionResult {
  auditLogs: number;
  cspReports: number;
  violations: number;
}

/** Rows the statement deleted, on PGlite and node-postgres alike. */
const affected = (result: unknown): number => {
  const r = result as { affectedRows?: number; rowCount?: number | null };
  return Number(r.affectedRows ?? r.rowCount ?? 0);
};

/**
 * Applies RETENTION once (in one transaction, so a failure deletes nothing) and returns how many
 * rows each rule deleted. Errors are logged and answered with null: the next period tries again.
 */
export async function runRetention(db: Database, logger: Logger, now: Date = new Date()): Promise<RetentionResult | null> {
  const auditCutoff = new Date(now.getTime() - RETENTION.auditLogDays * DAY_MS).toISOString();
  const cspCutoff = new Date(now.getTime() - RETENTION.cspReportDays * DAY_MS).toISOString();
  const violationCutoff = new Date(now.getTime() - RETENTION.violationDays * DAY_MS).toISOString();
  try {
    const result = await db.transaction(async (tx) => {
      // Only users with a row past the cutoff are ranked (the (user_id, created_at) index finds them).
      const auditLogs = await tx.execute(sql`
        delete from authentication_logs where id in (
          select id from (
            select id, created_at, row_number() over (partition by user_id order by created_at desc, id desc) as rank
            from authentication_logs
            where user_id in (select distinct user_id from authentication_logs where created_at < ${auditCutoff})
               or user_id is null
          ) ranked
          where rank > ${RETENTION.auditLogKeepPerUser} and created_at < ${auditCutoff}
        )`);
      const cspReports = await tx.execute(sql`
        delete from csp_reports where id in (
          select id from (
            select id, created_at, row_number() over (order by created_at desc, id desc) as rank from csp_reports
          ) ranked
          where (rank > ${RETENTION.cspReportKeep} and created_at < ${cspCutoff}) or rank > ${RETENTION.cspReportMax}
        )`);
      const violations = await tx.execute(sql`delete from rate_limit_violations where created_at < ${violationCutoff}`);
      return { auditLogs: affected(auditLogs), cspReports: affected(cspReports), violations: affected(violations) };
    });
    if (result.auditLogs + result.cspReports + result.violations > 0) logger.info({ retention: result }, "retention: old log rows deleted");
    return result;
  } catch (error) {
    logger.error({ err: error }, "retention failed");
    return null;
  }
}
