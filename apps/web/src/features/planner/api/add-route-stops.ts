import { routeDetailSchema, type AddRouteStops, type RouteDetail } from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";
import { useTranslation } from "@/lib/i18n";

/** POST /api/routes/:id/stops: adds destinations and re-plans the saved route as the same route (no quota used). */
export function addRouteStops({ id, ...body }: AddRouteStops & { id: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/stops`, { method: "POST", body, schema: routeDetailSchema });
}

/** A 409 (a new stop far from the others) is asked about next to the stop, not toasted. */
export function useAddRouteStops() {
  const { t } = useTranslation("planner");
  return useRouteEdit(addRouteStops, { errorTitle: t("errors.addStop"), errorShownInline: (error) => error instanceof ApiError && error.status === 409 && error.code === "CONFLICT" });
}
