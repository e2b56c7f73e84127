import type { MatrixRow, Problem, Solution, TimeWindow } from "../model/types";

/** Result of the independent feasibility check, with costs recomputed from the problem data. */
export interface SolutionCheck {
  feasible: boolean;
  violations: string[];
  /** Travel cost recomputed from the matrices (objective weights or cost matrix) plus fixed costs. */
  cost: number;
  distance: number;
  travelTime: number;
  routesUsed: number;
}

const EPS = 1e-6;

function cell(m: readonly MatrixRow[] | undefined, i: number | undefined, j: number | undefined): number {
  if (m === undefined || i === undefined || j === undefined) return 0;
  const v = m[i]?.[j];
  return v === null || v === undefined ? Infinity : v;
}

/**
 * Independent feasibility checker (shares no code with the solver): replays each route's
 * step order from the problem data only and checks that every job/shipment is served at
 * most once and either served or reported unassigned, capacities, time windows, shifts,
 * skills, precedence, breaks, max travel time/distance/stops, and trips: a "reload" step goes
 * back to the vehicle's start, takes its reload time, unloads the trip's pickups and loads the next
 * trip's deliveries; at most maxTrips − 1 of them, no shipment on board. Costs are recomputed.
 * Semantics: travel, then setup (only when the location changes), then waiting for the
 * window, then service; windows constrain the start of service.
 */
