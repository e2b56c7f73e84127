import {
  fleetMessages,
  minutesOfDay,
  unassignedExplanations,
  type Order,
  type planRouteSchema,
  type planTotalsSchema,
  type planUnassignedSchema,
  type PlanObjective,
  type vehicleInputSchema,
} from "@routepilot/contracts";
import type { Break, Job, Objective, Problem, Shipment, Solution, Step, TimeWindow, Vehicle as EngineVehicle } from "@routepilot/solver";
import type { z } from "zod";
import { ValidationError } from "../../lib/errors";
import { latestStart, leaveLater, type TimedActivity } from "./departure-slack";

/**
 * The fleet plan ↔ engine mapping (issue 11), pure: a day's orders and the chosen vehicles become
 * the engine's Problem (times as seconds since midnight of the plan's date), and the engine's
 * Solution becomes the contracts' plan routes, unassigned orders in plain words, and totals.
 */

/** A team vehicle as the planner needs it (the contracts' vehicle with its id). */
export type PlanVehicle = z.output<typeof vehicleInputSchema> & { id: string };
/** A validated order with its id. */
export type PlanOrder = Order & { id: string };
export type PlanRoute = z.infer<typeof planRouteSchema>;
export type PlanUnassigned = z.infer<typeof planUnassignedSchema>;
export type PlanTotals = z.infer<typeof planTotalsSchema>;
/** A stop locked to a vehicle when re-planning. */
export interface StopLock {
  orderId: string;
  vehicleId: string;
  position?: number | undefined;
}

export interface LatLng {
  lat: number;
  lng: number;
}

/** Travel durations (s) and distances (m) between `points`; non-finite or null = unreachable. */
export interface TravelMatrix {
  durations: readonly (readonly (number | null)[])[];
  distances: readonly (readonly (number | null)[])[];
}

/** Every place of the plan once (depots, orders, pickups) and where each one is in the list. */
export interface PlanLayout {
  points: LatLng[];
  vehicleStart: (number | undefined)[];
  vehicleEnd: (number | undefined)[];
  orderAt: number[];
  pickupAt: (number | undefined)[];
}

/** Capacity of a vehicle that gives none for a dimension: no limit in practice. */
const UNLIMITED = 1e12;

const pointKey = (p: LatLng) => `${p.lat},${p.lng}`;

/** Collects the plan's places, each distinct coordinate once, in a stable order. */
export function layoutPlan(vehicles: readonly PlanVehicle[], orders: readonly PlanOrder[]): PlanLayout {
  const points: LatLng[] = [];
  const index = new Map<string, number>();
  const at = (p: LatLng) => {
    const key = pointKey(p);
    let i = index.get(key);
    if (i === undefined) {
      i = points.length;
      points.push({ lat: p.lat, lng: p.lng });
      index.set(key, i);
    }
    return i;
  };
  return {
    vehicleStart: vehicles.map((v) => (v.start ? at(v.start) : undefined)),
    vehicleEnd: vehicles.map((v) => (v.end ? at(v.end) : undefined)),
    orderAt: orders.map((o) => at(o)),
    pickupAt: orders.map((o) => (o.pickup ? at(o.pickup) : undefined)),
    points,
  };
}

const seconds = (time: string) => minutesOfDay(time) * 60;
const windows = (ws: readonly { start: string; end: string }[]): TimeWindow[] => ws.map((w) => [seconds(w.start), seconds(w.end)] as const);

/** The number of capacity dimensions in play: the team's, else the widest vehicle or order. */
export function capacityDimensions(vehicles: readonly PlanVehicle[], orders: readonly PlanOrder[], teamDimensions?: number): number {
  if (teamDimensions !== undefined) return teamDimensions;
  return Math.max(0, ...vehicles.map((v) => v.capacity.length), ...orders.map((o) => o.demand.length));
}

/** An order's demand as `dims` amounts (none given = nothing to carry). */
export const orderDemand = (order: PlanOrder, dims: number): number[] => Array.from({ length: dims }, (_, k) => order.demand[k] ?? 0);
/** A vehicle's capacity as `dims` amounts (a missing dimension is not limited). */
export const vehicleCapacity = (vehicle: PlanVehicle, dims: number): number[] => Array.from({ length: dims }, (_, k) => vehicle.capacity[k] ?? UNLIMITED);

