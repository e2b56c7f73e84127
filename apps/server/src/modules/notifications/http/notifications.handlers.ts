import { createRouter, requireUser } from "../../../lib/context";
import { listNotifications, markAllNotificationsRead, markNotificationRead } from "../notifications";
import * as routes from "./notifications.endpoints";

export const notificationsRouter = createRouter()
  .openapi(routes.listNotifications, async (c) => c.json(await listNotifications(c.get("deps").db, requireUser(c)), 200))
  .openapi(routes.markRead, async (c) => {
    const user = requireUser(c);
    const { db, realtime } = c.get("deps");
    await markNotificationRead(db, realtime, user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.markAllRead, async (c) => {
    const user = requireUser(c);
    const { db, realtime } = c.get("deps");
    await markAllNotificationsRead(db, realtime, user.id);
    return c.body(null, 204);
  });
