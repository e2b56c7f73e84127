import { z } from "zod";
import { planObjectives, planSchema, planSettingsSchema, planStatuses, planTotalsSchema } from "./fleet";

/**
 * Fleet plan editing, variants and dispatch (issue 11): request bodies, the plan as the API
 * returns it (the result plus versions, locks and violations), and their messages.
 */

export const planMessages = {
  duplicateOrderId: "Two orders have the same id",
  unknownOrder: "This order is not in the plan",
  notReady: "The plan is still being solved; try again when it is done",
  notADriver: "This person is not a driver of the team",
  noDriver: (vehicle: string) => `Choose a driver for ${vehicle}: no driver has it as their default vehicle`,
  nothingToDispatch: "The plan has no route to dispatch",
  alreadyDispatched: (vehicle: string) => `${vehicle}'s route has already been dispatched`,
  notARoute: "This vehicle has no stop in the plan",
  dispatchedTitle: "New route",
  dispatched: (team: string, date: string, vehicle: string, stops: number) => `${team}: your route for ${date} with ${vehicle} is ready (${stops} stop${stops === 1 ? "" : "s"}).`,
  dispatchedMailSubject: (date: string) => `Your route for ${date}`,
  planFailed: "The plan could not be solved. Please try again.",
  driverOffDay: (vehicle: string, driver: string, day: string) => `${vehicle}: ${driver} does not work on ${day} (working days in Drivers)`,
  driverLacksSkill: (vehicle: string, driver: string, skills: string) => `${vehicle}: ${driver} does not have ${skills}, which orders on this route need`,
  unfitDrivers: "Some drivers do not fit their routes: change the driver, or dispatch anyway",
  hasViolations: (n: number) => `The plan breaks ${n} constraint${n === 1 ? "" : "s"} (shown in red): fix ${n === 1 ? "it" : "them"} or re-plan, or dispatch anyway`,
  engineCheckFailed: "The independent check of this plan found a problem: re-plan before dispatching",
  tooManyCompared: "Compare at most five plans at once",
  unassignedByHand: "Taken off the routes by hand. Move it onto a vehicle or re-plan to place it again.",
} as const;

export const planLockSchema = z.object({
  orderId: z.string().min(1).max(64),
  vehicleId: z.string().min(1),
  /** 0-based position in the vehicle's route, when the stop is locked to a position too. */
  position: z.number().int().min(0).max(10_000).optional(),
});
export type PlanLock = z.infer<typeof planLockSchema>;

export const planViolationSchema = z.object({
  vehicleId: z.string(),
  orderId: z.string().optional(),
  kind: z.string(),
  message: z.string(),
});
export type PlanViolation = z.infer<typeof planViolationSchema>;

/** GET /api/teams/{teamId}/plans/{id}: the plan with its variant, version, locks and what manual edits broke. */
export const planDetailSchema = planSchema.extend({
  name: z.string().nullable(),
  parentPlanId: z.string().nullable(),
  version: z.number(),
  vehicleIds: z.array(z.string()),
  locks: z.array(planLockSchema),
  violations: z.array(planViolationSchema),
  /** When the first of its routes was dispatched (edits are frozen from then on; the rest can still be dispatched). */
  dispatchedAt: z.string().nullable(),
  /** The plan's routes already dispatched, by vehicle: the driver's route and who drives it. */
  dispatched: z.array(z.object({ vehicleId: z.string(), routeId: z.string(), driverUserId: z.string().nullable() })),
});
export type PlanDetail = z.infer<typeof planDetailSchema>;

export const fleetPlanSummarySchema = z.object({
  id: z.string(),
  date: z.string(),
  name: z.string().nullable(),
  objective: z.enum(planObjectives),
  status: z.enum(planStatuses),
  progress: z.number(),
  orderCount: z.number(),
  vehicleIds: z.array(z.string()),
  totals: planTotalsSchema.nullable(),
  parentPlanId: z.string().nullable(),
  version: z.number(),
  dispatchedAt: z.string().nullable(),
  createdAt: z.string(),
});
export const fleetPlanListSchema = z.object({ plans: z.array(fleetPlanSummarySchema) });

export const planMoveSchema = z.object({
  orderId: z.string().min(1).max(64),
  /** The vehicle to move the order to; null takes it off the routes (back to unassigned, its lock dropped). */
  toVehicleId: z.string().min(1).nullable(),
  /** 0-based position among the vehicle's stops; past the end = last (ignored when unassigning). */
  position: z.number().int().min(0).max(10_000).default(0),
});
export type PlanMove = z.input<typeof planMoveSchema>;

export const planLocksSchema = z.object({ locks: z.array(planLockSchema).max(10_000) });

export const planVariantSchema = z.object({
  name: z.string().trim().min(1).max(80),
  vehicleIds: z.array(z.string()).min(1).max(500).optional(),
  objective: z.enum(planObjectives).optional(),
  settings: planSettingsSchema.optional(),
});
export type PlanVariantInput = z.infer<typeof planVariantSchema>;

export const planComparisonSchema = z.object({
  plans: z.array(fleetPlanSummarySchema.omit({ orderCount: true }).extend({ violations: z.number() })),
});

/**
 * Dispatch refuses with 409 a plan whose edits broke a constraint (its violations), and checks each assignment against the driver's profile: a driver who does not work on the
 * plan's weekday, or lacks a driver skill an order of the route needs (a skill some driver of the
 * team lists, e.g. "hazmat"; skills no driver lists are vehicle equipment, matched by the engine),
 * makes a 409 CONFLICT whose `fields` name each assignment (`assignments.{i}.driverUserId`, or
 * `vehicles.{vehicleId}` for a default driver) — a warning, not a refusal: real fleets swap days
 * and cover for each other, so the manager may send `dispatchAnyway: true` to dispatch as chosen.
 */
export const dispatchPlanSchema = z.object({
  /**
   * The routes (by vehicle) to dispatch now; the others stay planned and can be dispatched by a
   * later call on the same plan. Left out: every route not dispatched yet that has a driver (given
   * in `assignments`, or the driver whose default vehicle it is); routes with no driver stay planned.
   */
  vehicleIds: z.array(z.string().min(1)).min(1).max(500).optional(),
  /** Driver per vehicle; a vehicle left out goes to the driver whose default vehicle it is. */
  assignments: z.array(z.object({ vehicleId: z.string().min(1), driverUserId: z.string().min(1) })).max(500).optional(),
  /** Dispatch even though a driver does not work that day or lacks a skill the route needs (the 409's warnings). */
  dispatchAnyway: z.boolean().optional(),
});
export type DispatchPlanInput = z.infer<typeof dispatchPlanSchema>;

export const dispatchResultSchema = z.object({
  /** The routes dispatched by this call. */
  routes: z.array(z.object({ routeId: z.string(), vehicleId: z.string(), driverUserId: z.string() })),
  /** Vehicles whose non-empty route is still planned (not dispatched yet). */
  remaining: z.array(z.string()),
});

/** Realtime on topic team:{id} (managers): data PlanEvent. */
export const planRealtimeTypes = { progress: "plan_progress", done: "plan_done" } as const;
export interface PlanEvent {
  planId: string;
  status: (typeof planStatuses)[number];
  progress: number;
}
