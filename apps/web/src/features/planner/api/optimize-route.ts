import { useMutation, useQueryClient } from "@tanstack/react-query";
import { optimizeRouteResponseSchema, type OptimizeRouteRequest, type OptimizeRouteResponse } from "@routepilot/contracts";
import { ApiError, apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";
import { showOverLimitToast } from "@/lib/over-limit-toast";
import { routeQueryKey } from "@/features/planner/api/get-route";
import { useTranslation } from "@/lib/i18n";

/** POST /api/routes/optimize → the stored route and the usage after it (402 over quota without a payment method). */
export function optimizeRoute(body: OptimizeRouteRequest): Promise<OptimizeRouteResponse> {
  return apiRequest("/api/routes/optimize", { method: "POST", body, schema: optimizeRouteResponseSchema });
}

/** Failures the planner shows itself: a 409 (a place far from the others: back to the review step), and a refusal (402, 429) by the Optimise button. */
const shownByPlanner = (error: unknown) => error instanceof ApiError && (error.status === 409 || error.status === 402 || error.status === 429);

/**
 * Optimises, then refreshes usage, plan, history and the bell (an 80 % or 100 % notice may have
 * been written); shows the SPEC §8 over-limit toast when the route was above the limit. A failure
 * is the app's error toast (decision 018), except those the planner shows (`shownByPlanner`);
 * a 402 refreshes the usage, so the planner's limit banner appears.
 */
export function useOptimizeRoute() {
  const { t } = useTranslation("planner");
  const queryClient = useQueryClient();
  return useMutation({
    meta: { errorTitle: t("errors.optimise"), errorShownInline: shownByPlanner },
    mutationFn: optimizeRoute,
    onSuccess: async ({ route, usage }) => {
      const { overage, ...summary } = usage;
      queryClient.setQueryData(queryKeys.usage, summary);
      queryClient.setQueryData(routeQueryKey(route.id), route);
      if (overage) showOverLimitToast(overage);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.plan }),
        queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications }),
      ]);
    },
    onError: async (error) => {
      if (error instanceof ApiError && error.status === 402) await queryClient.invalidateQueries({ queryKey: queryKeys.usage });
    },
  });
}
