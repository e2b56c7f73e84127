import { InvalidProblemError } from "./errors";
import { amountOrZero, normaliseWindows, requireValidProblem } from "./require-valid-problem";
import type { MatrixRow, ObjectiveMode, Problem, TypedMatrixRow } from "./types";

export const KIND_JOB = 0;
export const KIND_PICKUP = 1;
export const KIND_DELIVERY = 2;
export const KIND_BREAK = 3;
/** Back to the depot between two trips (Vehicle.maxTrips); skipped unless stops come before and after it. */
export const KIND_RELOAD = 4;

/** Tasks a vehicle owns (breaks, reloads): always on its route, never requests. */
export function isVehicleTask(kind: number | undefined): boolean {
  return kind === KIND_BREAK || kind === KIND_RELOAD;
}

/**
 * Compiled, array-based form of a Problem used by every hot loop.
 * A "task" is one stop: a job, a shipment pickup, a shipment delivery or a break.
 * A "request" is what can be unassigned: a job (one task) or a shipment (two tasks).
 * Location index `nowhere` (= number of real locations) has zero travel to and from
 * everything; it stands for a missing vehicle start or end.
 */
export interface Instance {
  problem: Problem<MatrixRow>;
  /** Real locations + 1 (the `nowhere` location). Matrix row stride. */
  stride: number;
  nowhere: number;
  /** Capacity dimensions. */
  dims: number;
  /** Per speed class (routing profile × speed factor): durations, costs and distances, indexed [from * stride + to]. */
  dur: Float64Array[];
  cost: Float64Array[];
  /**
   * Distances; classes of one profile share the same array. A profile without distances gets
   * zeros when another profile has some; when no profile has any (hasDistances false) these
   * are the duration arrays themselves, read only by limits that cannot exist then
   * (maxDistance requires distances) and never reported.
   */
  dist: Float64Array[];
  hasDistances: boolean;

  nTasks: number;
  taskLoc: Int32Array;
  taskService: Float64Array;
  taskSetup: Float64Array;
  /** Windows of task t are twStart/twEnd[twOffset[t] .. twOffset[t+1]), sorted by start. */
  twOffset: Int32Array;
  twStart: Float64Array;
  twEnd: Float64Array;
  /** Per task and dimension [t * dims + d]: amount loaded at start and dropped here / picked up here (negative for shipment deliveries). */
  taskDelivery: Float64Array;
  taskPickup: Float64Array;
  taskKind: Uint8Array;
  /** Request index of the task (-1 for breaks). */
  taskRequest: Int32Array;
  /** Other task of the same shipment, else -1. */
  taskPartner: Int32Array;
  /** Id shown to users (job id, step id or break id). */
  taskId: Float64Array;
  /** Owning vehicle for breaks, else -1. */
  taskVehicle: Int32Array;

  nRequests: number;
  requestFirst: Int32Array;
  /** Second task (shipment delivery) or -1. */
  requestSecond: Int32Array;
  requestPriority: Float64Array;
  /** Penalty paid in the objective when the request is unassigned. */
  requestPenalty: Float64Array;

  nVehicles: number;
  vStart: Int32Array;
  vEnd: Int32Array;
  vTwStart: Float64Array;
  vTwEnd: Float64Array;
  vCapacity: Float64Array;
  vMaxTravel: Float64Array;
  vMaxDist: Float64Array;
  vMaxStops: Float64Array;
  vFixed: Float64Array;
  /** Speed class index into dur/cost. */
  vClass: Int32Array;
  /** Vehicles with equal timing class share end location, shift end and speed: suffix caches are interchangeable. */
  vTimingClass: Int32Array;
  /** Vehicles with equal type are interchangeable when empty. */
  vType: Int32Array;
  /** The vehicle's own tasks (breaks, then maxTrips − 1 reloads), placed on its route from the start. */
  vBreaks: number[][];
  /** 1 when the vehicle owns tasks (breaks or reloads): its routes are simulated in full (slow path). */
  vHasBreaks: Uint8Array;
  /** Trips per shift (Vehicle.maxTrips, default 1). */
  vMaxTrips: Int32Array;
  /** compat[v * nTasks + t] = 1 when vehicle v may serve task t (skills, break ownership). */
  compat: Uint8Array;
  hasShipments: boolean;
  /** True when every vehicle may serve every task (no skills, no breaks): compatibility checks are skipped. */
  allCompatible: boolean;
  /** Largest finite arc cost; scales penalties and temperatures. */
  maxArcCost: number;
  /** Objective mode (problem.objective.mode, default min_time). */
  mode: ObjectiveMode;
  /** min_vehicles: implicit cost of every used vehicle, larger than any total travel cost (0 otherwise). */
  vehicleCost: number;
  /** balance: a used route adds balanceCoef × (working time)² to its cost (0 otherwise). */
  balanceCoef: number;
}

