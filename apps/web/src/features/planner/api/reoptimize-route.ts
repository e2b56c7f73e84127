import { useMutation, useQueryClient } from "@tanstack/react-query";
import { routeDetailSchema, type ReoptimizeRoute, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { routeQueryKey } from "@/features/planner/api/get-route";

/**
 * POST /api/routes/:id/reoptimize: `order` (stop ids), `pinned` (ids that keep their place),
 * `optimize: false` to apply the order as it is. Uses no quota.
 */
export function reoptimizeRoute({ id, ...body }: ReoptimizeRoute & { id: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/reoptimize`, { method: "POST", body, schema: routeDetailSchema });
}

export function useReoptimizeRoute() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reoptimizeRoute,
    onSuccess: async (route) => {
      queryClient.setQueryData(routeQueryKey(route.id), route);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] });
    },
  });
}
