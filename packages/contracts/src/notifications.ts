import { z } from "zod";

/** SPEC §3 team_notifications types. */
export const notificationTypes = ["team_invitation", "fleet_communication", "alert", "other"] as const;

export const notificationSchema = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** GET /api/notifications: the latest 20, newest first, plus the counts behind the bell badge. */
export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

/** SPEC §9: the notifications menu lists 20 items. */
export const NOTIFICATION_LIMIT = 20;
