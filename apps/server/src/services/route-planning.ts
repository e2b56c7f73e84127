import { distanceKind, GeoError, NoRouteError, routingAttribution, type GeoServices, type LatLng, type MatrixResult, type Profile, type RoutingProvider } from "@routepilot/geo";
import type { Job, Problem, Vehicle } from "@routepilot/solver";
import { routeMessages } from "@routepilot/contracts";
import type { StoredPlace, StoredUnassigned } from "@routepilot/db";
import type { SolverPool } from "../jobs/solver-pool";
import { ValidationError } from "../lib/errors";
import type { Logger } from "../lib/logger";

/** One destination ready for planning: resolved coordinates and times in seconds after departure. */
export interface PlanStop {
  inputIndex: number;
  label: string;
  address: string | null;
  note: string | null;
  lat: number;
  lng: number;
  serviceS: number;
  timeWindow: [number, number] | null;
  pinned: boolean;
}

export interface PlannedStop extends PlanStop {
  sequence: number;
  arrivalS: number;
  departureS: number;
  legDistanceM: number;
  legDurationS: number;
}

/** The result of planning: ordered stops with legs and ETAs, totals and geometry. */
export interface Plan {
  stops: PlannedStop[];
  unassigned: StoredUnassigned[];
  distanceM: number;
  durationS: number;
  endArrivalS: number | null;
  endLegDistanceM: number | null;
  endLegDurationS: number | null;
  /** Distance in the order given (the user's typed order on optimise); null when a leg is unreachable. */
  inputOrderDistanceM: number | null;
  geometry: string | null;
  provider: RoutingProvider["name"];
}

export interface PlanningDeps {
  geo: GeoServices;
  solver: SolverPool;
  logger: Logger;
  /** Upper bound of the solver's search time per route. */
  solverTimeLimitMs: number;
}

/** How the order of the stops is decided. */
export type OrderMode =
  | { kind: "optimize" }
  /** Keep this order (indexes into `stops`). */
  | { kind: "fixed"; order: number[] }
  /** Keep the pinned stops at their positions in `order`; re-optimise the others into the free positions. */
  | { kind: "pinned"; order: number[] };

/** The matrix from the configured provider; if a road provider fails (timeout, HTTP error), straight-line estimates instead. */
async function matrixWithFallback(deps: PlanningDeps, points: LatLng[], profile: Profile): Promise<{ matrix: MatrixResult; routing: RoutingProvider }> {
  const primary = deps.geo.routing;
  try {
    return { matrix: await primary.matrix(points, profile), routing: primary };
  } catch (error) {
    if (primary === deps.geo.haversine || !(error instanceof GeoError)) throw error;
    deps.logger.warn({ err: error, provider: primary.name }, "routing provider failed; using straight-line estimates");
    return { matrix: await deps.geo.haversine.matrix(points, profile), routing: deps.geo.haversine };
  }
}

const finite = (v: number) => (Number.isFinite(v) ? v : null);

/** Solver budget: small routes stop early, large ones get up to the configured limit. */
export function solverBudgetMs(stopCount: number, limitMs: number): number {
  return Math.min(limitMs, 50 + 2 * stopCount);
}

/**
 * Orders the stops (optimise, keep, or re-optimise around pinned ones), then computes legs,
 * ETAs (seconds after departure, waiting for time windows included), totals and geometry.
 * Matrix index 0 is the start, 1…n the stops, n+1 the end place (a round trip ends at 0).
 */
