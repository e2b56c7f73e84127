import { fleetMessages, planMessages, type PlanDetail, type PlanLock, type planMoveSchema } from "@routepilot/contracts";
import type { Tx } from "@routepilot/db";
import type { z } from "zod";
import { ConflictError, ValidationError } from "../../../lib/errors";
import { requireFleetTeam } from "../access";
import { insertAtStop, reloadsOfTokens, scheduleVehicleRoute, tokensOf, type RouteStopRef } from "../check-plan";
import { planTotals, type PlanOrder, type PlanRoute } from "../problem";
import { startSolving } from "./background";
import { dimensionNamesOf, teamVehicles } from "./inputs";
import { presentPlan } from "./presenters";
import { planOf, requeuePlan, storePlanEdit, storePlanLocks } from "./queries";
import { profileTravel, withGeometry } from "./routing";
import { refs, reloadsOf, storedResult, type Caller, type PlanDeps, type PlanRow, type StoredResult } from "./rows";

/**
 * A manager's edits of a solved plan: a stop moved by hand (recomputed and checked without the
 * engine, never silently accepted), locks, and a re-plan around them. Frozen from the first dispatch on.
 */

/** A plan a manager may change: not dispatched (409 frozen), and solved unless `solved` is false (409 not ready). */
async function editablePlan(tx: Tx, caller: Caller, teamId: string, planId: string, needsResult = true): Promise<PlanRow> {
  await requireFleetTeam(tx, caller, teamId, { manager: true });
  const row = await planOf(tx, teamId, planId, true);
  if (row.dispatchedAt) throw new ConflictError(fleetMessages.planFrozen);
  if (row.status === "queued" || row.status === "solving" || (needsResult && !storedResult(row))) throw new ConflictError(planMessages.notReady);
  return row;
}

/**
 * POST …/plans/{id}/moves: moves an order (its pickup too) to a vehicle and position; the two
 * routes are recomputed (times, loads) without the engine and checked; what the move breaks is
 * stored and returned as violations.
 */
