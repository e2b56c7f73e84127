import { and, gt, inArray } from "drizzle-orm";
import { session, type Database } from "@routepilot/db";

/**
 * Of these Better Auth session ids, the ones that still exist and have not expired: one query for
 * every socket on the process. Sign-out, a password reset and an admin ban delete the row.
 */
export async function liveSessionIds(db: Database, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await db
    .select({ id: session.id })
    .from(session)
    .where(and(inArray(session.id, sessionIds), gt(session.expiresAt, new Date())));
  return new Set(rows.map((r) => r.id));
}
