import { minutesOfDay } from "@routepilot/contracts";
import { latestStart, leaveLater, type TimedActivity } from "./departure-slack";
import { isoOnDate, orderDemand, routeCostPence, secondsOnDate, vehicleCapacity, type LatLng, type PlanOrder, type PlanRoute, type PlanVehicle, type TravelMatrix } from "./problem";

/**
 * An independent check of a fleet plan (issue 11): from the vehicles, the orders and only the
 * order of the stops on each route (with where a multi-trip vehicle reloads, issue 26), it
 * recomputes times (travel, waiting for windows, service, breaks, reloads) and loads with its own
 * arithmetic — not the engine's figures — and lists every broken constraint. Tests use it on engine plans; manual edits use it to recompute a route and to show
 * what the edit breaks (never silently accepted).
 */

export const violationKinds = ["capacity", "time_window", "shift", "max_stops", "max_distance", "max_travel_time", "max_trips", "skills", "precedence", "unreachable", "break", "duplicate", "unknown"] as const;
export type ViolationKind = (typeof violationKinds)[number];

export interface Violation {
  vehicleId: string;
  orderId?: string;
  kind: ViolationKind;
  message: string;
}

/** Travel between two places, or null when there is no road. */
export type Travel = (from: LatLng, to: LatLng) => { duration: number; distance: number } | null;

/** Travel looked up in a matrix over `points` (same coordinates → same index). */
export function travelFromMatrix(points: readonly LatLng[], matrix: TravelMatrix): Travel {
  const index = new Map(points.map((p, i) => [`${p.lat},${p.lng}`, i]));
  return (from, to) => {
    const a = index.get(`${from.lat},${from.lng}`);
    const b = index.get(`${to.lat},${to.lng}`);
    if (a === undefined || b === undefined) return null;
    const duration = matrix.durations[a]?.[b];
    const distance = matrix.distances[a]?.[b];
    if (duration === null || duration === undefined || distance === null || distance === undefined || !Number.isFinite(duration) || !Number.isFinite(distance)) return null;
    return { duration, distance };
  };
}

/** The order of a route: which order is served, and whether this stop is its pickup. */
export interface RouteStopRef {
  orderId: string;
  kind: "delivery" | "pickup";
}

export interface RouteToCheck {
  vehicleId: string;
  stops: readonly RouteStopRef[];
  /** Breaks as planned; their times only tell after which stop each is taken. */
  breaks?: readonly { start: string; end: string }[];
  /** Planned departures per stop, to tell after which stop each break is taken. */
  departures?: readonly string[];
  /** Multi-trip (issue 26): after how many stops the vehicle goes back to its start depot to reload, one entry per reload. */
  reloads?: readonly number[];
}

export interface ScheduleInput {
  date: string;
  vehicle: PlanVehicle;
  orders: ReadonlyMap<string, PlanOrder>;
  stops: readonly RouteStopRef[];
  travel: Travel;
  dims: number;
  /** The team's capacity dimension names ("kg", "crates"), to say amounts with their unit. */
  dimensionNames?: readonly string[];
  /** Per break of the vehicle, the number of stops served before it (taken by the clock when absent). */
  breakGaps?: readonly (number | undefined)[];
  /** After how many stops the vehicle reloads at its start depot (issue 26); none = one trip. */
  reloads?: readonly number[];
  driverId?: string | null;
}

/**
 * Reload positions that still split the route into trips of at least one stop each: sorted, each
 * once, none before the first stop or after the last (an edit that empties a trip drops its reload).
 */
export function normalizeReloads(reloads: readonly number[], stopCount: number): number[] {
  return [...new Set(reloads)].filter((r) => Number.isInteger(r) && r > 0 && r < stopCount).sort((a, b) => a - b);
}

/**
 * The reload positions of `tokens`: a route written as its stops with a `null` where each reload
 * is (how an edit keeps the trips of the stops it does not move), normalised.
 */
export function reloadsOfTokens<T>(tokens: readonly (T | null)[]): { stops: T[]; reloads: number[] } {
  const stops: T[] = [];
  const reloads: number[] = [];
  for (const t of tokens) {
    if (t === null) reloads.push(stops.length);
    else stops.push(t);
  }
  return { stops, reloads: normalizeReloads(reloads, stops.length) };
}

