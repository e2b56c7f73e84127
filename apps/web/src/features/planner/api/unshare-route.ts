import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useTranslation } from "@/lib/i18n";

/** DELETE /api/routes/:id/share → 204; the link stops working at once. */
export function unshareRoute(id: string): Promise<void> {
  return apiRequest<void>(`/api/routes/${encodeURIComponent(id)}/share`, { method: "DELETE" });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useUnshareRoute() {
  const queryClient = useQueryClient();
  const { t } = useTranslation("planner");
  return useMutation({ meta: { errorTitle: t("errors.revoke"), errorShownInline: true }, mutationFn: unshareRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }) });
}
