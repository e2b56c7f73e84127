import { routeDetailSchema, type ReoptimizeRoute, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRouteEdit } from "@/features/planner/api/route-edit";
import { useTranslation } from "@/lib/i18n";

/**
 * POST /api/routes/:id/reoptimize: `order` (stop ids), `pinned` (ids that keep their place),
 * `optimize: false` to apply the order as it is, `dropUnassigned` to re-plan without the stops
 * that could not be included. Uses no quota.
 */
export function reoptimizeRoute({ id, ...body }: ReoptimizeRoute & { id: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/reoptimize`, { method: "POST", body, schema: routeDetailSchema });
}

export function useReoptimizeRoute() {
  const { t } = useTranslation("planner");
  return useRouteEdit(reoptimizeRoute, { errorTitle: t("errors.replan") });
}