export async function planRoute(
  deps: PlanningDeps,
  input: { profile: Profile; start: StoredPlace; end: StoredPlace | null; roundTrip: boolean; stops: PlanStop[]; mode: OrderMode },
): Promise<Plan> {
  const { stops, profile } = input;
  const n = stops.length;
  const points: LatLng[] = [input.start, ...stops];
  if (input.end && !input.roundTrip) points.push(input.end);
  const endIndex = input.roundTrip ? 0 : input.end ? n + 1 : undefined;
  const { matrix, routing } = await matrixWithFallback(deps, points, profile);
  const cell = (m: number[][], i: number, j: number) => (m[i] as number[])[j] as number;
  const durations = matrix.durations.map((row) => row.map((v) => (Number.isFinite(v) ? Math.round(v) : null)));

  let order: number[];
  const unassigned: StoredUnassigned[] = [];
  if (input.mode.kind === "fixed") {
    order = input.mode.order;
  } else if (input.mode.kind === "optimize") {
    const jobs: Job[] = stops.map((s, i) => ({ id: i, location: i + 1, service: s.serviceS, ...(s.timeWindow ? { timeWindows: [s.timeWindow] } : {}) }));
    const vehicle: Vehicle = { id: 0, start: 0, ...(endIndex !== undefined ? { end: endIndex } : {}) };
    const problem: Problem = { matrices: { durations }, jobs, vehicles: [vehicle] };
    const solution = await deps.solver.solve(problem, { seed: 1, timeLimitMs: solverBudgetMs(n, deps.solverTimeLimitMs) });
    order = (solution.routes[0]?.steps ?? []).filter((s) => s.type === "job" && s.id !== undefined).map((s) => s.id as number);
    for (const u of solution.unassigned) {
      const s = stops[u.id] as PlanStop;
      unassigned.push({ inputIndex: s.inputIndex, label: s.label, lat: s.lat, lng: s.lng, reason: u.reason });
    }
  } else {
    order = await reoptimizeAroundPinned(deps, durations, stops, input.mode.order, endIndex);
  }
  if (order.length === 0) throw new ValidationError(routeMessages.noRoute, { stops: routeMessages.noRoute });

  // Schedule in the chosen order: depart at 0, wait for a window to open, then serve.
  const planned: PlannedStop[] = [];
  let time = 0;
  let distance = 0;
  let prev = 0;
  for (const [k, i] of order.entries()) {
    const s = stops[i] as PlanStop;
    const legD = finite(cell(matrix.distances, prev, i + 1));
    const legT = finite(cell(matrix.durations, prev, i + 1));
    if (legD === null || legT === null) throw new ValidationError(routeMessages.noRoute, { stops: routeMessages.noRoute });
    const arrival = time + legT;
    const begin = s.timeWindow ? Math.max(arrival, s.timeWindow[0]) : arrival;
    time = begin + s.serviceS;
    distance += legD;
    planned.push({ ...s, sequence: k + 1, arrivalS: arrival, departureS: time, legDistanceM: legD, legDurationS: legT });
    prev = i + 1;
  }
  let endArrivalS: number | null = null;
  let endLegDistanceM: number | null = null;
  let endLegDurationS: number | null = null;
  if (endIndex !== undefined) {
    endLegDistanceM = finite(cell(matrix.distances, prev, endIndex));
    endLegDurationS = finite(cell(matrix.durations, prev, endIndex));
    if (endLegDistanceM === null || endLegDurationS === null) throw new ValidationError(routeMessages.noRoute, { end: routeMessages.noRoute });
    endArrivalS = time + endLegDurationS;
    distance += endLegDistanceM;
  }

  // Distance in the order given (input order on optimise), for "saved versus your order".
  let inputOrderDistanceM: number | null = 0;
  const typed = [0, ...stops.map((_, i) => i + 1), ...(endIndex !== undefined ? [endIndex] : [])];
  for (let k = 1; k < typed.length; k++) {
    const d = cell(matrix.distances, typed[k - 1] as number, typed[k] as number);
    if (!Number.isFinite(d)) {
      inputOrderDistanceM = null;
      break;
    }
    inputOrderDistanceM += d;
  }

  let geometry: string | null = null;
  const path: LatLng[] = [input.start, ...planned, ...(endIndex === 0 ? [input.start] : endIndex !== undefined && input.end ? [input.end] : [])];
  try {
    geometry = (await routing.route(path, profile)).geometry;
  } catch (error) {
    if (!(error instanceof NoRouteError) && !(error instanceof GeoError)) throw error;
    deps.logger.warn({ err: error, provider: routing.name }, "route geometry unavailable");
  }
  return {
    stops: planned,
    unassigned,
    distanceM: distance,
    durationS: endArrivalS ?? time,
    endArrivalS,
    endLegDistanceM,
    endLegDurationS,
    inputOrderDistanceM,
    geometry,
    provider: routing.name,
  };
}

/**
 * Pinned stops keep their positions in `order`. Each run of free positions between two fixed
 * points (start, pinned stops, end) becomes one solver vehicle from the first to the second with
 * `maxStops` equal to the run's length, so the solver decides which free stops go where and in
 * what order. Time windows are left to the schedule here (a later run cannot start at time 0).
 */
async function reoptimizeAroundPinned(deps: PlanningDeps, durations: (number | null)[][], stops: PlanStop[], order: number[], endIndex: number | undefined): Promise<number[]> {
  const free = order.filter((i) => !(stops[i] as PlanStop).pinned);
  if (free.length <= 1) return order;
  const runs: { from: number; to: number | undefined; size: number }[] = [];
  let from = 0;
  let size = 0;
  for (const i of order) {
    if ((stops[i] as PlanStop).pinned) {
      runs.push({ from, to: i + 1, size });
      from = i + 1;
      size = 0;
    } else size++;
  }
  runs.push({ from, to: endIndex, size });
  const vehicles: Vehicle[] = [];
  const runOfVehicle: number[] = [];
  runs.forEach((run, r) => {
    if (run.size === 0) return;
    runOfVehicle.push(r);
    vehicles.push({ id: vehicles.length, start: run.from, ...(run.to !== undefined ? { end: run.to } : {}), maxStops: run.size });
  });
  const jobs: Job[] = free.map((i) => ({ id: i, location: i + 1, service: (stops[i] as PlanStop).serviceS }));
  const solution = await deps.solver.solve({ matrices: { durations }, jobs, vehicles }, { seed: 1, timeLimitMs: solverBudgetMs(free.length, deps.solverTimeLimitMs) });
  const filled: number[][] = runs.map(() => []);
  for (const route of solution.routes) {
    const r = runOfVehicle[route.vehicleIndex] as number;
    filled[r] = route.steps.filter((s) => s.type === "job" && s.id !== undefined).map((s) => s.id as number);
  }
  // Anything the solver left out goes into the remaining free positions, in the given order.
  const placed = new Set(filled.flat());
  const leftovers = free.filter((i) => !placed.has(i));
  const result: number[] = [];
  let r = 0;
  const flush = () => {
    const run = runs[r] as { size: number };
    const mine = (filled[r] as number[]).slice(0, run.size);
    while (mine.length < run.size && leftovers.length > 0) mine.push(leftovers.shift() as number);
    result.push(...mine);
  };
  for (const i of order) {
    if ((stops[i] as PlanStop).pinned) {
      flush();
      result.push(i);
      r++;
    }
  }
  flush();
  return result;
}

export const presentProvider = (provider: RoutingProvider["name"]) => ({ distanceKind: distanceKind(provider), attribution: routingAttribution(provider) });
