import { and, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from "drizzle-orm";
import { describeUserAgent, securityEventTypes, type SecurityEvent, type SecurityEventsPage, type SecuritySession } from "@routepilot/contracts";
import { authenticationLogs, session, type DbOrTx } from "@routepilot/db";
import { NotFoundError } from "../../../lib/errors";

/** The user's sessions that have not expired, newest activity first; `current` marks the caller's. */
export async function listSessions(db: DbOrTx, userId: string, currentSessionId: string | null, now = new Date()): Promise<SecuritySession[]> {
  const rows = await db
    .select()
    .from(session)
    .where(and(eq(session.userId, userId), gt(session.expiresAt, now)))
    .orderBy(desc(session.updatedAt), desc(session.id));
  return rows.map((row) => ({
    id: row.id,
    device: describeUserAgent(row.userAgent),
    userAgent: row.userAgent,
    ipAddress: row.ipAddress,
    createdAt: row.createdAt.toISOString(),
    lastActiveAt: row.updatedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    current: row.id === currentSessionId,
  }));
}

/** Signs one of the user's sessions out; another user's session (or none) is not found. */
export async function revokeSession(db: DbOrTx, userId: string, sessionId: string): Promise<void> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.id, sessionId), eq(session.userId, userId)))
    .returning({ id: session.id });
  if (deleted.length === 0) throw new NotFoundError("Session");
}

/** Signs out every session of the user except the current one; returns how many. */
export async function revokeOtherSessions(db: DbOrTx, userId: string, currentSessionId: string): Promise<number> {
  const deleted = await db
    .delete(session)
    .where(and(eq(session.userId, userId), ne(session.id, currentSessionId)))
    .returning({ id: session.id });
  return deleted.length;
}

type LogRow = typeof authenticationLogs.$inferSelect;

function presentEvent(row: LogRow): SecurityEvent {
  const details = row.details as LogRow["details"] & { action?: string };
  return {
    id: row.id,
    eventType: row.eventType,
    action: details.action ?? row.eventType.replaceAll("_", " "),
    outcome: details.outcome === "failure" ? "failure" : "success",
    device: describeUserAgent(row.userAgent),
    ipAddress: details.ipAddress ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The rows of authentication_logs that are the user's: their own, and failed sign-ins with no
 * user id that named their e-mail address (details.metadata.email).
 */
export function ownEventsFilter(userId: string, email: string) {
  return or(
    eq(authenticationLogs.userId, userId),
    and(isNull(authenticationLogs.userId), sql`${authenticationLogs.details}->'metadata'->>'email' = ${email.toLowerCase()}`),
  )!;
}

/**
 * The user's sign-in history, newest first: sign-in, sign-out, password, two-factor, session and
 * export events. `before` is the id of the last event of the previous page.
 */
export async function listSecurityEvents(
  db: DbOrTx,
  who: { userId: string; email: string },
  page: { limit: number; before?: string | undefined },
): Promise<SecurityEventsPage> {
  const own = and(ownEventsFilter(who.userId, who.email), inArray(authenticationLogs.eventType, [...securityEventTypes]));
  let cursor = undefined;
  if (page.before) {
    const [anchor] = await db
      .select({ createdAt: authenticationLogs.createdAt, id: authenticationLogs.id })
      .from(authenticationLogs)
      .where(and(eq(authenticationLogs.id, page.before), own));
    if (!anchor) throw new NotFoundError("Event");
    // Compared in SQL so the microseconds of created_at are kept.
    cursor = or(
      lt(authenticationLogs.createdAt, sql`(select created_at from authentication_logs where id = ${anchor.id})`),
      and(eq(authenticationLogs.createdAt, sql`(select created_at from authentication_logs where id = ${anchor.id})`), lt(authenticationLogs.id, anchor.id)),
    );
  }
  const rows = await db
    .select()
    .from(authenticationLogs)
    .where(cursor ? and(own, cursor) : own)
    .orderBy(desc(authenticationLogs.createdAt), desc(authenticationLogs.id))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return { events: shown.map(presentEvent), nextBefore: rows.length > page.limit ? (shown.at(-1)?.id ?? null) : null };
}

export { presentEvent as presentSecurityEvent };
