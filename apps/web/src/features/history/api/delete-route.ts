import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useTranslation } from "@/lib/i18n";

/** DELETE /api/routes/:id → 204 (its stops and share link go with it). */
export function deleteRoute(id: string): Promise<void> {
  return apiRequest<void>(`/api/routes/${encodeURIComponent(id)}`, { method: "DELETE" });
}

/** Asked in a ConfirmDialog, which shows a failure itself (decision 018: a toast is the wrong place for a dialog's error). */
export function useDeleteRoute() {
  const { t } = useTranslation("history");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("errors.delete"), errorShownInline: true },
    mutationFn: deleteRoute,
    onSuccess: async (_data, id) => {
      queryClient.removeQueries({ queryKey: [...queryKeys.routes, id] });
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] });
    },
  });
}