/**
 * Refuses orders the engine could never place for a reason the manager must fix in the input:
 * demand with another number of dimensions, or a skill none of the chosen vehicles has. 400 naming
 * the order (its position in `orders`) and the field.
 */
export function validatePlanOrders(vehicles: readonly PlanVehicle[], orders: readonly PlanOrder[], dims: number): void {
  const fields: Record<string, string> = {};
  const skills = new Set(vehicles.flatMap((v) => v.skills));
  orders.forEach((order, i) => {
    if (order.demand.length !== 0 && order.demand.length !== dims) fields[`orders.${i}.demand`] ??= fleetMessages.demandDimensions(dims);
    const missing = order.skills.find((s) => !skills.has(s));
    if (missing !== undefined) fields[`orders.${i}.skills`] ??= fleetMessages.unknownSkill(missing);
  });
  const first = Object.entries(fields)[0];
  if (first) {
    const index = Number(first[0].split(".")[1]);
    throw new ValidationError(`Order ${index + 1} (${(orders[index] as PlanOrder).label}): ${first[1]}`, fields);
  }
}

/** Engine fixed cost: pence turned into seconds at the vehicle's hourly cost (the engine's unit is travel time). */
function engineFixedCost(vehicle: PlanVehicle): number {
  if (vehicle.fixedCostPence === 0) return 0;
  return vehicle.costPerHourPence > 0 ? Math.round((vehicle.fixedCostPence * 3600) / vehicle.costPerHourPence) : vehicle.fixedCostPence;
}

const engineMatrix = (m: TravelMatrix["durations"]) => m.map((row) => row.map((v) => (v !== null && Number.isFinite(v) ? Math.round(v) : null)));

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A matrix in the engine's form (whole numbers, null = unreachable), built a block of rows at a
 * time so that a large plan does not hold the event loop (2,000 points: 4 M entries per matrix).
 * `cell(i, j)` gives travel from point i to point j, or null.
 */
export async function toEngineMatrix(n: number, cell: (i: number, j: number) => { duration: number; distance: number } | null): Promise<TravelMatrix> {
  const durations: (number | null)[][] = [];
  const distances: (number | null)[][] = [];
  for (let i = 0; i < n; i++) {
    if (i % 32 === 31) await yieldToEventLoop();
    const dRow = new Array<number | null>(n);
    const mRow = new Array<number | null>(n);
    for (let j = 0; j < n; j++) {
      const c = cell(i, j);
      const ok = c !== null && Number.isFinite(c.duration) && Number.isFinite(c.distance);
      dRow[j] = ok ? Math.round(c.duration) : null;
      mRow[j] = ok ? Math.round(c.distance) : null;
    }
    durations.push(dRow);
    distances.push(mRow);
  }
  return { durations, distances };
}

export interface BuildProblemInput {
  vehicles: readonly PlanVehicle[];
  orders: readonly PlanOrder[];
  objective: PlanObjective;
  layout: PlanLayout;
  /**
   * Travel per routing profile over `layout.points`, the default first: vehicles of the first
   * profile (or of a profile not given) travel by it, the others by their own profile's matrix.
   */
  matrices: ReadonlyMap<string, TravelMatrix>;
  /** Number of capacity dimensions (validatePlanOrders has checked the orders against it). */
  dims: number;
  locks?: readonly StopLock[];
  /** The matrix already holds whole seconds and metres with null for unreachable (toEngineMatrix). */
  engineReady?: boolean;
}

/**
 * The engine problem. Job i (or shipment i, for an order with a pickup) is order i; vehicle k is
 * `vehicles[k]`. Skills become integer ids; a locked order gets a skill of its own that only its
 * vehicle has, which keeps it on that vehicle whatever the search does.
 */
