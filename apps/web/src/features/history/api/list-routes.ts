import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { routeListSchema, type RouteList } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

/** Whose routes: the caller's own (none given), or a team's members' (teamId) or one member's (memberId), for the team's owner/admin. */
export type RouteAuthorFilter = { teamId?: string | undefined; memberId?: string | undefined };

export const routeListQueryKey = (q: string, filter: RouteAuthorFilter = {}) => [...queryKeys.routes, "list", q, filter.teamId ?? "", filter.memberId ?? ""] as const;

/** GET /api/routes?q=&teamId=&memberId= → the routes, newest first, and how many match. */
export function listRoutes(q: string, signal?: AbortSignal, filter: RouteAuthorFilter = {}): Promise<RouteList> {
  const params = new URLSearchParams({ limit: "100" });
  if (q.trim()) params.set("q", q.trim());
  if (filter.teamId) params.set("teamId", filter.teamId);
  if (filter.memberId) params.set("memberId", filter.memberId);
  return apiRequest(`/api/routes?${params.toString()}`, { schema: routeListSchema, signal });
}

export function useRouteList(q: string, filter: RouteAuthorFilter = {}) {
  return useQuery({ queryKey: routeListQueryKey(q.trim(), filter), queryFn: ({ signal }) => listRoutes(q, signal, filter), placeholderData: keepPreviousData });
}