export function validateSolution(problem: Problem<MatrixRow>, solution: Solution): SolutionCheck {
  const violations: string[] = [];
  const jobs = problem.jobs ?? [];
  const shipments = problem.shipments ?? [];
  const wTime = problem.objective?.travelTime ?? (problem.objective?.distance ? 0 : 1);
  const wDist = problem.objective?.distance ?? 0;
  const jobById = new Map(jobs.map((j) => [j.id, j]));
  const pickupById = new Map(shipments.map((s, i) => [s.pickup.id, i]));
  const deliveryById = new Map(shipments.map((s, i) => [s.delivery.id, i]));
  const seenJob = new Set<number>();
  const seenPickup = new Set<number>();
  const seenDelivery = new Set<number>();
  const usedVehicles = new Set<number>();
  let totalCost = 0;
  let totalDistance = 0;
  let totalTravel = 0;
  let routesUsed = 0;

  const windowStart = (tws: readonly TimeWindow[] | undefined, ready: number): number | null => {
    if (!tws || tws.length === 0) return ready;
    let best: number | null = null;
    for (const [a, b] of tws) {
      if (b + EPS >= ready) {
        const s = Math.max(a, ready);
        if (best === null || s < best) best = s;
      }
    }
    return best;
  };

  for (const route of solution.routes) {
    const vi = problem.vehicles.findIndex((v) => v.id === route.vehicleId);
    const vehicle = problem.vehicles[vi];
    const where = `vehicle ${route.vehicleId}`;
    if (!vehicle) {
      violations.push(`${where}: unknown vehicle`);
      continue;
    }
    if (usedVehicles.has(vi)) violations.push(`${where}: used by two routes`);
    usedVehicles.add(vi);
    const speed = vehicle.speedFactor ?? 1;
    // The vehicle's own travel: its routing profile's matrices, else the problem's.
    const m = vehicle.profile !== undefined ? problem.profileMatrices?.[vehicle.profile] : problem.matrices;
    if (!m) {
      violations.push(`${where}: unknown routing profile ${vehicle.profile}`);
      continue;
    }
    const skills = new Set(vehicle.skills ?? []);
    const dims = vehicle.capacity?.length ?? 0;
    const tasks = route.steps.filter((s) => s.type !== "start" && s.type !== "end");
    // Deliveries of each trip's jobs, loaded at the depot when the trip starts.
    const tripLoads: number[][] = [new Array<number>(dims).fill(0)];
    for (const s of tasks) {
      if (s.type === "reload") tripLoads.push(new Array<number>(dims).fill(0));
      if (s.type !== "job") continue;
      const j = jobById.get(s.id!);
      const tl = tripLoads[tripLoads.length - 1]!;
      (j?.delivery ?? []).forEach((a, d) => (tl[d] = (tl[d] ?? 0) + a));
    }
    if (tripLoads.length > (vehicle.maxTrips ?? 1)) violations.push(`${where}: ${tripLoads.length} trips > max_trips ${vehicle.maxTrips ?? 1}`);
    let trip = 0;
    const load = tripLoads[0]!.slice();
    const checkLoad = (what: string): void => {
      if (!vehicle.capacity) return;
      for (let d = 0; d < dims; d++) {
        if ((load[d] ?? 0) > vehicle.capacity[d]! + EPS) violations.push(`${where}: capacity exceeded ${what} (dim ${d})`);
      }
    };
    checkLoad("at start");
    let time = vehicle.timeWindow?.[0] ?? 0;
    let loc: number | undefined = vehicle.start;
    let travel = 0;
    let distance = 0;
    let cost = 0;
    let stops = 0;
    const breaksSeen = new Set<number>();
    const pickedHere = new Set<number>();
    const move = (to: number | undefined): number => {
      if (loc === undefined || to === undefined) {
        if (to !== undefined) loc = to;
        return 0;
      }
      const t = cell(m.durations, loc, to) / speed;
      const dd = cell(m.distances, loc, to);
      const c = m.costs ? cell(m.costs, loc, to) : wTime * t + wDist * dd;
      if (!Number.isFinite(t) || !Number.isFinite(c)) violations.push(`${where}: unreachable leg ${loc} → ${to}`);
      travel += t;
      distance += dd;
      cost += c;
      loc = to;
      return t;
    };
    for (const s of tasks) {
      let location: number | undefined;
      let service = 0;
      let setup = 0;
      let tws: readonly TimeWindow[] | undefined;
      let skillsNeeded: readonly number[] = [];
      let delta: number[] = [];
      if (s.type === "job") {
        const j = jobById.get(s.id!);
        if (!j) {
          violations.push(`${where}: unknown job ${s.id}`);
          continue;
        }
        if (seenJob.has(j.id)) violations.push(`job ${j.id} served twice`);
        seenJob.add(j.id);
        location = j.location;
        service = j.service ?? 0;
        setup = j.setup ?? 0;
        tws = j.timeWindows;
        skillsNeeded = j.skills ?? [];
        delta = new Array<number>(dims).fill(0).map((_, d) => (j.pickup?.[d] ?? 0) - (j.delivery?.[d] ?? 0));
      } else if (s.type === "pickup" || s.type === "delivery") {
        const idx = (s.type === "pickup" ? pickupById : deliveryById).get(s.id!);
        const sh = idx === undefined ? undefined : shipments[idx];
        if (!sh || idx === undefined) {
          violations.push(`${where}: unknown ${s.type} ${s.id}`);
          continue;
        }
        const seen = s.type === "pickup" ? seenPickup : seenDelivery;
        if (seen.has(s.id!)) violations.push(`${s.type} ${s.id} served twice`);
        seen.add(s.id!);
        const step = s.type === "pickup" ? sh.pickup : sh.delivery;
        location = step.location;
        service = step.service ?? 0;
        setup = step.setup ?? 0;
        tws = step.timeWindows;
        skillsNeeded = sh.skills ?? [];
        const sign = s.type === "pickup" ? 1 : -1;
        delta = new Array<number>(dims).fill(0).map((_, d) => sign * (sh.amount?.[d] ?? 0));
        if (s.type === "pickup") pickedHere.add(idx);
        else if (!pickedHere.has(idx)) violations.push(`delivery ${s.id} before its pickup or on another vehicle`);
        else pickedHere.delete(idx);
      } else if (s.type === "reload") {
        if (vehicle.start === undefined) violations.push(`${where}: reload without a start to reload at`);
        if (pickedHere.size > 0) violations.push(`${where}: shipment on board at a reload`);
        time += move(vehicle.start) + (vehicle.reloadTime ?? 0);
        const next = tripLoads[++trip]!;
        for (let d = 0; d < dims; d++) load[d] = next[d] ?? 0;
        checkLoad(`after reload ${trip}`);
        continue;
      } else if (s.type === "break") {
        const b = (vehicle.breaks ?? []).find((x) => x.id === s.id);
        if (!b) {
          violations.push(`${where}: unknown break ${s.id}`);
          continue;
        }
        if (breaksSeen.has(b.id)) violations.push(`${where}: break ${b.id} twice`);
        breaksSeen.add(b.id);
        const start = windowStart(b.timeWindows, time);
        if (start === null) violations.push(`${where}: break ${b.id} outside its windows`);
        time = (start ?? time) + (b.service ?? 0);
        continue;
      }
      for (const k of skillsNeeded) if (!skills.has(k)) violations.push(`${where}: lacks skill ${k} for ${s.type} ${s.id}`);
      const prev = loc;
      const t = move(location);
      const ready = time + t + (prev !== location ? setup : 0);
      const start = windowStart(tws, ready);
      if (start === null) violations.push(`${where}: ${s.type} ${s.id} misses its time windows (ready ${ready})`);
      time = (start ?? ready) + service;
      stops++;
      delta.forEach((x, d) => (load[d] = (load[d] ?? 0) + x));
      checkLoad(`after ${s.type} ${s.id}`);
    }
    if (pickedHere.size > 0) violations.push(`${where}: shipment picked up but not delivered`);
    for (const b of vehicle.breaks ?? []) if (!breaksSeen.has(b.id) && stops > 0) violations.push(`${where}: break ${b.id} missing`);
    const t = move(vehicle.end);
    time += t;
    if (vehicle.timeWindow && time > vehicle.timeWindow[1] + EPS) violations.push(`${where}: returns at ${time} after shift end ${vehicle.timeWindow[1]}`);
    if (vehicle.maxTravelTime !== undefined && travel > vehicle.maxTravelTime + EPS) violations.push(`${where}: travel time ${travel} > max`);
    if (vehicle.maxDistance !== undefined && distance > vehicle.maxDistance + EPS) violations.push(`${where}: distance ${distance} > max`);
    if (vehicle.maxStops !== undefined && stops > vehicle.maxStops) violations.push(`${where}: ${stops} stops > max`);
    if (stops > 0) {
      cost += vehicle.fixedCost ?? 0;
      routesUsed++;
    }
    totalCost += cost;
    totalDistance += distance;
    totalTravel += travel;
  }

  const unassignedJobs = new Set<number>();
  const unassignedPickups = new Set<number>();
  const unassignedDeliveries = new Set<number>();
  for (const u of solution.unassigned) {
    if (u.type === "job") unassignedJobs.add(u.id);
    else if (u.type === "pickup") unassignedPickups.add(u.id);
    else unassignedDeliveries.add(u.id);
  }
  for (const j of jobs) {
    const served = seenJob.has(j.id);
    const un = unassignedJobs.has(j.id);
    if (!served && !un) violations.push(`job ${j.id} lost (neither served nor unassigned)`);
    if (served && un) violations.push(`job ${j.id} both served and unassigned`);
  }
  for (const s of shipments) {
    const p = seenPickup.has(s.pickup.id);
    const d = seenDelivery.has(s.delivery.id);
    if (p !== d) violations.push(`shipment ${s.pickup.id}/${s.delivery.id} half served`);
    if (!p && !(unassignedPickups.has(s.pickup.id) && unassignedDeliveries.has(s.delivery.id)))
      violations.push(`shipment ${s.pickup.id}/${s.delivery.id} lost`);
  }
  return { feasible: violations.length === 0, violations, cost: totalCost, distance: totalDistance, travelTime: totalTravel, routesUsed };
}
