import { and, desc, eq, gte, isNull, sql } from "drizzle-orm";
import { securityLimits, type AuditEventRecord } from "@routepilot/contracts";
import { authenticationLogs, type AuditDetails, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../lib/logger";
import type { RequestOrigin } from "../../lib/request-origin";
import { raiseAlert } from "./alerts";

export type AuthEventType =
  | "sign_in"
  | "sign_in_request"
  | "sign_up"
  | "sign_out"
  | "password_change"
  | "password_reset"
  | "password_reset_request"
  | "email_verification"
  | "email_change"
  | "identity_link"
  | "identity_unlink"
  | "role_change"
  | "plan_change"
  | "ban"
  | "unban"
  | "usage_reset"
  | "two_factor_enable"
  | "two_factor_disable"
  | "two_factor_verify"
  | "session_revoke"
  | "invitation"
  | "team_role_change"
  | "api_key"
  | "data_export"
  | "account_deletion"
  | "security_alert_status"
  | "contact_reply"
  | "contact_status"
  | "encryption_key_rotation";

/** One authentication_logs row: what happened, and where the request came from (RequestOrigin, lib/request-origin.ts). */
export interface AuditEvent extends RequestOrigin {
  eventType: AuthEventType;
  /** What was done, e.g. "resolve", "revoke", "accept" (SPEC §3 action); defaults to the event type in words. */
  action?: string;
  outcome: AuditDetails["outcome"];
  userId: string | null;
  resource: string;
  riskLevel?: AuditDetails["riskLevel"];
  metadata?: Record<string, unknown>;
}

/** The stored details: SPEC §3 audit event fields that have no column of their own. */
export type AuditRecordDetails = AuditDetails & { action: string };

/**
 * Writes one authentication_logs row (SPEC §3). Failures are logged, never thrown to the caller.
 * A failed sign-in also checks the repeated-failure rule (see checkRepeatedFailedSignIns).
 */
export async function writeAuditEvent(db: DbOrTx, logger: Logger, event: AuditEvent): Promise<void> {
  const details: AuditRecordDetails = {
    action: event.action ?? event.eventType.replaceAll("_", " "),
    outcome: event.outcome,
    riskLevel: event.riskLevel ?? (event.outcome === "failure" ? "medium" : "low"),
    resource: event.resource,
    sessionId: event.sessionId,
    ipAddress: event.ipAddress,
    metadata: event.metadata ?? {},
    timestamp: new Date().toISOString(),
  };
  try {
    await db.insert(authenticationLogs).values({
      eventType: event.eventType,
      userId: event.userId,
      userAgent: event.userAgent?.slice(0, 512) ?? null,
      details,
    });
  } catch (error) {
    logger.error({ err: error, eventType: event.eventType }, "could not write authentication log");
    return;
  }
  if (event.eventType === "sign_in" && event.outcome === "failure") {
    const email = typeof event.metadata?.email === "string" ? event.metadata.email : null;
    await checkRepeatedFailedSignIns(db, logger, { email, ipAddress: event.ipAddress });
  }
}

/**
 * Repeated failed sign-ins: 5 or more failures for one account (e-mail) or from one IP address
 * within 15 minutes raise a high "repeated_failed_sign_in" alert (one active alert per account or
 * IP; later failures count occurrences on it). Failed sign-ins have no user id, so the count reads
 * the (user_id, created_at) index's NULL range of the last 15 minutes. Never throws.
 */
export async function checkRepeatedFailedSignIns(
  db: DbOrTx,
  logger: Logger,
  who: { email: string | null; ipAddress: string | null },
  now: Date = new Date(),
): Promise<void> {
  // "unknown" is no address (no socket peer): it would lump every client together.
  const ipAddress = who.ipAddress && who.ipAddress !== "unknown" ? who.ipAddress : null;
  if (!who.email && !ipAddress) return;
  try {
    const since = new Date(now.getTime() - securityLimits.failedSignInWindowMs);
    const [counts] = await db
      .select({
        byAccount: sql<number>`count(*) filter (where ${authenticationLogs.details}->'metadata'->>'email' = ${who.email ?? ""})`.mapWith(Number),
        byIp: sql<number>`count(*) filter (where ${authenticationLogs.details}->>'ipAddress' = ${ipAddress ?? ""})`.mapWith(Number),
      })
      .from(authenticationLogs)
      .where(
        and(
          isNull(authenticationLogs.userId),
          gte(authenticationLogs.createdAt, since),
          eq(authenticationLogs.eventType, "sign_in"),
          sql`${authenticationLogs.details}->>'outcome' = 'failure'`,
        ),
      );
    const threshold = securityLimits.failedSignIns;
    const raise = (by: "account" | "ip", subject: string, failures: number) =>
      raiseAlert(db, logger, {
        type: "repeated_failed_sign_in",
        severity: "high",
        source: "auth:sign-in",
        details: { [by === "account" ? "email" : "ipAddress"]: subject, failures, windowMinutes: securityLimits.failedSignInWindowMs / 60_000 },
        dedupeKey: `repeated_failed_sign_in:${by}:${subject}`,
      });
    if (who.email && (counts?.byAccount ?? 0) >= threshold) await raise("account", who.email, counts!.byAccount);
    if (ipAddress && (counts?.byIp ?? 0) >= threshold) await raise("ip", ipAddress, counts!.byIp);
  } catch (error) {
    logger.error({ err: error }, "could not check repeated failed sign-ins");
  }
}

/** The newest audit events (SPEC §3 fields), optionally one event type or one user's. */
export async function listAuditEvents(db: DbOrTx, query: { limit: number; eventType?: string; userId?: string }): Promise<AuditEventRecord[]> {
  const rows = await db
    .select()
    .from(authenticationLogs)
    .where(and(query.eventType ? eq(authenticationLogs.eventType, query.eventType) : undefined, query.userId ? eq(authenticationLogs.userId, query.userId) : undefined))
    .orderBy(desc(authenticationLogs.createdAt), desc(authenticationLogs.id))
    .limit(query.limit);
  return rows.map((row) => {
    const d = row.details as Partial<AuditRecordDetails>;
    return {
      id: row.id,
      eventType: row.eventType,
      action: d.action ?? row.eventType.replaceAll("_", " "),
      outcome: d.outcome ?? "success",
      riskLevel: d.riskLevel ?? "low",
      userId: row.userId,
      resource: d.resource ?? "",
      ipAddress: d.ipAddress ?? null,
      userAgent: row.userAgent,
      sessionId: d.sessionId ?? null,
      metadata: d.metadata ?? {},
      timestamp: d.timestamp ?? row.createdAt.toISOString(),
    };
  });
}
