import { apiRequest } from "@/lib/api-client";
import { useReadMutation } from "@/features/notifications/api/use-read-mutation";
import { useTranslation } from "@/lib/i18n";

/** POST /api/notifications/read-all → 204. */
export function markAllNotificationsRead(): Promise<void> {
  return apiRequest<void>("/api/notifications/read-all", { method: "POST" });
}

/** Marks every notification read; the list and badge change at once, then the server's counts are refetched. */
export function useMarkAllNotificationsRead() {
  const { t } = useTranslation("notifications");
  return useReadMutation<void>(markAllNotificationsRead, () => true, t("markAllFailed"), true);
}
