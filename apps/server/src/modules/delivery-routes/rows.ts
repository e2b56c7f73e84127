import type { routeStops, routes } from "@routepilot/db";
import type { Plan, PlanStop } from "./route-planning";

export type RouteRow = typeof routes.$inferSelect;
export type StopRow = typeof routeStops.$inferSelect;

/** The stored stops of a plan, in route order. */
export function stopValues(routeId: string, plan: Plan) {
  return plan.stops.map((s) => ({
    routeId,
    sequence: s.sequence,
    inputIndex: s.inputIndex,
    label: s.label,
    address: s.address,
    note: s.note,
    matchQuality: s.matchQuality ?? null,
    lat: s.lat,
    lng: s.lng,
    serviceS: s.serviceS,
    timeWindowStart: s.timeWindow?.[0] ?? null,
    timeWindowEnd: s.timeWindow?.[1] ?? null,
    arrivalS: s.arrivalS,
    departureS: s.departureS,
    legDistanceM: s.legDistanceM,
    legDurationS: s.legDurationS,
    pinned: s.pinned,
  }));
}

/** The route columns a plan sets (totals, the typed-order distance, geometry, provider); `unassigned` as planned. */
export function planColumns(plan: Plan) {
  return {
    unassigned: plan.unassigned,
    distanceM: plan.distanceM,
    durationS: plan.durationS,
    endArrivalS: plan.endArrivalS,
    endLegDistanceM: plan.endLegDistanceM,
    endLegDurationS: plan.endLegDurationS,
    originalDistanceM: plan.inputOrderDistanceM,
    originalDurationS: plan.inputOrderDurationS,
    geometry: plan.geometry,
    provider: plan.provider,
  };
}

/** A stored stop as planning input (`pinned` as given, else as stored). */
export function planStopFromRow(s: StopRow, pinned = s.pinned): PlanStop {
  return {
    inputIndex: s.inputIndex,
    label: s.label,
    address: s.address,
    note: s.note,
    matchQuality: s.matchQuality,
    lat: s.lat,
    lng: s.lng,
    serviceS: s.serviceS,
    timeWindow: s.timeWindowStart !== null && s.timeWindowEnd !== null ? [s.timeWindowStart, s.timeWindowEnd] : null,
    pinned,
  };
}
