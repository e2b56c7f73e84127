import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { apiRequest } from "@/lib/api-client";

/** GET /api/notifications response (the latest 20, newest first, plus badge counts). */
export const notificationListSchema = z.object({
  notifications: z.array(
    z.object({
      id: z.string(),
      type: z.string(),
      title: z.string(),
      message: z.string(),
      createdAt: z.string(),
      readAt: z.string().nullable(),
    }),
  ),
  unreadCount: z.number().int(),
  pendingInvitations: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;
export type Notification = NotificationList["notifications"][number];

export const notificationsQueryKey = ["notifications"] as const;
/** SPEC §9: the menu lists 20 items. */
export const NOTIFICATION_LIMIT = 20;

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest("/api/notifications", { schema: notificationListSchema, signal });
}

export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal), enabled });
}
