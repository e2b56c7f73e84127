import { useQuery } from "@tanstack/react-query";
import { sharedRouteSchema, type SharedRoute } from "@routepilot/contracts";
import { apiRequest, ApiError } from "@/lib/api-client";

/** GET /api/shared-routes/:token (public, no cookie needed) → the read-only route; 404 when unknown or revoked. */
export function getSharedRoute(token: string, signal?: AbortSignal): Promise<SharedRoute> {
  return apiRequest(`/api/shared-routes/${encodeURIComponent(token)}`, { schema: sharedRouteSchema, signal });
}

/** GET /api/shared-routes/:token/export.gpx — a download link (the server sends Content-Disposition). */
export function sharedRouteGpxUrl(token: string): string {
  return `/api/shared-routes/${encodeURIComponent(token)}/export.gpx`;
}

/** GET /api/shared-routes/:token/export.csv — the planner's CSV of the shared route (start, stops, end or the drive home; no notes). */
export function sharedRouteCsvUrl(token: string): string {
  return `/api/shared-routes/${encodeURIComponent(token)}/export.csv`;
}

export function useSharedRoute(token: string) {
  return useQuery({
    queryKey: ["shared-route", token],
    queryFn: ({ signal }) => getSharedRoute(token, signal),
    // A revoked or unknown link will not start working on a retry.
    retry: (count, error) => !(error instanceof ApiError && (error.status === 404 || error.status === 400)) && count < 1,
  });
}