export async function movePlanStop(deps: PlanDeps, caller: Caller, teamId: string, planId: string, move: z.output<typeof planMoveSchema>): Promise<PlanDetail> {
  const geo = await deps.geo.get();
  return deps.db.transaction(async (tx) => {
    const row = await editablePlan(tx, caller, teamId, planId);
    const result = storedResult(row) as StoredResult;
    const orders = row.orders as unknown as PlanOrder[];
    const order = orders.find((o) => o.id === move.orderId);
    if (!order) throw new ValidationError(planMessages.unknownOrder, { orderId: planMessages.unknownOrder });
    const toVehicleId = move.toVehicleId;
    if (toVehicleId !== null && !row.vehicleIds.includes(toVehicleId)) throw new ValidationError(fleetMessages.unknownVehicle, { toVehicleId: fleetMessages.unknownVehicle });
    const vehicleList = await teamVehicles(deps, tx, teamId, row.vehicleIds, "vehicleIds", true);
    const from = result.routes.find((r) => r.stops.some((s) => s.orderId === move.orderId));
    // Each changed route as its stops with its reloads in place (issue 26): the other stops keep their trips.
    const changed = new Map<string, { stops: RouteStopRef[]; reloads: number[] }>();
    const without = (route: PlanRoute) => tokensOf(refs(route), reloadsOf(route)).filter((s) => s === null || s.orderId !== move.orderId);
    if (from) changed.set(from.vehicleId, reloadsOfTokens(without(from)));
    if (toVehicleId !== null) {
      let target = result.routes.find((r) => r.vehicleId === toVehicleId);
      if (!target) {
        target = { vehicleId: toVehicleId, driverId: null, stops: [], breaks: [], reloads: [], start: null, end: null, distanceMeters: 0, durationSeconds: 0, drivingSeconds: 0, serviceSeconds: 0, waitingSeconds: 0, load: [], costPence: 0 };
        result.routes.push(target);
      }
      const moved = (from ?? target).stops.filter((s) => s.orderId === move.orderId);
      const movedRefs = moved.length > 0 ? moved.map((s) => ({ orderId: s.orderId, kind: s.kind })) : [...(order.pickup ? [{ orderId: order.id, kind: "pickup" as const }] : []), { orderId: order.id, kind: "delivery" as const }];
      changed.set(target.vehicleId, reloadsOfTokens(insertAtStop(without(target), move.position, movedRefs)));
    }

    const dimensionNames = await dimensionNamesOf(tx, teamId);
    const dims = dimensionNames.length;
    const byId = new Map(orders.map((o) => [o.id, o]));
    const touched = vehicleList.filter((v) => changed.has(v.id));
    let violations = result.violations.filter((v) => !changed.has(v.vehicleId) && v.orderId !== move.orderId);
    const travelByProfile = await profileTravel(
      deps,
      geo,
      touched,
      [...changed.values()].flatMap((r) => r.stops).map((r) => byId.get(r.orderId) as PlanOrder),
    );
    for (const vehicle of touched) {
      const old = result.routes.find((r) => r.vehicleId === vehicle.id) as PlanRoute;
      const { stops, reloads } = changed.get(vehicle.id) ?? { stops: [], reloads: [] };
      const scheduled = scheduleVehicleRoute({ date: row.date, vehicle, orders: byId, stops, reloads, travel: travelByProfile(vehicle), dims, dimensionNames, driverId: old.driverId });
      Object.assign(old, scheduled.route);
      violations = [...violations, ...scheduled.violations];
      result.latenessByVehicle[vehicle.id] = scheduled.latenessSeconds;
    }
    await withGeometry(deps, touched, result.routes.filter((r) => changed.has(r.vehicleId)));
    const unassigned = result.unassigned.filter((u) => u.orderId !== move.orderId);
    if (toVehicleId === null) unassigned.push({ orderId: order.id, label: order.label, reason: "dropped", explanation: planMessages.unassignedByHand });
    const lateness = Object.values(result.latenessByVehicle).reduce((a, b) => a + b, 0);
    const next: StoredResult = { ...result, unassigned, violations, totals: planTotals(result.routes, orders.length, unassigned.length, lateness) };
    const locks = toVehicleId === null ? row.locks.filter((l) => l.orderId !== move.orderId) : row.locks;
    return presentPlan(await storePlanEdit(tx, planId, next, locks));
  });
}

/** PUT …/plans/{id}/locks: replaces the plan's locks (orders and vehicles of the plan, 400 otherwise). */
export async function putPlanLocks(deps: PlanDeps, caller: Caller, teamId: string, planId: string, locks: PlanLock[]): Promise<PlanDetail> {
  return deps.db.transaction(async (tx) => {
    const row = await editablePlan(tx, caller, teamId, planId, false);
    const orderIds = new Set((row.orders as unknown as PlanOrder[]).map((o) => o.id));
    const fields: Record<string, string> = {};
    locks.forEach((lock, i) => {
      if (!orderIds.has(lock.orderId)) fields[`locks.${i}.orderId`] ??= planMessages.unknownOrder;
      if (!row.vehicleIds.includes(lock.vehicleId)) fields[`locks.${i}.vehicleId`] ??= fleetMessages.unknownVehicle;
    });
    const first = Object.values(fields)[0];
    if (first) throw new ValidationError(first, fields);
    const unique = [...new Map(locks.map((l) => [l.orderId, l])).values()];
    return presentPlan(await storePlanLocks(tx, planId, unique));
  });
}

/** POST …/plans/{id}/replan → 202: solves the plan again in the background, locked orders kept on their vehicles. */
export async function replan(deps: PlanDeps, caller: Caller, teamId: string, planId: string): Promise<{ id: string }> {
  await deps.db.transaction(async (tx) => {
    await editablePlan(tx, caller, teamId, planId, false);
    await requeuePlan(tx, planId);
  });
  startSolving(deps, planId);
  return { id: planId };
}