export function buildProblem(input: BuildProblemInput): Problem {
  const { vehicles, orders, layout, dims } = input;
  const [base, ...others] = [...input.matrices];
  if (!base) throw new Error("buildProblem: no matrix");
  const own = new Map(others);
  const skillIds = new Map<string, number>();
  const skillId = (name: string) => {
    let id = skillIds.get(name);
    if (id === undefined) skillIds.set(name, (id = skillIds.size));
    return id;
  };
  const vehicleSkills = vehicles.map((v) => v.skills.map(skillId));
  const orderSkills = orders.map((o) => o.skills.map(skillId));
  const vehicleIndex = new Map(vehicles.map((v, k) => [v.id, k]));
  const orderIndex = new Map(orders.map((o, i) => [o.id, i]));
  for (const lock of input.locks ?? []) {
    const k = vehicleIndex.get(lock.vehicleId);
    const i = orderIndex.get(lock.orderId);
    if (k === undefined || i === undefined) continue;
    const own = skillId(`\u0000lock:${lock.orderId}`);
    (vehicleSkills[k] as number[]).push(own);
    (orderSkills[i] as number[]).push(own);
  }

  const jobs: Job[] = [];
  const shipments: Shipment[] = [];
  orders.forEach((order, i) => {
    const common = {
      ...(orderSkills[i]!.length > 0 ? { skills: orderSkills[i] } : {}),
      ...(order.priority > 0 ? { priority: order.priority } : {}),
    };
    const delivery = {
      id: i,
      location: layout.orderAt[i] as number,
      service: Math.round(order.serviceMinutes * 60),
      ...(order.timeWindows.length > 0 ? { timeWindows: windows(order.timeWindows) } : {}),
    };
    if (order.pickup) {
      shipments.push({
        pickup: {
          id: i,
          location: layout.pickupAt[i] as number,
          service: Math.round(order.pickup.serviceMinutes * 60),
          ...(order.pickup.timeWindows.length > 0 ? { timeWindows: windows(order.pickup.timeWindows) } : {}),
        },
        delivery,
        ...(dims > 0 ? { amount: orderDemand(order, dims) } : {}),
        ...common,
      });
    } else {
      jobs.push({ ...delivery, ...(dims > 0 ? { delivery: orderDemand(order, dims) } : {}), ...common });
    }
  });

  const engineVehicles: EngineVehicle[] = vehicles.map((v, k) => {
    const breaks: Break[] = v.breaks.map((b, j) => ({ id: j, timeWindows: windows([b.window]), service: b.durationMinutes * 60 }));
    const start = layout.vehicleStart[k];
    const end = layout.vehicleEnd[k];
    return {
      id: k,
      ...(start !== undefined ? { start } : {}),
      ...(end !== undefined ? { end } : {}),
      ...(dims > 0 ? { capacity: vehicleCapacity(v, dims) } : {}),
      timeWindow: [seconds(v.shift.start), seconds(v.shift.end)] as const,
      ...(vehicleSkills[k]!.length > 0 ? { skills: vehicleSkills[k] } : {}),
      ...(v.maxStops ? { maxStops: v.maxStops } : {}),
      ...(v.maxDrivingMinutes ? { maxTravelTime: v.maxDrivingMinutes * 60 } : {}),
      ...(v.maxDistanceKm ? { maxDistance: Math.round(v.maxDistanceKm * 1000) } : {}),
      ...(breaks.length > 0 ? { breaks } : {}),
      ...(engineFixedCost(v) > 0 ? { fixedCost: engineFixedCost(v) } : {}),
      ...(own.has(v.profile) ? { profile: v.profile } : {}),
      // Multi-trip (issue 26): reloads happen at the start depot, which the vehicles service requires.
      ...(v.maxTrips > 1 && start !== undefined ? { maxTrips: v.maxTrips, reloadTime: v.reloadMinutes * 60 } : {}),
    };
  });

  const objective: Objective & { mode?: PlanObjective } = { mode: input.objective };
  const toEngine = (m: TravelMatrix) => (input.engineReady ? { durations: m.durations, distances: m.distances } : { durations: engineMatrix(m.durations), distances: engineMatrix(m.distances) });
  return {
    matrices: toEngine(base[1]),
    ...(own.size > 0 ? { profileMatrices: Object.fromEntries([...own].map(([profile, m]) => [profile, toEngine(m)])) } : {}),
    jobs,
    shipments,
    vehicles: engineVehicles,
    objective,
  };
}

/** "HH:MM:SS" seconds after midnight of `date` as a local ISO date-time (the team's time zone, no offset). */
export function isoOnDate(date: string, secondsOfDay: number): string {
  const t = new Date(`${date}T00:00:00Z`).getTime() + Math.round(secondsOfDay) * 1000;
  return new Date(t).toISOString().slice(0, 19);
}

/** Seconds since midnight of `date` of a local ISO date-time made by isoOnDate. */
export function secondsOnDate(date: string, iso: string): number {
  return (new Date(`${iso}Z`).getTime() - new Date(`${date}T00:00:00Z`).getTime()) / 1000;
}

