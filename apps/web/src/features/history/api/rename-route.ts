import { useMutation, useQueryClient } from "@tanstack/react-query";
import { routeDetailSchema, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** PATCH /api/routes/:id { name } → the renamed route. */
export function renameRoute({ id, name }: { id: string; name: string }): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}`, { method: "PATCH", body: { name }, schema: routeDetailSchema });
}

export function useRenameRoute() {
  const queryClient = useQueryClient();
  // The rename dialog shows the failure under the name (decision 018).
  return useMutation({ meta: { errorShownInline: true }, mutationFn: renameRoute, onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.routes }) });
}
