import { apiRequest } from "@/lib/api-client";
import { useReadMutation } from "@/features/notifications/api/use-read-mutation";

/** POST /api/notifications/:id/read → 204. */
export function markNotificationRead(id: string): Promise<void> {
  return apiRequest<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

/** Marks one notification read, updating the list and badge at once. */
export function useMarkNotificationRead() {
  return useReadMutation(markNotificationRead, (n, id) => n.id === id, "Could not mark the notification read");
}