const hhmm = (s: number) => isoOnDate("2000-01-01", s).slice(11, 16);
const listSkills = (skills: readonly string[]) => skills.join(", ");

/** "200 kg": an amount in the team's name for capacity dimension `k` (issue 25: it read "200 of capacity 1"); "units" when unnamed. */
const amountIn = (amount: number, k: number, dims: number, dimensionNames?: readonly string[]) =>
  `${amount} ${dimensionNames?.[k]?.trim() || (dims > 1 ? `units of capacity ${k + 1}` : "units")}`;

/**
 * What an unassigned order needs, in plain words, concrete where the input tells why; amounts are
 * named with the team's capacity dimensions (`dimensionNames`, fleet settings) when given.
 */
export function explainUnassigned(order: PlanOrder, reason: PlanUnassigned["reason"], vehicles: readonly PlanVehicle[], dims: number, dimensionNames?: readonly string[]): string {
  switch (reason) {
    case "skills": {
      const none = order.skills.filter((s) => !vehicles.some((v) => v.skills.includes(s)));
      if (none.length > 0) return `Needs skill ${listSkills(none)}: no chosen vehicle has it. Add a vehicle with it or remove the skill from the order.`;
      return `Needs skills ${listSkills(order.skills)} together: no chosen vehicle has all of them (or it is locked to a vehicle without them).`;
    }
    case "capacity": {
      const demand = orderDemand(order, dims);
      const k = demand.findIndex((d, j) => vehicles.every((v) => d > vehicleCapacity(v, dims)[j]!));
      if (k >= 0 && vehicles.length > 0) {
        const largest = vehicles.reduce((a, v) => (vehicleCapacity(v, dims)[k]! > vehicleCapacity(a, dims)[k]! ? v : a));
        const carrier = vehicles.length === 1 ? largest.name : `the largest chosen vehicle, ${largest.name},`;
        const most = amountIn(vehicleCapacity(largest, dims)[k]!, k, dims, dimensionNames);
        return `Needs ${amountIn(demand[k]!, k, dims, dimensionNames)}; ${carrier} carries at most ${most}. Add a larger vehicle or split the order.`;
      }
      return unassignedExplanations.capacity;
    }
    case "time_window":
      if (order.timeWindows.length > 0) {
        const ws = order.timeWindows.map((w) => `${w.start}–${w.end}`).join(" or ");
        return `Cannot be reached inside its window ${ws}: widen the window or add a vehicle nearer.`;
      }
      return unassignedExplanations.time_window;
    case "shift": {
      const earliest = Math.min(...vehicles.map((v) => minutesOfDay(v.shift.start) * 60));
      const latest = Math.max(...vehicles.map((v) => minutesOfDay(v.shift.end) * 60));
      return `Does not fit inside any vehicle's shift (${hhmm(earliest)}–${hhmm(latest)}): extend a shift or add a vehicle.`;
    }
    default:
      return unassignedExplanations[reason];
  }
}

export interface ToPlanResultInput {
  date: string;
  vehicles: readonly PlanVehicle[];
  orders: readonly PlanOrder[];
  solution: Solution;
  dims: number;
  /** The team's names of the capacity dimensions ("kg", "crates"), for the unassigned orders' explanations. */
  dimensionNames?: readonly string[];
  /** Driver of each vehicle, when known. */
  driverOf?: (vehicleId: string) => string | null;
}

export interface PlanResult {
  routes: PlanRoute[];
  unassigned: PlanUnassigned[];
  totals: PlanTotals;
}

/** Route cost in pence: the fixed cost when used, plus the hourly cost over the route's duration. */
export const routeCostPence = (vehicle: PlanVehicle, durationSeconds: number) => Math.round(vehicle.fixedCostPence + (vehicle.costPerHourPence * durationSeconds) / 3600);

/** Totals over routes (used by engine results and by recomputed, edited plans alike). */
export function planTotals(routes: readonly PlanRoute[], orderCount: number, unassigned: number, latenessSeconds = 0): PlanTotals {
  const used = routes.filter((r) => r.stops.length > 0);
  const durations = used.map((r) => r.durationSeconds);
  const sum = (f: (r: PlanRoute) => number) => used.reduce((t, r) => t + f(r), 0);
  return {
    orders: orderCount,
    assigned: orderCount - unassigned,
    unassigned,
    vehiclesUsed: used.length,
    distanceMeters: sum((r) => r.distanceMeters),
    durationSeconds: sum((r) => r.durationSeconds),
    waitingSeconds: sum((r) => r.waitingSeconds),
    latenessSeconds,
    costPence: sum((r) => r.costPence),
    durationSpreadSeconds: durations.length > 0 ? Math.max(...durations) - Math.min(...durations) : 0,
  };
}

