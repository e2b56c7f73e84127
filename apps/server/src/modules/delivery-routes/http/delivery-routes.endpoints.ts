import { createRoute, z } from "@hono/zod-openapi";
import {
  addRouteStopsSchema,
  exportRouteQuerySchema,
  listRoutesQuerySchema,
  routeHistoryFilterSchema,
  optimizeRouteRequestSchema,
  optimizeRouteResponseSchema,
  reoptimizeRouteSchema,
  routeDetailSchema,
  routeListSchema,
  routeShareSchema,
  updateRouteSchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError, rateLimited } from "../../../lib/openapi";

const IdParam = z.object({ id: z.uuid({ error: "Route not found" }).openapi({ param: { name: "id", in: "path" } }) });
const notFound = { 404: jsonError("No such route for this user") };
const body = <T extends z.ZodType>(schema: T) => ({ body: { content: { "application/json": { schema } }, required: true } });

export const optimizeRoute = createRoute({
  method: "post",
  path: "/api/routes/optimize",
  tags: ["Routes"],
  summary: "Geocode, optimise and store a route; consumes one route of the monthly quota",
  description:
    "Places are `{ address }` or `{ lat, lng }`. The response has the ordered stops with legs and ETAs (seconds after departure), totals, the distance in the typed order, geometry (encoded polyline, precision 5), the routing provider and `distanceKind`, and the usage summary; `usage.overage` carries the SPEC §8 over-limit toast when this route was above the limit.",
  request: body(optimizeRouteRequestSchema),
  responses: {
    200: json(optimizeRouteResponseSchema, "Optimised and stored"),
    ...authErrors,
    402: jsonError("Monthly limit reached and no payment method: upgrade to continue (nothing consumed)"),
    429: rateLimited("Too many optimisations; see Retry-After"),
  },
});

export const listRoutes = createRoute({
  method: "get",
  path: "/api/routes",
  tags: ["Routes"],
  summary: "The signed-in user's routes, newest first; `q` searches names, places and stops; `teamId`/`memberId`: team members' routes (team owner/admin)",
  request: { query: listRoutesQuerySchema.extend(routeHistoryFilterSchema.shape) },
  responses: {
    200: json(routeListSchema, "Routes"),
    400: authErrors[400],
    401: authErrors[401],
    404: jsonError("teamId/memberId: no team the caller owns or administers, or no such member in it"),
  },
});

export const getRoute = createRoute({
  method: "get",
  path: "/api/routes/{id}",
  tags: ["Routes"],
  summary: "One route with its ordered stops",
  request: { params: IdParam },
  responses: { 200: json(routeDetailSchema, "Route"), 401: authErrors[401], ...notFound },
});

export const updateRoute = createRoute({
  method: "patch",
  path: "/api/routes/{id}",
  tags: ["Routes"],
  summary: "Rename a route or change its status",
  request: { params: IdParam, ...body(updateRouteSchema) },
  responses: { 200: json(routeDetailSchema, "Updated"), ...authErrors, ...notFound },
});

export const deleteRoute = createRoute({
  method: "delete",
  path: "/api/routes/{id}",
  tags: ["Routes"],
  summary: "Delete a route (its stops and share links go with it)",
  request: { params: IdParam },
  responses: { 204: { description: "Deleted" }, 401: authErrors[401], ...notFound },
});

export const duplicateRoute = createRoute({
  method: "post",
  path: "/api/routes/{id}/duplicate",
  tags: ["Routes"],
  summary: "Copy a route (no quota is used)",
  request: { params: IdParam },
  responses: { 201: json(routeDetailSchema, "Copy"), 401: authErrors[401], ...notFound },
});

export const reoptimizeRoute = createRoute({
  method: "post",
  path: "/api/routes/{id}/reoptimize",
  tags: ["Routes"],
  summary: "Re-plan a route: apply a new order, keep pinned stops in place and re-optimise the rest",
  description:
    "`order`: every stop id in a new order (default: current order). `pinned`: stop ids that keep their position (default: those pinned before). `optimize: false` applies `order` as is. `dropUnassigned: true` forgets the stops that could not be included. No quota is used; the optimisation rate limit applies.",
  request: { params: IdParam, body: { content: { "application/json": { schema: reoptimizeRouteSchema } }, required: false } },
  responses: { 200: json(routeDetailSchema, "Re-planned"), ...authErrors, ...notFound, 429: rateLimited("Too many optimisations; see Retry-After") },
});

const StopParams = IdParam.extend({ stopId: z.uuid({ error: "Stop not found" }).openapi({ param: { name: "stopId", in: "path" } }) });

export const addRouteStops = createRoute({
  method: "post",
  path: "/api/routes/{id}/stops",
  tags: ["Routes"],
  summary: "Add destinations to a saved route and re-plan it as the same route (no quota is used)",
  description:
    "Places are geocoded as in an optimisation. Pinned stops keep their positions; the route is otherwise re-optimised with the new stops. Stops that cannot be included are listed in `unassigned`. The optimisation rate limit applies; see docs/decisions/005-editing-a-saved-route.md.",
  request: { params: IdParam, ...body(addRouteStopsSchema) },
  responses: { 200: json(routeDetailSchema, "Re-planned with the new stops"), ...authErrors, ...notFound, 409: jsonError("The route changed meanwhile"), 429: rateLimited("Too many optimisations; see Retry-After") },
});

export const removeRouteStop = createRoute({
  method: "delete",
  path: "/api/routes/{id}/stops/{stopId}",
  tags: ["Routes"],
  summary: "Remove a stop from a saved route; legs, ETAs and totals are recomputed in the current order",
  request: { params: StopParams },
  responses: { 200: json(routeDetailSchema, "The route without the stop"), ...authErrors, 404: jsonError("No such route or stop for this user"), 409: jsonError("The route changed meanwhile"), 429: rateLimited("Too many optimisations; see Retry-After") },
});

export const shareRoute = createRoute({
  method: "post",
  path: "/api/routes/{id}/share",
  tags: ["Routes"],
  summary: "Create (or return) the read-only share link",
  request: { params: IdParam },
  responses: { 200: json(routeShareSchema, "Share link"), 401: authErrors[401], ...notFound },
});

export const unshareRoute = createRoute({
  method: "delete",
  path: "/api/routes/{id}/share",
  tags: ["Routes"],
  summary: "Revoke the share link",
  request: { params: IdParam },
  responses: { 204: { description: "Revoked" }, 401: authErrors[401], ...notFound },
});

export const exportRoute = createRoute({
  method: "get",
  path: "/api/routes/{id}/export",
  tags: ["Routes"],
  summary: "Download the route as GPX 1.1 (a route with waypoints) or CSV",
  request: { params: IdParam, query: exportRouteQuerySchema },
  responses: {
    200: { description: "The file", content: { "application/gpx+xml": { schema: z.string() }, "text/csv": { schema: z.string() } } },
    400: authErrors[400],
    401: authErrors[401],
    ...notFound,
  },
});
