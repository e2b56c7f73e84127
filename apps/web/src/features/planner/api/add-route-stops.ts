import { routeDetailSchema, type AddRouteStops, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";

/** POST /api/routes/:id/stops: adds destinations and re-plans the saved route as the same route (no quota used). */
export function addRouteStops({ id, ...body }: AddRouteStops & { id: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/stops`, { method: "POST", body, schema: routeDetailSchema });
}

export const useAddRouteStops = () => useRouteEdit(addRouteStops);
