import { authenticationLogs, type AuditDetails, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../lib/logger";

export type AuthEventType =
  | "sign_in"
  | "sign_up"
  | "sign_out"
  | "password_change"
  | "password_reset"
  | "password_reset_request"
  | "email_verification"
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
  | "encryption_key_rotation";

export interface AuditEvent {
  eventType: AuthEventType;
  outcome: AuditDetails["outcome"];
  userId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
  sessionId: string | null;
  resource: string;
  riskLevel?: AuditDetails["riskLevel"];
  metadata?: Record<string, unknown>;
}

/** Writes one authentication_logs row (SPEC §3). Failures are logged, never thrown to the caller. */
export async function writeAuditEvent(db: DbOrTx, logger: Logger, event: AuditEvent): Promise<void> {
  const details: AuditDetails = {
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
  }
}
