import { routeDetailSchema, type AddRouteStops, type RouteDetail } from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";

/** POST /api/routes/:id/stops: adds destinations and re-plans the saved route as the same route (no quota used). */
export function addRouteStops({ id, ...body }: AddRouteStops & { id: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/stops`, { method: "POST", body, schema: routeDetailSchema });
}

/** A 409 (a new stop far from the others) is asked about next to the stop, not toasted. */
export const useAddRouteStops = () =>
  useRouteEdit(addRouteStops, { errorTitle: "Could not add the stop", errorShownInline: (error) => error instanceof ApiError && error.status === 409 && error.code === "CONFLICT" });