/**
 * `items` put into a route written as tokens (tokensOf) before its stop number `position` (0-based
 * among the stops; past the end = last). Before the first stop of a later trip means on that trip.
 */
export function insertAtStop<T>(tokens: readonly (T | null)[], position: number, items: readonly T[]): (T | null)[] {
  const out = [...tokens];
  let seen = 0;
  for (let i = 0; i < out.length; i++) {
    if (out[i] === null) continue;
    if (seen === position) {
      out.splice(i, 0, ...items);
      return out;
    }
    seen++;
  }
  out.push(...items);
  return out;
}

/** A route's stops with a `null` where each reload is, for reloadsOfTokens after an edit. */
export function tokensOf<T>(stops: readonly T[], reloads: readonly number[]): (T | null)[] {
  const out: (T | null)[] = [];
  stops.forEach((s, i) => {
    for (const r of reloads) if (r === i) out.push(null);
    out.push(s);
  });
  return out;
}

export interface ScheduledRoute {
  route: PlanRoute;
  violations: Violation[];
  latenessSeconds: number;
}

/** A pass's route with, for leaveLater, its stops and breaks in the order done. */
interface TimedRoute extends ScheduledRoute {
  activities: TimedActivity[];
}

const secondsOf = (time: string) => minutesOfDay(time) * 60;

/** Amounts with their dimension's unit: "120 kg / 3 crates" ("units" where a dimension has no name). */
function amounts(values: readonly number[], names: readonly string[] | undefined): string {
  return values.map((v, k) => `${Math.round(v * 100) / 100} ${names?.[k]?.trim() || "units"}`).join(" / ");
}

/** When service may start at `ready` given windows: the first window not yet closed, else late. */
function serviceStart(ready: number, windows: readonly { start: string; end: string }[]): { start: number; late: number } {
  if (windows.length === 0) return { start: ready, late: 0 };
  for (const w of windows) if (ready <= secondsOf(w.end)) return { start: Math.max(ready, secondsOf(w.start)), late: 0 };
  const lastEnd = Math.max(...windows.map((w) => secondsOf(w.end)));
  return { start: ready, late: ready - lastEnd };
}

