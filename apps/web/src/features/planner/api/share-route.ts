import { useMutation, useQueryClient } from "@tanstack/react-query";
import { routeShareSchema, type RouteShare } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { useTranslation } from "@/lib/i18n";

/** POST /api/routes/:id/share → the read-only link (the same one again if it already exists). */
export function shareRoute(id: string): Promise<RouteShare> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/share`, { method: "POST", schema: routeShareSchema });
}

export function useShareRoute() {
  const queryClient = useQueryClient();
  const { t } = useTranslation("planner");
  return useMutation({ meta: { errorTitle: t("errors.share") }, mutationFn: shareRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }) });
}
