import { routeDetailSchema, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";
import { useTranslation } from "@/lib/i18n";

/** DELETE /api/routes/:id/stops/:stopId: the route without the stop, recomputed in its current order. */
export function removeRouteStop({ id, stopId }: { id: string; stopId: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/stops/${encodeURIComponent(stopId)}`, { method: "DELETE", schema: routeDetailSchema });
}

export function useRemoveRouteStop() {
  const { t } = useTranslation("planner");
  return useRouteEdit(removeRouteStop, { errorTitle: t("errors.removeStop") });
}
