import { routeDetailSchema, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";

/** DELETE /api/routes/:id/stops/:stopId: the route without the stop, recomputed in its current order. */
export function removeRouteStop({ id, stopId }: { id: string; stopId: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/stops/${encodeURIComponent(stopId)}`, { method: "DELETE", schema: routeDetailSchema });
}

export const useRemoveRouteStop = () => useRouteEdit(removeRouteStop, { errorTitle: "Could not remove the stop" });
