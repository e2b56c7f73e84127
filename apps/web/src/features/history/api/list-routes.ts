import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { routeListSchema, type RouteList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

export const routeListQueryKey = (q: string) => [...queryKeys.routes, "list", q] as const;

/** GET /api/routes?q= → the user's routes, newest first, and how many match. */
export function listRoutes(q: string, signal?: AbortSignal): Promise<RouteList> {
  const params = new URLSearchParams({ limit: "100" });
  if (q.trim()) params.set("q", q.trim());
  return apiRequest(`/api/routes?${params.toString()}`, { schema: routeListSchema, signal });
}

export function useRouteList(q: string) {
  return useQuery({ queryKey: routeListQueryKey(q.trim()), queryFn: ({ signal }) => listRoutes(q, signal), placeholderData: keepPreviousData });
}