/**
 * The engine's solution in the contracts' plan shapes, each route leaving as late as its windows,
 * breaks and shift allow (leaveLater: the engine schedules from the start of the shift).
 */
export function toPlanResult(input: ToPlanResultInput): PlanResult {
  const { date, vehicles, orders, solution, dims } = input;
  const iso = (s: number) => isoOnDate(date, s);
  const routes: PlanRoute[] = solution.routes.map((route) => {
    const vehicle = vehicles[route.vehicleIndex] as PlanVehicle;
    const stops: PlanRoute["stops"] = [];
    const breaks: PlanRoute["breaks"] = [];
    const reloads: PlanRoute["reloads"] = [];
    const activities: TimedActivity[] = [];
    let first: Step | undefined;
    let last: Step | undefined;
    const served = new Set<number>();
    for (const step of route.steps) {
      const start = step.departure - step.service;
      const timed = (kind: TimedActivity["kind"], index: number, ws: readonly TimeWindow[]) =>
        activities.push({ kind, index, waiting: step.waiting, start, latest: latestStart(ws, step.arrival + step.setup, start) });
      if (step.type === "break") {
        const rest = vehicle.breaks[step.id as number];
        timed("break", breaks.length, rest ? windows([rest.window]) : []);
        breaks.push({ start: iso(start), end: iso(step.departure) });
      }
      if (step.type === "reload") {
        // Back at the depot between two trips: no window, so it never limits leaving later.
        timed("reload", reloads.length, []);
        reloads.push({ afterStops: stops.length, arrival: iso(step.arrival), departure: iso(step.departure), waitingSeconds: step.waiting, load: [...step.load] });
      }
      if (step.type !== "job" && step.type !== "pickup" && step.type !== "delivery") continue;
      const order = orders[step.id as number] as PlanOrder;
      const pickup = step.type === "pickup";
      const place = pickup && order.pickup ? order.pickup : order;
      if (!pickup) served.add(step.id as number);
      timed("stop", stops.length, windows(place.timeWindows));
      stops.push({
        orderId: order.id,
        kind: pickup ? "pickup" : "delivery",
        label: pickup && order.pickup ? order.pickup.label : order.label,
        lat: place.lat,
        lng: place.lng,
        arrival: iso(step.arrival),
        departure: iso(step.departure),
        waitingSeconds: step.waiting,
        demand: orderDemand(order, dims),
        load: [...step.load],
      });
      first ??= step;
      last = step;
    }
    const startStep = route.steps.find((s) => s.type === "start");
    const endStep = route.steps.find((s) => s.type === "end");
    const begin = startStep ? startStep.departure : first ? first.arrival : 0;
    const finish = endStep ? endStep.arrival : last ? last.departure : begin;
    const durationSeconds = finish - begin;
    const planned: PlanRoute = {
      vehicleId: vehicle.id,
      driverId: input.driverOf?.(vehicle.id) ?? null,
      stops,
      breaks,
      reloads,
      start: startStep ? iso(startStep.departure) : null,
      end: endStep ? iso(endStep.arrival) : null,
      distanceMeters: route.distance,
      durationSeconds,
      drivingSeconds: route.travelTime,
      serviceSeconds: route.service,
      waitingSeconds: route.waiting,
      load: [...served].reduce((sum, i) => sum.map((x, k) => x + orderDemand(orders[i] as PlanOrder, dims)[k]!), new Array<number>(dims).fill(0)),
      costPence: routeCostPence(vehicle, durationSeconds),
    };
    return leaveLater(planned, activities, (d) => routeCostPence(vehicle, d));
  });
  const seen = new Set<number>();
  const unassigned: PlanUnassigned[] = [];
  for (const task of solution.unassigned) {
    if (seen.has(task.id)) continue;
    seen.add(task.id);
    const order = orders[task.id] as PlanOrder;
    unassigned.push({ orderId: order.id, label: order.label, reason: task.reason, explanation: explainUnassigned(order, task.reason, vehicles, dims, input.dimensionNames) });
  }
  return { routes, unassigned, totals: planTotals(routes, orders.length, unassigned.length) };
}
