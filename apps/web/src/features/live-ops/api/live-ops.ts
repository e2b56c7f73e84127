import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import {
  geocodeResponseSchema,
  liveMessageTypes,
  liveRoutesResponseSchema,
  liveTopic,
  positionsResponseSchema,
  type DriverPosition,
  type GeocodeResponse,
  type UrgentOrderInput,
} from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";
import { useRealtimeMessages } from "@/lib/realtime";
import { liveKeys } from "@/features/live-ops/api/keys";
import { applyPositionUpdates, keepNewer, positionUpdates } from "@/features/live-ops/lib/live";

const teamPath = (teamId: string) => `/api/teams/${encodeURIComponent(teamId)}`;
const routePath = (teamId: string, routeId: string) => `${teamPath(teamId)}/routes/${encodeURIComponent(routeId)}`;

/** GET /api/teams/{teamId}/routes?date=: the day's dispatched routes with their stops' statuses. No polling: realtime messages refetch it. */
export function useLiveRoutes(teamId: string, date: string) {
  return useQuery({
    queryKey: liveKeys.day(teamId, date),
    queryFn: ({ signal }) => apiRequest(`${teamPath(teamId)}/routes?date=${encodeURIComponent(date)}`, { schema: liveRoutesResponseSchema, signal }).then((r) => r.routes),
  });
}

/** GET /api/teams/{teamId}/routes/next?from=: the first day from `from` on with a dispatched route of the team (null when none). */
export function useNextLiveDay(teamId: string, from: string, enabled: boolean) {
  return useQuery({
    queryKey: [...liveKeys.routes(teamId), "next", from],
    queryFn: ({ signal }) => apiRequest(`${teamPath(teamId)}/routes/next?from=${encodeURIComponent(from)}`, { schema: z.object({ date: z.string().nullable() }), signal }).then((r) => r.date),
    enabled,
  });
}

/** GET /api/teams/{teamId}/positions: each driver's latest position and trail; `driver_position` messages update it in place. */
export function usePositions(teamId: string) {
  const queryClient = useQueryClient();
  const queryKey = liveKeys.positions(teamId);
  return useQuery({
    queryKey,
    // A position that arrived by message while this request was under way is newer than the answer: kept.
    queryFn: ({ signal }) =>
      apiRequest(`${teamPath(teamId)}/positions`, { schema: positionsResponseSchema, signal }).then((r) => keepNewer(r.positions, queryClient.getQueryData<DriverPosition[]>(queryKey))),
  });
}

/**
 * Follows the team's `live:{teamId}` topic: a driver's position goes straight into the positions
 * cache (no request); a stop status, a changed route or a late route refetches the routes. After a
 * reconnect the realtime provider refetches everything under the `live` key.
 */
export function useLiveUpdates(teamId: string) {
  const queryClient = useQueryClient();
  const topic = liveTopic(teamId);
  useRealtimeMessages(topic, (message) => {
    if (message.topic !== topic) return;
    if (message.type === liveMessageTypes.driverPosition) {
      const updates = positionUpdates(message.data);
      const current = queryClient.getQueryData<DriverPosition[]>(liveKeys.positions(teamId));
      const next = current && updates.length > 0 ? applyPositionUpdates(current, updates) : null;
      if (next) queryClient.setQueryData(liveKeys.positions(teamId), next);
      else void queryClient.invalidateQueries({ queryKey: liveKeys.positions(teamId) });
      return;
    }
    if (message.type === liveMessageTypes.stopStatus || message.type === liveMessageTypes.routeChanged || message.type === liveMessageTypes.routeLate) {
      void queryClient.invalidateQueries({ queryKey: liveKeys.routes(teamId) });
    }
  });
}

/**
 * Refetches the day's routes after a re-plan (the realtime `route_changed` does the same for other
 * tabs). A refusal is shown by the button that asked (ActionError), so the app's toast is not (decision 018).
 */
function useReplan<V>(teamId: string, mutationFn: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ meta: { errorShownInline: true }, mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: liveKeys.routes(teamId) }) });
}

/** POST …/routes/{routeId}/resequence: the remaining stops re-ordered from the driver's current position and time. */
export function useResequence(teamId: string) {
  return useReplan(teamId, (routeId: string) => apiRequest(`${routePath(teamId, routeId)}/resequence`, { method: "POST", body: {} }));
}

/** POST …/routes/{routeId}/stops/{stopId}/move `{ toRouteId }`: a pending stop onto another driver's route. */
export function useMoveStop(teamId: string) {
  return useReplan(teamId, ({ routeId, stopId, toRouteId }: { routeId: string; stopId: string; toRouteId: string }) =>
    apiRequest(`${routePath(teamId, routeId)}/stops/${encodeURIComponent(stopId)}/move`, { method: "POST", body: { toRouteId } }),
  );
}

const urgentResultSchema = z.union([z.object({ routeId: z.string() }).loose(), z.object({ route: z.object({ id: z.string() }).loose() }).loose()]);

/** POST …/routes/urgent: a new order inserted into the best active route → the id of the route that took it. */
export function useUrgentOrder(teamId: string) {
  return useReplan(teamId, (input: UrgentOrderInput) =>
    apiRequest(`${teamPath(teamId)}/routes/urgent`, { method: "POST", body: input, schema: urgentResultSchema }).then((r) => ("routeId" in r ? r.routeId : r.route.id)),
  );
}

/** GET /api/geocode?q=: the planner's place search. */
export function searchPlaces(q: string): Promise<GeocodeResponse["results"]> {
  return apiRequest(`/api/geocode?${new URLSearchParams({ q, limit: "5" }).toString()}`, { schema: geocodeResponseSchema }).then((r) => r.results);
}