/** One pass over the route departing at `departure`. */
function pass(input: ScheduleInput, departure: number): TimedRoute {
  const { vehicle, orders, stops, travel, dims, date } = input;
  const violations: Violation[] = [];
  const flag = (kind: ViolationKind, message: string, orderId?: string) => violations.push({ vehicleId: vehicle.id, ...(orderId !== undefined ? { orderId } : {}), kind, message });
  const capacity = vehicleCapacity(vehicle, dims);
  const shiftStart = secondsOf(vehicle.shift.start);
  const shiftEnd = secondsOf(vehicle.shift.end);

  // Loads: deliveries without a pickup leave the depot on board, those of each trip at its start (issue 26).
  const reloadAt = normalizeReloads(input.reloads ?? [], stops.length);
  const tripBounds = [0, ...reloadAt, stops.length];
  const tripLoad = (trip: number) => {
    let sum = new Array<number>(dims).fill(0);
    for (const s of stops.slice(tripBounds[trip], tripBounds[trip + 1])) {
      const order = orders.get(s.orderId);
      if (order && !order.pickup && s.kind === "delivery") sum = sum.map((x, k) => x + orderDemand(order, dims)[k]!);
    }
    return sum;
  };
  const overCapacity = (amounts: number[]) => amounts.some((x, k) => x > capacity[k]! + 1e-9);
  let load = tripLoad(0);
  const trips = reloadAt.length + 1;
  if (overCapacity(load)) flag("capacity", `Leaves the depot with ${amounts(load, input.dimensionNames)} on board${trips > 1 ? " for its first trip" : ""}; the vehicle takes ${amounts(capacity, input.dimensionNames)}.`);
  if (reloadAt.length > 0 && !vehicle.start) flag("max_trips", "This vehicle has no start depot to reload at.");
  else if (trips > vehicle.maxTrips) flag("max_trips", `${trips} trips; this vehicle makes at most ${vehicle.maxTrips}.`);
  // The route's load: everything delivered from the depot over the day.
  const routeLoad = Array.from({ length: trips }, (_, trip) => tripLoad(trip)).reduce((a, b) => a.map((x, k) => x + b[k]!), new Array<number>(dims).fill(0));
  const reloads: PlanRoute["reloads"] = [];

  const pendingBreaks = vehicle.breaks.map((b, j) => ({ index: j, start: secondsOf(b.window.start), end: secondsOf(b.window.end), duration: b.durationMinutes * 60, gap: input.breakGaps?.[j] }));
  const breaks: PlanRoute["breaks"] = [];
  const activities: TimedActivity[] = [];
  // Idle time before a break (waiting for its window) counts as waiting, as the engine counts it.
  let waiting = 0;
  const takeBreak = (b: (typeof pendingBreaks)[number], now: number) => {
    const start = Math.max(now, b.start);
    waiting += start - now;
    activities.push({ kind: "break", index: breaks.length, waiting: start - now, start, latest: latestStart([[b.start, b.end]], now, start) });
    if (start > b.end) flag("break", `The break ${isoOnDate(date, b.start).slice(11, 16)}–${isoOnDate(date, b.end).slice(11, 16)} starts late, at ${isoOnDate(date, start).slice(11, 16)}.`);
    breaks.push({ start: isoOnDate(date, start), end: isoOnDate(date, start + b.duration) });
    pendingBreaks.splice(pendingBreaks.indexOf(b), 1);
    return start + b.duration;
  };

  let place: LatLng | null = vehicle.start;
  let now = departure;
  const begin = vehicle.start ? departure : null;
  let distance = 0;
  let driving = 0;
  let service = 0;
  let lateness = 0;
  const seen = new Map<string, Set<string>>();
  const planned: PlanRoute["stops"] = [];

  const leg = (to: LatLng, orderId?: string) => {
    if (!place) return 0;
    const t = travel(place, to);
    if (!t) {
      flag("unreachable", "No road leads to this stop from the previous one.", orderId);
      return 0;
    }
    distance += t.distance;
    driving += t.duration;
    return t.duration;
  };

  /** Back to the start depot before stop `position`, reloading the next trip's deliveries. */
  const reload = (position: number) => {
    const depot = vehicle.start;
    if (!depot) return;
    const arrival = now + leg(depot);
    const departure = arrival + vehicle.reloadMinutes * 60;
    activities.push({ kind: "reload", index: reloads.length, waiting: 0, start: arrival, latest: Number.POSITIVE_INFINITY });
    const carried = [...seen].filter(([, kinds]) => kinds.has("pickup") && !kinds.has("delivery")).map(([id]) => orders.get(id)?.label ?? id);
    for (const label of carried) flag("precedence", `${label} is picked up on one trip and delivered on another: the vehicle unloads when it reloads.`);
    const trip = reloads.length + 1;
    load = tripLoad(trip);
    if (overCapacity(load)) flag("capacity", `Leaves the depot with ${amounts(load, input.dimensionNames)} on board for trip ${trip + 1}; the vehicle takes ${amounts(capacity, input.dimensionNames)}.`);
    reloads.push({ afterStops: position, arrival: isoOnDate(date, arrival), departure: isoOnDate(date, departure), waitingSeconds: 0, load: [...load] });
    service += departure - arrival;
    now = departure;
    place = depot;
  };

  stops.forEach((ref, position) => {
    if (reloadAt.includes(position)) reload(position);
    const order = orders.get(ref.orderId);
    if (!order) {
      flag("unknown", `Order ${ref.orderId} is not in this plan.`, ref.orderId);
      return;
    }
    const kinds = seen.get(ref.orderId) ?? new Set<string>();
    if (kinds.has(ref.kind)) flag("duplicate", `${order.label} is served twice.`, order.id);
    kinds.add(ref.kind);
    seen.set(ref.orderId, kinds);
    if (ref.kind === "pickup" && !order.pickup) flag("precedence", `${order.label} has no pickup.`, order.id);
    if (ref.kind === "delivery" && order.pickup && !kinds.has("pickup")) flag("precedence", `${order.label} is delivered before it is picked up.`, order.id);
    const missing = ref.kind === "delivery" ? order.skills.filter((s) => !vehicle.skills.includes(s)) : [];
    if (missing.length > 0) flag("skills", `${order.label} needs skill ${missing.join(", ")}, which this vehicle does not have.`, order.id);

    const stop = ref.kind === "pickup" && order.pickup ? order.pickup : order;
    const windows = stop.timeWindows;
    const serviceSeconds = Math.round(stop.serviceMinutes * 60);
    // Breaks due before this stop: either before driving there or on arrival, whichever serves sooner.
    const due = pendingBreaks.filter((b) => (b.gap !== undefined ? b.gap <= position : now >= b.start || now + (place ? (travel(place, stop)?.duration ?? 0) : 0) + serviceSeconds > b.end));
    let arrival: number;
    if (due.length > 0) {
      const before = due.reduce((t, b) => Math.max(t, b.start) + b.duration, now) + (place ? (travel(place, stop)?.duration ?? 0) : 0);
      const onArrival = due.reduce((t, b) => Math.max(t, b.start) + b.duration, now + (place ? (travel(place, stop)?.duration ?? 0) : 0));
      if (before <= onArrival) {
        for (const b of due) now = takeBreak(b, now);
        arrival = now + leg(stop, order.id);
      } else {
        arrival = now + leg(stop, order.id);
        let t = arrival;
        for (const b of due) t = takeBreak(b, t);
        now = t;
        arrival = Math.max(arrival, t);
      }
    } else arrival = now + leg(stop, order.id);
    const reached = arrival;
    const { start, late } = serviceStart(Math.max(reached, now), windows);
    if (late > 0) {
      lateness += late;
      flag("time_window", `${stop.label ?? order.label}: arrives ${isoOnDate(date, start).slice(11, 16)}, after its window (${windows.map((w) => `${w.start}–${w.end}`).join(" or ")}).`, order.id);
    }
    const wait = start - reached;
    waiting += Math.max(0, wait);
    activities.push({ kind: "stop", index: planned.length, waiting: Math.max(0, wait), start, latest: latestStart(windows.map((w) => [secondsOf(w.start), secondsOf(w.end)] as const), Math.max(reached, now), start) });
    service += serviceSeconds;
    now = start + serviceSeconds;
    const demand = orderDemand(order, dims);
    load = load.map((x, k) => (ref.kind === "pickup" ? x + demand[k]! : x - demand[k]!));
    if (overCapacity(load)) flag("capacity", `After ${stop.label ?? order.label} the vehicle carries ${amounts(load, input.dimensionNames)}; it takes ${amounts(capacity, input.dimensionNames)}.`, order.id);
    planned.push({
      orderId: order.id,
      kind: ref.kind,
      label: ref.kind === "pickup" && order.pickup ? order.pickup.label : order.label,
      lat: stop.lat,
      lng: stop.lng,
      arrival: isoOnDate(date, reached),
      departure: isoOnDate(date, now),
      waitingSeconds: Math.max(0, wait),
      demand,
      load: [...load],
    });
    place = stop;
  });
  for (const [orderId, kinds] of seen) {
    const order = orders.get(orderId);
    if (order?.pickup && kinds.has("pickup") && !kinds.has("delivery")) flag("precedence", `${order.label} is picked up but not delivered on this route.`, orderId);
  }
  // Breaks still due: taken before returning when the day runs into their window.
  for (const b of [...pendingBreaks]) if (now >= b.start || (b.gap !== undefined && b.gap <= stops.length)) now = takeBreak(b, now);

  let finish = now;
  if (vehicle.end && stops.length > 0) finish = now + leg(vehicle.end);
  if (stops.length > 0 && finish > shiftEnd) flag("shift", `The route ends at ${isoOnDate(date, finish).slice(11, 16)}, after the shift (${vehicle.shift.start}–${vehicle.shift.end}).`);
  if (stops.length > 0 && (begin ?? departure) < shiftStart) flag("shift", `The route starts before the shift (${vehicle.shift.start}).`);
  if (vehicle.maxStops && stops.length > vehicle.maxStops) flag("max_stops", `${stops.length} stops; this vehicle makes at most ${vehicle.maxStops}.`);
  if (vehicle.maxDistanceKm && distance > vehicle.maxDistanceKm * 1000 + 1e-6) flag("max_distance", `${(distance / 1000).toFixed(1)} km; this vehicle drives at most ${vehicle.maxDistanceKm} km.`);
  if (vehicle.maxDrivingMinutes && driving > vehicle.maxDrivingMinutes * 60 + 1e-6) flag("max_travel_time", `${Math.round(driving / 60)} min of driving; this vehicle drives at most ${vehicle.maxDrivingMinutes} min.`);

  const firstArrival = planned[0] ? secondsOnDate(date, planned[0].arrival) : departure;
  const origin = begin ?? firstArrival;
  const durationSeconds = stops.length > 0 ? finish - origin : 0;
  return {
    route: {
      vehicleId: vehicle.id,
      driverId: input.driverId ?? null,
      stops: planned,
      breaks,
      reloads,
      start: vehicle.start && stops.length > 0 ? isoOnDate(date, origin) : null,
      end: vehicle.end && stops.length > 0 ? isoOnDate(date, finish) : null,
      distanceMeters: distance,
      durationSeconds,
      drivingSeconds: driving,
      serviceSeconds: service,
      waitingSeconds: waiting,
      load: routeLoad,
      costPence: stops.length > 0 ? routeCostPence(vehicle, durationSeconds) : 0,
    },
    violations,
    latenessSeconds: lateness,
    activities,
  };
}

