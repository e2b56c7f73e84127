import { useQuery } from "@tanstack/react-query";
import { NOTIFICATION_LIMIT, notificationListSchema, type Notification, type NotificationList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export { NOTIFICATION_LIMIT, type Notification, type NotificationList };

export const notificationsQueryKey = ["notifications"] as const;

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest("/api/notifications", { schema: notificationListSchema, signal });
}

export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal), enabled });
}