/**
 * Flattens a matrix into [from * stride + to] (null → Infinity, values ÷ scale). `max.value` is
 * raised to the largest finite value written, in the same pass: a second pass over a
 * 10,001² matrix would read 800 MB again.
 */
function flat(m: readonly MatrixRow[], n: number, stride: number, scale: number, max: { value: number }): Float64Array {
  const out = new Float64Array(stride * stride);
  let mx = max.value;
  for (let i = 0; i < n; i++) {
    const row = m[i]!;
    const base = i * stride;
    if (!Array.isArray(row)) {
      // Typed row: no null, values checked finite by requireValidProblem.
      const typed = row as TypedMatrixRow;
      if (scale === 1) {
        // The usual case: a plain copy (x / 1 is x) with no division per cell.
        out.set(typed.length === n ? typed : typed.subarray(0, n), base);
        for (let j = 0; j < n; j++) if (out[base + j]! > mx) mx = out[base + j]!;
        continue;
      }
      for (let j = 0; j < n; j++) {
        const v = typed[j]! / scale;
        out[base + j] = v;
        if (v > mx && v < Infinity) mx = v;
      }
      continue;
    }
    for (let j = 0; j < n; j++) {
      const v = row[j];
      const x = v === null || v === undefined ? Infinity : v / scale;
      out[base + j] = x;
      if (x > mx && x < Infinity) mx = x;
    }
  }
  max.value = mx;
  return out;
}

