import { apiRequest } from "@/lib/api-client";
import { useReadMutation } from "@/features/notifications/api/use-read-mutation";
import { useTranslation } from "@/lib/i18n";

/** POST /api/notifications/:id/read → 204. */
export function markNotificationRead(id: string): Promise<void> {
  return apiRequest<void>(`/api/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
}

/** Marks one notification read, updating the list and badge at once. */
export function useMarkNotificationRead() {
  const { t } = useTranslation("notifications");
  return useReadMutation(markNotificationRead, (n, id) => n.id === id, t("markFailed"));
}
