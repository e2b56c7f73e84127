import { useQuery } from "@tanstack/react-query";
import { routeDetailSchema, type RouteDetail } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const routeQueryKey = (id: string) => [...queryKeys.routes, id] as const;

/** GET /api/routes/:id → one of the user's routes with its ordered stops. */
export function getRoute(id: string, signal?: AbortSignal): Promise<RouteDetail> {
  return apiRequest(`/api/routes/${encodeURIComponent(id)}`, { schema: routeDetailSchema, signal });
}

export function useRoute(id: string | null) {
  return useQuery({ queryKey: routeQueryKey(id ?? ""), queryFn: ({ signal }) => getRoute(id!, signal), enabled: Boolean(id) });
}