/**
 * Times and loads of one vehicle's stops in the given order, with what they break. Scheduled from
 * the start of the shift (which places the breaks), then leaving as late as the windows, breaks
 * and shift allow (leaveLater, as engine plans do): the same violations and lateness, less waiting.
 */
export function scheduleVehicleRoute(input: ScheduleInput): ScheduledRoute {
  const { route, violations, latenessSeconds, activities } = pass(input, secondsOf(input.vehicle.shift.start));
  return { route: leaveLater(route, activities, (d) => routeCostPence(input.vehicle, d)), violations, latenessSeconds };
}

export interface CheckPlanInput {
  date: string;
  vehicles: readonly PlanVehicle[];
  orders: readonly PlanOrder[];
  routes: readonly RouteToCheck[];
  travel: Travel;
  /** Each vehicle's own travel (its routing profile's), when vehicles differ; else `travel` for all. */
  travelOf?: (vehicle: PlanVehicle) => Travel;
  dims: number;
}

/** Which stop each planned break follows: the number of stops that depart at or before its start. */
function breakGaps(date: string, vehicle: PlanVehicle, route: RouteToCheck): (number | undefined)[] | undefined {
  const departures = route.departures;
  if (!route.breaks || !departures) return undefined;
  const gaps = route.breaks.map((b) => departures.filter((d) => secondsOnDate(date, d) <= secondsOnDate(date, b.start)).length);
  return vehicle.breaks.map((_, j) => gaps[j]);
}

