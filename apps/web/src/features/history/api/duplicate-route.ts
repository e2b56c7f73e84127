import { useMutation, useQueryClient } from "@tanstack/react-query";
import { routeDetailSchema, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useTranslation } from "@/lib/i18n";

/** POST /api/routes/:id/duplicate → 201 with the copy (no quota used). */
export function duplicateRoute(id: string): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/duplicate`, { method: "POST", schema: routeDetailSchema });
}

export function useDuplicateRoute() {
  const { t } = useTranslation("history");
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: t("errors.duplicate") }, mutationFn: duplicateRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }) });
}
