import { createRoute, z } from "@hono/zod-openapi";
import {
  createPlanSchema,
  dispatchPlanSchema,
  dispatchResultSchema,
  fleetPlanListSchema,
  planComparisonSchema,
  planDetailSchema,
  planLocksSchema,
  planMoveSchema,
  planVariantSchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";
import { body, fleetErrors, fleetTags as tags, TeamParam } from "../../../http/team-params";

const PlanParam = TeamParam.extend({ planId: z.uuid().openapi({ param: { name: "planId", in: "path" } }) });
const accepted = json(z.object({ id: z.string() }), "Accepted: the plan is queued and solved in the background (progress on realtime topic team:{teamId}, plan_progress / plan_done)");
const conflict = { 409: jsonError("The plan has been dispatched (frozen: copy it into a variant), or is still being solved") };
const errors = { ...authErrors, ...fleetErrors };

export const createPlan = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/plans",
  tags,
  summary: "Plan a day's orders across some of the team's vehicles (managers). 400 names the order index and field (e.g. orders.3.timeWindows.0.end); 402 over the route quota. Each non-empty route counts as one route against the quota when the plan is done",
  request: { params: TeamParam, ...body(createPlanSchema) },
  responses: { 202: accepted, 402: jsonError("Over the monthly route quota"), ...errors },
});

export const listPlans = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/plans",
  tags,
  summary: "The team's plans, newest first, optionally for one date (managers)",
  request: { params: TeamParam, query: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional() }) },
  responses: { 200: json(fleetPlanListSchema, "Plans"), ...errors },
});

export const getPlan = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/plans/{planId}",
  tags,
  summary: "A plan: status and progress, routes with stops, unassigned orders with their reasons, totals, locks and the violations of manual edits (managers)",
  request: { params: PlanParam },
  responses: { 200: json(planDetailSchema, "Plan"), ...errors },
});

export const listPlanVariants = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/plans/{planId}/variants",
  tags,
  summary: "The plan's variants and versions: the plan they all come from, every copy made from it or from its copies, this plan included, oldest first (managers)",
  request: { params: PlanParam },
  responses: { 200: json(fleetPlanListSchema, "The plan's family"), ...errors },
});

export const movePlanStop = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/plans/{planId}/moves",
  tags,
  summary: "Move an order to a vehicle and position, or off the routes (toVehicleId null: unassigned, its lock dropped); the routes are recomputed (no engine) with their geometry and checked; what the move breaks is returned and kept as violations",
  request: { params: PlanParam, ...body(planMoveSchema) },
  responses: { 200: json(planDetailSchema, "The plan after the move"), ...errors, ...conflict },
});

export const putPlanLocks = createRoute({
  method: "put",
  path: "/api/teams/{teamId}/plans/{planId}/locks",
  tags,
  summary: "Lock orders to vehicles (kept by the next re-plan)",
  request: { params: PlanParam, ...body(planLocksSchema) },
  responses: { 200: json(planDetailSchema, "The plan with its locks"), ...errors, ...conflict },
});

export const replan = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/plans/{planId}/replan",
  tags,
  summary: "Solve the plan again keeping its locked orders on their vehicles",
  request: { params: PlanParam },
  responses: { 202: accepted, ...errors, ...conflict },
});

export const createVariant = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/plans/{planId}/variants",
  tags,
  summary: "Copy the plan's orders into a variant with other vehicles, objective or settings (also how a dispatched plan gets a new version)",
  request: { params: PlanParam, ...body(planVariantSchema) },
  responses: { 202: accepted, 402: jsonError("Over the monthly route quota"), ...errors },
});

export const comparePlans = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/plans/{planId}/compare",
  tags,
  summary: "Totals of the plan and others (with=id2,id3) side by side: distance, time, vehicles used, unassigned, lateness, cost",
  request: { params: PlanParam, query: z.object({ with: z.string().max(400).optional() }) },
  responses: { 200: json(planComparisonSchema, "Plans side by side"), ...errors },
});

export const dispatchPlan = createRoute({
  method: "post",
  path: "/api/teams/{teamId}/plans/{planId}/dispatch",
  tags,
  summary:
    "Turn the chosen non-empty routes (vehicleIds; by default every route not dispatched yet that has a driver) into routes assigned to their driver (given, or the driver whose default vehicle it is) and vehicle; drivers get a notification and an e-mail; the plan's edits are frozen; routes left planned (no driver yet) can be dispatched by a later call on the same plan",
  request: { params: PlanParam, ...body(dispatchPlanSchema) },
  responses: {
    200: json(dispatchResultSchema, "Dispatched routes"),
    ...errors,
    409: jsonError(
      "Every route of the plan has been dispatched, a chosen route already was, or the plan is still being solved; or a driver does not work on the plan's weekday or lacks a driver skill an order of the route needs (fields name each assignment: send dispatchAnyway true to dispatch as chosen)",
    ),
  },
});
