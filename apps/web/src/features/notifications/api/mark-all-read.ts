import { apiRequest } from "@/lib/api-client";
import { useReadMutation } from "@/features/notifications/api/use-read-mutation";

/** POST /api/notifications/read-all → 204. */
export function markAllNotificationsRead(): Promise<void> {
  return apiRequest<void>("/api/notifications/read-all", { method: "POST" });
}

/** Marks every notification read; the list and badge change at once, then the server's counts are refetched. */
export function useMarkAllNotificationsRead() {
  return useReadMutation<void>(markAllNotificationsRead, () => true, "Could not mark the notifications read", true);
}
