import { useQuery } from "@tanstack/react-query";
import { NOTIFICATION_LIMIT, notificationListSchema, type Notification, type NotificationList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export { NOTIFICATION_LIMIT, type Notification, type NotificationList };

export const notificationsQueryKey = queryKeys.notifications;

export function getNotifications(signal?: AbortSignal): Promise<NotificationList> {
  return apiRequest("/api/notifications", { schema: notificationListSchema, signal });
}

export function useNotifications({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: notificationsQueryKey, queryFn: ({ signal }) => getNotifications(signal), enabled });
}
