import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { notificationsQueryKey, type NotificationList } from "@/features/notifications/api/get-notifications";

/** POST /api/notifications/:id/read → 204. */
export function markNotificationRead(id: string): Promise<void> {
  return apiRequest<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

/** Marks one notification read, updating the list and badge at once. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        const now = new Date().toISOString();
        const wasUnread = previous.notifications.some((n) => n.id === id && n.readAt === null);
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
          ...previous,
          notifications: previous.notifications.map((n) => (n.id === id && n.readAt === null ? { ...n, readAt: now } : n)),
          unreadCount: Math.max(0, previous.unreadCount - (wasUnread ? 1 : 0)),
        });
      }
      return { previous };
    },
    onError: (_error, _id, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
