import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { NOTIFICATION_LIMIT, type Notification } from "@routepilot/contracts";
import { teamNotifications } from "@routepilot/db";
import { createRouter, requireUser } from "../../lib/context";
import { NotFoundError } from "../../lib/errors";
import { countPendingInvitations } from "../../services/accounts";
import * as routes from "./notifications.routes";

type NotificationType = Notification["type"];

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
        notifications: rows.map((r) => ({
          id: r.id,
          type: r.type as NotificationType,
          title: r.title,
          message: r.message,
          createdAt: r.createdAt.toISOString(),
          readAt: r.readAt?.toISOString() ?? null,
        })),
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
    return c.body(null, 204);
  });
