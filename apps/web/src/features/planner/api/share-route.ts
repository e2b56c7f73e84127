import { useMutation, useQueryClient } from "@tanstack/react-query";
import { routeShareSchema, type RouteShare } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** POST /api/routes/:id/share → the read-only link (the same one again if it already exists). */
export function shareRoute(id: string): Promise<RouteShare> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}/share`, { method: "POST", schema: routeShareSchema });
}

export function useShareRoute() {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorTitle: "Could not create the share link" }, mutationFn: shareRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: [...queryKeys.routes, "list"] }) });
}
