import { distanceKind, GeoError, NoRouteError, routingAttribution, type GeoServices, type LatLng, type MatrixResult, type Profile, type RoutingProvider } from "@routepilot/geo";
import { scheduleRoute, type Job, type Problem, type RouteSolution, type Step, type Vehicle } from "@routepilot/solver";
import { routeMessages } from "@routepilot/contracts";
import type { StoredPlace, StoredUnassigned } from "@routepilot/db";
import type { SolverPool } from "../../platform/solver-pool/solver-pool";
import { ValidationError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";

/** One destination ready for planning: resolved coordinates and times in seconds after departure. */
export interface PlanStop {
  inputIndex: number;
  label: string;
  address: string | null;
  note: string | null;
  /** How the position was found (exact address, street, place, typed coordinates…), stored for the badge. */
  matchQuality?: string | null;
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
  /** Distance of the same planned stops in the order the user typed them; null when a leg of that order is unreachable. */
  inputOrderDistanceM: number | null;
  /** Same as `durationS` for the typed order (arrival at the end, else departure from the last stop). */
  inputOrderDurationS: number | null;
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
export async function matrixWithFallback(deps: Pick<PlanningDeps, "geo" | "logger">, points: LatLng[], profile: Profile): Promise<{ matrix: MatrixResult; routing: RoutingProvider }> {
  const primary = deps.geo.routing;
  try {
    return { matrix: await primary.matrix(points, profile), routing: primary };
  } catch (error) {
    if (primary === deps.geo.haversine || !(error instanceof GeoError)) throw error;
    deps.logger.warn({ err: error, provider: primary.name }, "routing provider failed; using straight-line estimates");
    return { matrix: await deps.geo.haversine.matrix(points, profile), routing: deps.geo.haversine };
  }
}

/** Solver budget: small routes stop early, large ones get up to the configured limit. */
export function solverBudgetMs(stopCount: number, limitMs: number): number {
  return Math.min(limitMs, 50 + 2 * stopCount);
}

const solverMatrix = (m: number[][]) => m.map((row) => row.map((v) => (Number.isFinite(v) ? v : null)));

/**
 * The planning problem for the engine: job i is stop i at matrix index i + 1, one vehicle from
 * the start (index 0) to the end (`endIndex`; none for an open route), travel durations (whole
 * seconds) and distances, and the working day as the vehicle's shift [0, maxDurationS].
 */
function planningProblem(matrix: MatrixResult, stops: PlanStop[], endIndex: number | undefined, maxDurationS: number | null): Problem {
  const durations = matrix.durations.map((row) => row.map((v) => (Number.isFinite(v) ? Math.round(v) : null)));
  const jobs: Job[] = stops.map((s, i) => ({ id: i, location: i + 1, service: s.serviceS, ...(s.timeWindow ? { timeWindows: [s.timeWindow] } : {}) }));
  const vehicle: Vehicle = { id: 0, start: 0, ...(endIndex !== undefined ? { end: endIndex } : {}), ...(maxDurationS !== null ? { timeWindow: [0, maxDurationS] as const } : {}) };
  return { matrices: { durations, distances: solverMatrix(matrix.distances) }, jobs, vehicles: [vehicle] };
}

const jobOrder = (route: RouteSolution | undefined) => (route?.steps ?? []).filter((s) => s.type === "job" && s.id !== undefined).map((s) => s.id as number);

/**
 * Orders the stops (optimise, keep, or re-optimise around pinned ones), then takes legs, ETAs
 * (seconds after departure, waiting for time windows included) and totals from the engine's
 * schedule, and the geometry from the routing provider. Matrix index 0 is the start, 1…n the
 * stops, n+1 the end place (a round trip ends at 0). With `maxDurationS`, stops that do not fit
 * in the day are left out (reason "shift") when the order is optimised.
 */
export async function planRoute(
  deps: PlanningDeps,
  input: { profile: Profile; start: StoredPlace; end: StoredPlace | null; roundTrip: boolean; stops: PlanStop[]; mode: OrderMode; maxDurationS?: number | null },
): Promise<Plan> {
  const { stops, profile } = input;
  const n = stops.length;
  const points: LatLng[] = [input.start, ...stops];
  if (input.end && !input.roundTrip) points.push(input.end);
  const endIndex = input.roundTrip ? 0 : input.end ? n + 1 : undefined;
  const { matrix, routing } = await matrixWithFallback(deps, points, profile);
  const problem = planningProblem(matrix, stops, endIndex, input.maxDurationS ?? null);

  let schedule: RouteSolution | undefined;
  const unassigned: StoredUnassigned[] = [];
  if (input.mode.kind === "optimize") {
    const solution = await deps.solver.solve(problem, { seed: 1, timeLimitMs: solverBudgetMs(n, deps.solverTimeLimitMs) });
    schedule = solution.routes[0];
    for (const u of solution.unassigned) {
      const s = stops[u.id] as PlanStop;
      unassigned.push({ inputIndex: s.inputIndex, label: s.label, lat: s.lat, lng: s.lng, reason: u.reason });
    }
  } else {
    const order = input.mode.kind === "fixed" ? input.mode.order : await reoptimizeAroundPinned(deps, problem, stops, input.mode.order, endIndex);
    schedule = order.length > 0 ? scheduleRoute(problem, order) : undefined;
  }
  const order = jobOrder(schedule);
  if (!schedule || order.length === 0) throw new ValidationError(routeMessages.noRoute, { stops: routeMessages.noRoute });

  // Legs from the engine's cumulative travel time and distance; an unreachable leg is infinite.
  const planned: PlannedStop[] = [];
  let prev = schedule.steps[0] as Step;
  for (const step of schedule.steps) {
    if (step.type !== "job") continue;
    if (!Number.isFinite(step.travelTime) || !Number.isFinite(step.distance)) throw new ValidationError(routeMessages.noRoute, { stops: routeMessages.noRoute });
    const s = stops[step.id as number] as PlanStop;
    planned.push({ ...s, sequence: planned.length + 1, arrivalS: step.arrival, departureS: step.departure, legDistanceM: step.distance - prev.distance, legDurationS: step.travelTime - prev.travelTime });
    prev = step;
  }
  const endStep = schedule.steps.find((s) => s.type === "end");
  if (endStep && (!Number.isFinite(endStep.travelTime) || !Number.isFinite(endStep.distance))) throw new ValidationError(routeMessages.noRoute, { end: routeMessages.noRoute });
  const last = planned[planned.length - 1] as PlannedStop;

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
    distanceM: schedule.distance,
    durationS: endStep ? endStep.arrival : last.departureS,
    endArrivalS: endStep ? endStep.arrival : null,
    endLegDistanceM: endStep ? endStep.distance - prev.distance : null,
    endLegDurationS: endStep ? endStep.travelTime - prev.travelTime : null,
    ...typedOrderTotals(problem, stops, order),
    geometry,
    provider: routing.name,
  };
}

/**
 * "Saved versus your order" compares like with like: the same planned stops, in the order the
 * user typed them (by `inputIndex`), through the engine's schedule. Null when that order has an
 * unreachable leg (no saving can be computed).
 */
function typedOrderTotals(problem: Problem, stops: PlanStop[], planned: number[]): { inputOrderDistanceM: number | null; inputOrderDurationS: number | null } {
  const typed = [...planned].sort((a, b) => (stops[a] as PlanStop).inputIndex - (stops[b] as PlanStop).inputIndex);
  const schedule = scheduleRoute(problem, typed);
  if (!Number.isFinite(schedule.distance)) return { inputOrderDistanceM: null, inputOrderDurationS: null };
  const end = schedule.steps.find((s) => s.type === "end");
  const lastJob = schedule.steps.filter((s) => s.type === "job").at(-1);
  const duration = end ? end.arrival : lastJob ? lastJob.departure : null;
  return { inputOrderDistanceM: schedule.distance, inputOrderDurationS: duration !== null && Number.isFinite(duration) ? duration : null };
}

/**
 * Pinned stops keep their positions in `order`. Each run of free positions between two fixed
 * points (start, pinned stops, end) becomes one solver vehicle from the first to the second with
 * `maxStops` equal to the run's length, so the solver decides which free stops go where and in
 * what order. Time windows are left to the schedule here (a later run cannot start at time 0).
 */
async function reoptimizeAroundPinned(deps: PlanningDeps, problem: Problem, stops: PlanStop[], order: number[], endIndex: number | undefined): Promise<number[]> {
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
  const solution = await deps.solver.solve({ matrices: problem.matrices, jobs, vehicles }, { seed: 1, timeLimitMs: solverBudgetMs(free.length, deps.solverTimeLimitMs) });
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
