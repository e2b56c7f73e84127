import { useMutation, useQueryClient } from "@tanstack/react-query";
import { notificationsQueryKey, type Notification, type NotificationList } from "@/features/notifications/api/get-notifications";

/**
 * A mutation that marks notifications read: the list and badge change at once (those `marks`
 * selects become read; `all`: every one, including those beyond the listed 20), are restored if
 * the server refuses (said in the app's error toast under `errorTitle`, decision 018), and are
 * refetched either way.
 */
export function useReadMutation<V>(mutationFn: (vars: V) => Promise<void>, marks: (notification: Notification, vars: V) => boolean, errorTitle: string, all = false) {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle },
    mutationFn,
    onMutate: async (vars: V) => {
      await queryClient.cancelQueries({ queryKey: notificationsQueryKey });
      const previous = queryClient.getQueryData<NotificationList>(notificationsQueryKey);
      if (previous) {
        const now = new Date().toISOString();
        const read = previous.notifications.filter((n) => n.readAt === null && marks(n, vars)).length;
        queryClient.setQueryData<NotificationList>(notificationsQueryKey, {
          ...previous,
          notifications: previous.notifications.map((n) => (n.readAt === null && marks(n, vars) ? { ...n, readAt: now } : n)),
          unreadCount: all ? 0 : Math.max(0, previous.unreadCount - read),
        });
      }
      return { previous };
    },
    onError: (_error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData(notificationsQueryKey, context.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryKey }),
  });
}
