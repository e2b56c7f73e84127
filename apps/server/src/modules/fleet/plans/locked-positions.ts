import type { PlanLock } from "@routepilot/contracts";
import { insertAtStop, reloadsOfTokens, scheduleVehicleRoute, tokensOf, type RouteStopRef, type Travel, type Violation } from "../check-plan";
import { planTotals, type PlanOrder, type PlanResult, type PlanVehicle } from "../problem";
import { refs, reloadsOf } from "./rows";

/**
 * The engine keeps locked orders on their vehicles; a lock with a position also puts the stop at
 * that position in its route (where the route is long enough). A route changed this way is
 * recomputed and checked like a manual edit, so anything the position breaks shows as a violation.
 */
export function placeLockedPositions(input: { date: string; vehicles: PlanVehicle[]; orders: PlanOrder[]; result: PlanResult; locks: readonly PlanLock[]; travelOf: (vehicle: PlanVehicle) => Travel; dims: number; dimensionNames?: readonly string[] }) {
  const violations: Violation[] = [];
  const latenessByVehicle: Record<string, number> = {};
  const byId = new Map(input.orders.map((o) => [o.id, o]));
  for (const route of input.result.routes) {
    const positioned = input.locks.filter((l) => l.vehicleId === route.vehicleId && l.position !== undefined).sort((a, b) => (a.position as number) - (b.position as number));
    if (positioned.length === 0) continue;
    // The route as stops with its reloads in place (issue 26): a stop moved keeps the others' trips.
    let tokens = tokensOf(refs(route), reloadsOf(route));
    for (const lock of positioned) {
      const moving = tokens.filter((s): s is RouteStopRef => s !== null && s.orderId === lock.orderId);
      if (moving.length === 0) continue;
      tokens = insertAtStop(
        tokens.filter((s) => s === null || s.orderId !== lock.orderId),
        lock.position as number,
        moving,
      );
    }
    const { stops, reloads } = reloadsOfTokens(tokens);
    if (stops.every((s, i) => s.orderId === route.stops[i]?.orderId && s.kind === route.stops[i]?.kind)) continue;
    const vehicle = input.vehicles.find((v) => v.id === route.vehicleId) as PlanVehicle;
    const scheduled = scheduleVehicleRoute({ date: input.date, vehicle, orders: byId, stops, reloads, travel: input.travelOf(vehicle), dims: input.dims, dimensionNames: input.dimensionNames, driverId: route.driverId });
    Object.assign(route, scheduled.route);
    violations.push(...scheduled.violations);
    latenessByVehicle[vehicle.id] = scheduled.latenessSeconds;
  }
  if (Object.keys(latenessByVehicle).length > 0) {
    const lateness = Object.values(latenessByVehicle).reduce((a, b) => a + b, 0);
    input.result.totals = planTotals(input.result.routes, input.orders.length, input.result.unassigned.length, lateness);
  }
  return { violations, latenessByVehicle };
}
