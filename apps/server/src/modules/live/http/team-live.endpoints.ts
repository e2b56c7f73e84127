import { createRoute, z } from "@hono/zod-openapi";
import { liveRoutesResponseSchema, moveLiveStopSchema, positionsResponseSchema, urgentOrderSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";
import { body, fleetErrors, TeamParam } from "../../../http/team-params";

const tags = ["Live operations"];
const pathParam = (name: string) => ({ param: { name, in: "path" as const } });
const RouteParam = TeamParam.extend({ routeId: z.uuid().openapi(pathParam("routeId")) });
const StopParam = RouteParam.extend({ stopId: z.uuid().openapi(pathParam("stopId")) });
const errors = { ...authErrors, ...fleetErrors };
const changed = "Drivers hear route_changed on `driver` (and a notification), managers on live:{teamId}";

export const getLiveRoutes = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/routes",
  tags,
  summary: "The day's dispatched routes of the team (managers): driver, vehicle, done/total, minutes behind plan, stops with status, proof and tracking link, planned vs actual",
  request: { params: TeamParam, query: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give the date as YYYY-MM-DD" }) }) },
  responses: { 200: json(liveRoutesResponseSchema, "Routes"), ...errors },
});

export const getNextLiveDay = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/routes/next",
  tags,
  summary: "The first day from `from` (the manager's today, YYYY-MM-DD; default the server's) on with a dispatched route of the team (managers); { date: null } when none",
  request: { params: TeamParam, query: z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give the date as YYYY-MM-DD" }).optional() }) },
  responses: { 200: json(z.object({ date: z.string().nullable() }), "The next day with a dispatched route"), ...errors },
});

export const getPositions = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/positions",
  tags,
  summary: "Each driver's latest position today with a trail of the last 50 points, oldest first (managers)",
  request: { params: TeamParam },
  responses: { 200: json(positionsResponseSchema, "Positions"), ...errors },
});

const routeResult = json(z.object({ routeId: z.string() }), "The route changed");

export const resequence = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/routes/{routeId}/resequence",
  tags,
  summary: `Re-order the remaining stops from the driver's latest position and now (engine, open route, windows); stops already reached keep their place. ${changed}`,
  request: { params: RouteParam },
  responses: { 200: routeResult, ...errors, 409: jsonError("The route is completed") },
});

export const moveStop = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/routes/{routeId}/stops/{stopId}/move",
  tags,
  summary: `Move a pending stop to another route of the team (or another position), both routes re-timed. ${changed}`,
  request: { params: StopParam, ...body(moveLiveStopSchema) },
  responses: { 200: json(z.object({ routeId: z.string(), stopId: z.string() }), "Where the stop is now"), ...errors, 409: jsonError("The stop is not pending, or a route is completed") },
});

export const urgent = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/routes/urgent",
  tags,
  summary: `Insert a new order into the active route of that date where it adds least time (cheapest insertion over the remaining stops). ${changed}`,
  request: { params: TeamParam, ...body(urgentOrderSchema) },
  responses: { 200: json(z.object({ routeId: z.string(), stopId: z.string() }), "The route that took it and the new stop"), ...errors, 409: jsonError("No active route that day (noActiveRoute)") },
});
