import { createRoute, z } from "@hono/zod-openapi";
import { notificationListSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

export const listNotifications = createRoute({
  method: "get",
  path: "/api/notifications",
  tags: ["Notifications"],
  summary: "The latest 20 notifications, newest first, with unread and pending-invitation counts",
  responses: {
    200: json(notificationListSchema, "Notifications"),
    401: authErrors[401],
  },
});

export const markRead = createRoute({
  method: "post",
  path: "/api/notifications/{id}/read",
  tags: ["Notifications"],
  summary: "Mark one notification read",
  request: { params: z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) }) },
  responses: { 204: { description: "Marked read" }, 401: authErrors[401], 404: jsonError("No such notification for this user") },
});

export const markAllRead = createRoute({
  method: "post",
  path: "/api/notifications/read-all",
  tags: ["Notifications"],
  summary: "Mark all of the user's notifications read",
  responses: { 204: { description: "All marked read" }, 401: authErrors[401] },
});