/** Every constraint any route of the plan breaks, recomputed from the stop order alone. */
export function checkPlan(input: CheckPlanInput): { violations: Violation[]; latenessSeconds: number; routes: PlanRoute[] } {
  const orders = new Map(input.orders.map((o) => [o.id, o]));
  const vehicles = new Map(input.vehicles.map((v) => [v.id, v]));
  const violations: Violation[] = [];
  const routes: PlanRoute[] = [];
  let latenessSeconds = 0;
  const where = new Map<string, string>();
  for (const route of input.routes) {
    const vehicle = vehicles.get(route.vehicleId);
    if (!vehicle) {
      violations.push({ vehicleId: route.vehicleId, kind: "unknown", message: "This vehicle is not in the plan." });
      continue;
    }
    for (const s of route.stops) {
      const other = where.get(s.orderId);
      if (other !== undefined && other !== route.vehicleId) violations.push({ vehicleId: route.vehicleId, orderId: s.orderId, kind: "duplicate", message: "This order is on two vehicles." });
      where.set(s.orderId, route.vehicleId);
    }
    const result = scheduleVehicleRoute({
      date: input.date,
      vehicle,
      orders,
      stops: route.stops,
      travel: input.travelOf?.(vehicle) ?? input.travel,
      dims: input.dims,
      breakGaps: breakGaps(input.date, vehicle, route),
      ...(route.reloads ? { reloads: route.reloads } : {}),
    });
    violations.push(...result.violations);
    routes.push(result.route);
    latenessSeconds += result.latenessSeconds;
  }
  return { violations, latenessSeconds, routes };
}

/** A stored plan route as the checker's input: the stop order, where it reloads and, to place the breaks, the planned departures. */
export const routeToCheck = (route: PlanRoute): RouteToCheck => ({
  vehicleId: route.vehicleId,
  stops: route.stops.map((s) => ({ orderId: s.orderId, kind: s.kind })),
  breaks: route.breaks,
  departures: route.stops.map((s) => s.departure),
  reloads: (route.reloads ?? []).map((r) => r.afterStops),
});
