import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { NOTIFICATION_LIMIT, realtimeTopics, realtimeTypes } from "@routepilot/contracts";
import { teamNotifications, type Database } from "@routepilot/db";
import { NotFoundError } from "../../lib/errors";
import type { RealtimeBus } from "../../lib/ports";
import { countPendingInvitations } from "../accounts/accounts";
import { presentNotification } from "../teams";

/**
 * The bell (SPEC §2): a user's newest notifications, the unread count and pending invitations;
 * marking one or all read, which tells the user's other tabs (after the update commits).
 */

export async function listNotifications(db: Database, user: { id: string; email: string }) {
  const rows = await db
    .select()
    .from(teamNotifications)
    .where(eq(teamNotifications.userId, user.id))
    .orderBy(desc(teamNotifications.createdAt))
    .limit(NOTIFICATION_LIMIT);
  const [unread] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamNotifications)
    .where(and(eq(teamNotifications.userId, user.id), isNull(teamNotifications.readAt)));
  return {
    notifications: rows.map(presentNotification),
    unreadCount: unread?.n ?? 0,
    pendingInvitations: await countPendingInvitations(db, user.email),
  };
}

async function publishRead(realtime: RealtimeBus, userId: string, ids: string[] | "all") {
  await realtime.publish({ userIds: [userId], message: { topic: realtimeTopics.notifications, type: realtimeTypes.notificationsRead, data: { ids } } });
}

/** Marks one of the user's notifications read (404 for another user's or an unknown one). */
export async function markNotificationRead(db: Database, realtime: RealtimeBus, userId: string, id: string): Promise<void> {
  const updated = await db
    .update(teamNotifications)
    .set({ readAt: sql`coalesce(${teamNotifications.readAt}, now())` })
    .where(and(eq(teamNotifications.id, id), eq(teamNotifications.userId, userId)))
    .returning({ id: teamNotifications.id });
  if (updated.length === 0) throw new NotFoundError("Notification");
  await publishRead(realtime, userId, [id]);
}

/** Marks all of the user's unread notifications read. */
export async function markAllNotificationsRead(db: Database, realtime: RealtimeBus, userId: string): Promise<void> {
  await db
    .update(teamNotifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(teamNotifications.userId, userId), isNull(teamNotifications.readAt)));
  await publishRead(realtime, userId, "all");
}
