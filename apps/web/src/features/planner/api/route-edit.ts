import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RouteDetail } from "@routepilot/contracts";
import type { MutationErrorMeta } from "@/lib/query-client";
import { queryKeys } from "@/lib/query-keys";
import { routeQueryKey } from "@/features/planner/api/get-route";

/**
 * A mutation that edits a saved route and answers with it: the route's cache takes the answer and
 * the history list is refreshed. `meta` tells the app's error default how to show a failure (decision 018).
 */
export function useRouteEdit<TInput>(mutationFn: (input: TInput) => Promise<RouteDetail>, meta: MutationErrorMeta) {
  const queryClient = useQueryClient();
  return useMutation({
    meta,
    mutationFn,
    onSuccess: async (route) => {
      queryClient.setQueryData(routeQueryKey(route.id), route);
      await queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] });
    },
  });
}