/** Validates and compiles a problem. Throws InvalidProblemError for malformed input. */
export function compileProblem(problem: Problem<MatrixRow>): Instance {
  requireValidProblem(problem);
  const n = problem.matrices.durations.length;
  const stride = n + 1;
  const nowhere = n;
  const jobs = problem.jobs ?? [];
  const shipments = problem.shipments ?? [];
  const vehicles = problem.vehicles;

  let dims = 0;
  for (const j of jobs) dims = Math.max(dims, j.delivery?.length ?? 0, j.pickup?.length ?? 0);
  for (const s of shipments) dims = Math.max(dims, s.amount?.length ?? 0);
  for (const v of vehicles) dims = Math.max(dims, v.capacity?.length ?? 0);

  const wTime = problem.objective?.travelTime ?? (problem.objective?.distance ? 0 : 1);
  const wDist = problem.objective?.distance ?? 0;
  const matricesOf = (profile: string | undefined) => (profile === undefined ? problem.matrices : problem.profileMatrices![profile]!);
  const hasDistances = problem.matrices.distances !== undefined || Object.values(problem.profileMatrices ?? {}).some((m) => m.distances !== undefined);
  const distByProfile = new Map<string | undefined, Float64Array>();
  const distOf = (profile: string | undefined): Float64Array => {
    let d = distByProfile.get(profile);
    if (!d) {
      const m = matricesOf(profile).distances;
      // Without distances: zeros. The OS maps untouched zero pages lazily, so this costs no
      // resident memory (10,001²: 800 MB of address space, measured ~0 MB of RSS).
      d = m ? flat(m, n, stride, 1, { value: 0 }) : new Float64Array(stride * stride);
      distByProfile.set(profile, d);
    }
    return d;
  };

  // Speed classes: one duration/cost/distance matrix set per distinct (routing profile, speed factor).
  const classes: { profile: string | undefined; speed: number }[] = [];
  const vClass = new Int32Array(vehicles.length);
  vehicles.forEach((v, i) => {
    const s = v.speedFactor ?? 1;
    let c = classes.findIndex((k) => k.speed === s && k.profile === v.profile);
    if (c < 0) c = classes.push({ profile: v.profile, speed: s }) - 1;
    vClass[i] = c;
  });
  if (classes.length === 0) classes.push({ profile: undefined, speed: 1 });
  const dur: Float64Array[] = [];
  const cost: Float64Array[] = [];
  const dist: Float64Array[] = [];
  // Largest finite arc cost over every class's cost matrix, found while writing the matrices.
  const maxCost = { value: 0 };
  const unused = { value: 0 };
  for (const { profile, speed } of classes) {
    const m = matricesOf(profile);
    const costIsDur = !m.costs && wDist === 0 && wTime === 1;
    const d = flat(m.durations, n, stride, speed, costIsDur ? maxCost : unused);
    // No distances anywhere (so no vehicle has maxDistance, which requires them): the distance
    // matrix is never read for a result, and the durations stand in for it instead of 8 bytes of
    // zeros a cell (800 MB at 10,001 locations; whether untouched zero pages stay out of resident
    // memory depends on the machine: measured 0 MB on one, 800 MB on another).
    const dd = hasDistances ? distOf(profile) : d;
    dur.push(d);
    dist.push(dd);
    let c: Float64Array;
    if (m.costs) c = flat(m.costs, n, stride, 1, maxCost);
    else if (costIsDur) c = d;
    else {
      c = new Float64Array(stride * stride);
      let mx = maxCost.value;
      for (let i = 0; i < c.length; i++) {
        const x = wTime * d[i]! + wDist * dd[i]!;
        c[i] = x;
        if (x > mx && x < Infinity) mx = x;
      }
      maxCost.value = mx;
    }
    cost.push(c);
  }
  const maxArcCost = maxCost.value;

  // Tasks: jobs, then shipment pickups/deliveries, then each vehicle's breaks and reloads.
  let nBreaks = 0;
  for (const v of vehicles) nBreaks += (v.breaks?.length ?? 0) + Math.max(0, (v.maxTrips ?? 1) - 1);
  const nTasks = jobs.length + 2 * shipments.length + nBreaks;
  const taskLoc = new Int32Array(nTasks);
  const taskService = new Float64Array(nTasks);
  const taskSetup = new Float64Array(nTasks);
  const taskDelivery = new Float64Array(nTasks * dims);
  const taskPickup = new Float64Array(nTasks * dims);
  const taskKind = new Uint8Array(nTasks);
  const taskRequest = new Int32Array(nTasks).fill(-1);
  const taskPartner = new Int32Array(nTasks).fill(-1);
  const taskId = new Float64Array(nTasks);
  const taskVehicle = new Int32Array(nTasks).fill(-1);
  const taskSkills: (readonly number[] | undefined)[] = [];
  const windows: (readonly (readonly [number, number])[])[] = [];
  const nRequests = jobs.length + shipments.length;
  const requestFirst = new Int32Array(nRequests);
  const requestSecond = new Int32Array(nRequests).fill(-1);
  const requestPriority = new Float64Array(nRequests);

  let t = 0;
  jobs.forEach((j, r) => {
    taskLoc[t] = j.location;
    taskService[t] = j.service ?? 0;
    taskSetup[t] = j.setup ?? 0;
    const del = amountOrZero(j.delivery, dims);
    const pick = amountOrZero(j.pickup, dims);
    for (let d = 0; d < dims; d++) {
      taskDelivery[t * dims + d] = del[d]!;
      taskPickup[t * dims + d] = pick[d]!;
    }
    taskKind[t] = KIND_JOB;
    taskRequest[t] = r;
    taskId[t] = j.id;
    taskSkills[t] = j.skills;
    windows[t] = normaliseWindows(j.timeWindows);
    requestFirst[r] = t;
    requestPriority[r] = j.priority ?? 0;
    t++;
  });
  shipments.forEach((s, i) => {
    const r = jobs.length + i;
    const amount = amountOrZero(s.amount, dims);
    for (const side of [s.pickup, s.delivery]) {
      taskLoc[t] = side.location;
      taskService[t] = side.service ?? 0;
      taskSetup[t] = side.setup ?? 0;
      taskId[t] = side.id;
      taskRequest[t] = r;
      taskSkills[t] = s.skills;
      windows[t] = normaliseWindows(side.timeWindows);
      t++;
    }
    const p = t - 2;
    const q = t - 1;
    taskKind[p] = KIND_PICKUP;
    taskKind[q] = KIND_DELIVERY;
    taskPartner[p] = q;
    taskPartner[q] = p;
    for (let d = 0; d < dims; d++) {
      taskPickup[p * dims + d] = amount[d]!;
      taskPickup[q * dims + d] = -amount[d]!;
    }
    requestFirst[r] = p;
    requestSecond[r] = q;
    requestPriority[r] = s.priority ?? 0;
  });
  const vBreaks: number[][] = [];
  vehicles.forEach((v, vi) => {
    const list: number[] = [];
    const sorted = [...(v.breaks ?? [])].sort(
      (a, b) => normaliseWindows(a.timeWindows)[0]![0] - normaliseWindows(b.timeWindows)[0]![0],
    );
    for (const b of sorted) {
      taskLoc[t] = nowhere;
      taskService[t] = b.service ?? 0;
      taskKind[t] = KIND_BREAK;
      taskId[t] = b.id;
      taskVehicle[t] = vi;
      windows[t] = normaliseWindows(b.timeWindows);
      list.push(t);
      t++;
    }
    for (let k = 1; k < (v.maxTrips ?? 1); k++) {
      taskLoc[t] = v.start!;
      taskService[t] = v.reloadTime ?? 0;
      taskKind[t] = KIND_RELOAD;
      taskId[t] = k;
      taskVehicle[t] = vi;
      windows[t] = normaliseWindows(undefined);
      list.push(t);
      t++;
    }
    vBreaks.push(list);
  });

  const twOffset = new Int32Array(nTasks + 1);
  let nw = 0;
  for (let i = 0; i < nTasks; i++) {
    twOffset[i] = nw;
    nw += windows[i]!.length;
  }
  twOffset[nTasks] = nw;
  const twStart = new Float64Array(nw);
  const twEnd = new Float64Array(nw);
  for (let i = 0; i < nTasks; i++) {
    windows[i]!.forEach((w, k) => {
      twStart[twOffset[i]! + k] = w[0];
      twEnd[twOffset[i]! + k] = w[1];
    });
  }

  const nVehicles = vehicles.length;
  const vStart = new Int32Array(nVehicles);
  const vEnd = new Int32Array(nVehicles);
  const vTwStart = new Float64Array(nVehicles);
  const vTwEnd = new Float64Array(nVehicles);
  const vCapacity = new Float64Array(nVehicles * dims);
  const vMaxTravel = new Float64Array(nVehicles);
  const vMaxDist = new Float64Array(nVehicles);
  const vMaxStops = new Float64Array(nVehicles);
  const vFixed = new Float64Array(nVehicles);
  const vHasBreaks = new Uint8Array(nVehicles);
  const vMaxTrips = new Int32Array(nVehicles);
  const compat = new Uint8Array(nVehicles * nTasks);
  const timingKeys: string[] = [];
  const typeKeys: string[] = [];
  const vTimingClass = new Int32Array(nVehicles);
  const vType = new Int32Array(nVehicles);
  vehicles.forEach((v, vi) => {
    vStart[vi] = v.start ?? nowhere;
    vEnd[vi] = v.end ?? nowhere;
    vTwStart[vi] = v.timeWindow?.[0] ?? 0;
    vTwEnd[vi] = v.timeWindow?.[1] ?? Infinity;
    for (let d = 0; d < dims; d++) vCapacity[vi * dims + d] = v.capacity ? (v.capacity[d] ?? 0) : Infinity;
    vMaxTravel[vi] = v.maxTravelTime ?? Infinity;
    vMaxDist[vi] = v.maxDistance ?? Infinity;
    vMaxStops[vi] = v.maxStops ?? Infinity;
    vFixed[vi] = v.fixedCost ?? 0;
    vHasBreaks[vi] = vBreaks[vi]!.length > 0 ? 1 : 0;
    vMaxTrips[vi] = v.maxTrips ?? 1;
    const skills = new Set(v.skills ?? []);
    for (let k = 0; k < nTasks; k++) {
      if (isVehicleTask(taskKind[k])) compat[vi * nTasks + k] = taskVehicle[k] === vi ? 1 : 0;
      else compat[vi * nTasks + k] = (taskSkills[k] ?? []).every((s) => skills.has(s)) ? 1 : 0;
    }
    const timingKey = `${vEnd[vi]}|${vTwEnd[vi]}|${vClass[vi]}|${vHasBreaks[vi] ? vi : -1}`;
    let tc = timingKeys.indexOf(timingKey);
    if (tc < 0) tc = timingKeys.push(timingKey) - 1;
    vTimingClass[vi] = tc;
    const typeKey = JSON.stringify([
      vStart[vi], vEnd[vi], vTwStart[vi], vTwEnd[vi], v.capacity ?? null, [...skills].sort(), vMaxTravel[vi], vMaxDist[vi],
      vMaxStops[vi], vFixed[vi], vClass[vi], vHasBreaks[vi] ? vi : -1,
    ]);
    let ty = typeKeys.indexOf(typeKey);
    if (ty < 0) ty = typeKeys.push(typeKey) - 1;
    vType[vi] = ty;
  });

  const mode = problem.objective?.mode ?? "min_time";
  const userFixed = vFixed.reduce((a, b) => a + b, 0);
  // min_vehicles: one more vehicle costs more than any whole solution's travel and fixed costs.
  const vehicleCost = mode === "min_vehicles" ? maxArcCost * (nTasks + 2 * nVehicles + 2) + userFixed + 1 : 0;
  const balance = mode === "balance" ? balanceTerms(problem, nTasks, taskLoc, taskService, taskSetup, dur, cost[0]!, stride) : null;
  const balanceCoef = balance?.coef ?? 0;
  // Unassigned penalty: larger than any possible route cost change (travel, fixed, implicit vehicle
  // and balance terms), plus priority.
  const base = Math.max(1, maxArcCost) * (nTasks + 2) * 4 + userFixed + nVehicles * vehicleCost + (balance?.bound ?? 0);
  const requestPenalty = new Float64Array(nRequests);
  for (let r = 0; r < nRequests; r++) requestPenalty[r] = base * (1 + requestPriority[r]!);
  if (!Number.isFinite(base)) throw new InvalidProblemError("matrices", "costs are too large");

  return {
    problem, stride, nowhere, dims, dur, cost, dist, hasDistances,
    nTasks, taskLoc, taskService, taskSetup, twOffset, twStart, twEnd, taskDelivery, taskPickup, taskKind,
    taskRequest, taskPartner, taskId, taskVehicle,
    nRequests, requestFirst, requestSecond, requestPriority, requestPenalty,
    nVehicles, vStart, vEnd, vTwStart, vTwEnd, vCapacity, vMaxTravel, vMaxDist, vMaxStops, vFixed, vClass,
    vTimingClass, vType, vBreaks, vHasBreaks, vMaxTrips, compat, hasShipments: shipments.length > 0, maxArcCost,
    allCompatible: compat.every((c) => c === 1),
    mode, vehicleCost, balanceCoef,
  };
}

