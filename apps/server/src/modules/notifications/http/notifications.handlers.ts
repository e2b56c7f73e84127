import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { NOTIFICATION_LIMIT, realtimeTopics, realtimeTypes } from "@routepilot/contracts";
import { teamNotifications } from "@routepilot/db";
import { createRouter, requireUser, type AppContext } from "../../lib/context";
import { NotFoundError } from "../../lib/errors";
import { countPendingInvitations } from "../../services/accounts";
import { presentNotification } from "../../services/teams";
import * as routes from "./notifications.routes";

/** Tells the user's other tabs that notifications were read (after the update). */
async function publishRead(c: AppContext, userId: string, ids: string[] | "all") {
  const { realtime } = c.get("deps");
  await realtime.publish({ userIds: [userId], message: { topic: realtimeTopics.notifications, type: realtimeTypes.notificationsRead, data: { ids } } });
}

export const notificationsRouter = createRouter()
  .openapi(routes.listNotifications, async (c) => {
    const user = requireUser(c);
    const { db } = c.get("deps");
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
    return c.json(
      {
        notifications: rows.map(presentNotification),
        unreadCount: unread?.n ?? 0,
        pendingInvitations: await countPendingInvitations(db, user.email),
      },
      200,
    );
  })
  .openapi(routes.markRead, async (c) => {
    const user = requireUser(c);
    const { id } = c.req.valid("param");
    const updated = await c
      .get("deps")
      .db.update(teamNotifications)
      .set({ readAt: sql`coalesce(${teamNotifications.readAt}, now())` })
      .where(and(eq(teamNotifications.id, id), eq(teamNotifications.userId, user.id)))
      .returning({ id: teamNotifications.id });
    if (updated.length === 0) throw new NotFoundError("Notification");
    await publishRead(c, user.id, [id]);
    return c.body(null, 204);
  })
  .openapi(routes.markAllRead, async (c) => {
    const user = requireUser(c);
    await c
      .get("deps")
      .db.update(teamNotifications)
      .set({ readAt: sql`now()` })
      .where(and(eq(teamNotifications.userId, user.id), isNull(teamNotifications.readAt)));
    await publishRead(c, user.id, "all");
    return c.body(null, 204);
  });