/**
 * Balance objective scale (README "Objectives"): a used route costs coef × W² where W is its
 * working time (travel + setup + service), with coef = w × κ / (2H), so that one more second
 * on a route at the even share H costs w × κ (κ = average cost per second of travel).
 * H = (service + setup + nearest incoming travel of every task) / vehicles. `bound` is an upper
 * bound of Σ coef × W² over the fleet, for the unassigned penalty.
 */
function balanceTerms(
  problem: Problem, nTasks: number, taskLoc: Int32Array, taskService: Float64Array, taskSetup: Float64Array,
  durByClass: Float64Array[], cost: Float64Array, stride: number,
): { coef: number; bound: number } {
  const n = stride - 1;
  const dur = durByClass[0]!;
  let sumCost = 0;
  let sumDur = 0;
  let maxDur = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = dur[i * stride + j]!;
      const c = cost[i * stride + j]!;
      if (i === j || !Number.isFinite(d) || !Number.isFinite(c)) continue;
      sumCost += c;
      sumDur += d;
    }
  }
  for (const m of durByClass) for (let i = 0; i < m.length; i++) if (Number.isFinite(m[i]!) && m[i]! > maxDur) maxDur = m[i]!;
  const kappa = sumDur > 0 ? sumCost / sumDur : 1;
  const from = new Set<number>();
  for (let t = 0; t < nTasks; t++) if (taskLoc[t]! < n) from.add(taskLoc[t]!);
  for (const v of problem.vehicles) if (v.start !== undefined) from.add(v.start);
  let work = 0;
  let busy = 0;
  for (let t = 0; t < nTasks; t++) {
    busy += taskService[t]! + taskSetup[t]!;
    work += taskService[t]! + taskSetup[t]!;
    const l = taskLoc[t]!;
    if (l < n) {
      let near = Infinity;
      for (const f of from) if (f !== l && dur[f * stride + l]! < near) near = dur[f * stride + l]!;
      if (Number.isFinite(near)) work += near;
    }
  }
  const nV = Math.max(1, problem.vehicles.length);
  const h = Math.max(1, work / nV);
  const coef = ((problem.objective?.balanceWeight ?? 1) * kappa) / (2 * h);
  // Longest possible working time: every task over the longest arcs.
  const longest = busy + maxDur * (nTasks + 2);
  return { coef, bound: problem.vehicles.length * coef * longest * longest };
}
