import type { Instance } from "../../model/instance";
import type { Neighbours } from "../../search/neighbours";

/**
 * A plain capacitated VRP as the genetic search (HGS, Vidal 2022) sees it: node 0 is the depot,
 * nodes 1..n the customers (task i − 1), one capacity, a symmetric cost matrix and `vehicles`
 * route slots. Built only for instances where this is the whole problem (see `cvrpOf`).
 */
export interface Cvrp {
  n: number;
  /** Costs [(n + 1) × (n + 1)], node 0 = depot. */
  d: Float64Array;
  demand: Float64Array;
  capacity: number;
  /** Route slots: the fleet, or fewer when the fleet is far larger than any solution needs. */
  vehicles: number;
  /** Customer i's task index (i ≥ 1). */
  task: Int32Array;
  /** Granular neighbourhoods: each customer's closest customers, made symmetric (set by withNeighbours). */
  correlated: Int32Array[];
  /** Each customer's NEAR closest customers, closest first: routes holding them are SWAP* partners (set by withNeighbours). */
  near: Int32Array[];
  maxCost: number;
  maxDemand: number;
  totalDemand: number;
  /** Time windows, or null for none (a CVRP). Travel times are the costs `d`. */
  tw: TimeWindows | null;
}

/**
 * Node i's service duration and window on the start of its service (node 0: the depot, whose
 * window is the vehicles' shift: leave from its start, be back by its end). A route's lateness is
 * Vidal's time warp (2013): arriving after a window's end costs the difference, and the schedule
 * goes on from the window's end; `routeWarp` computes it.
 */
export interface TimeWindows {
  service: Float64Array;
  early: Float64Array;
  late: Float64Array;
}

/** Time warp of the route depot → nodes[from .. to) → depot (waiting allowed, leaving at the shift's start). */
export function routeWarp(cvrp: Cvrp, nodes: ArrayLike<number>, from: number, to: number): number {
  const tw = cvrp.tw!;
  const d = cvrp.d;
  const m = cvrp.n + 1;
  let warp = 0;
  let t = tw.early[0]!;
  let prev = 0;
  for (let i = from; i < to; i++) {
    const c = nodes[i]!;
    t += d[prev * m + c]!;
    if (t < tw.early[c]!) t = tw.early[c]!;
    else if (t > tw.late[c]!) {
      warp += t - tw.late[c]!;
      t = tw.late[c]!;
    }
    t += tw.service[c]!;
    prev = c;
  }
  t += d[prev * m]!;
  return t > tw.late[0]! ? warp + (t - tw.late[0]!) : warp;
}

/** Largest instance the genetic search takes (it keeps an (n + 1)² matrix and a population). */
const MAX_CUSTOMERS = 1200;
/** Neighbours per customer in the local search (HGS's nbGranular). */
const GRANULAR = 20;
/** Closest customers whose routes count as a route's neighbours for SWAP*. */
const NEAR = 5;

/**
 * The instance as a CVRP, with or without time windows (a VRPTW: one window per job, every
 * vehicle on the same shift, costs equal to travel times), or null when it is more than that:
 * several windows per job, setup times, shipments, skills, breaks, several vehicle types,
 * route limits, fixed costs, an objective other than min_time, several capacity dimensions,
 * mixed pickups and deliveries, a vehicle that does not start and end at one depot, or an
 * asymmetric cost matrix.
 */
export function cvrpOf(inst: Instance): Cvrp | null {
  const n = inst.nTasks;
  if (n < 2 || n > MAX_CUSTOMERS || inst.nVehicles < 1) return null;
  if (inst.hasShipments || !inst.allCompatible || inst.dims !== 1) return null;
  if (inst.mode !== "min_time" || inst.balanceCoef !== 0 || inst.vehicleCost !== 0) return null;
  const start = inst.vStart[0]!;
  if (start === inst.nowhere || inst.vEnd[0] !== start) return null;
  for (let v = 0; v < inst.nVehicles; v++) {
    if (inst.vType[v] !== inst.vType[0] || inst.vHasBreaks[v] || inst.vClass[v] !== inst.vClass[0]) return null;
    if (inst.vStart[v] !== start || inst.vEnd[v] !== start || inst.vFixed[v] !== 0) return null;
    if (inst.vMaxTravel[v] !== Infinity || inst.vMaxDist[v] !== Infinity || inst.vMaxStops[v] !== Infinity) return null;
    if (inst.vCapacity[v] !== inst.vCapacity[0] || inst.vTwStart[v] !== inst.vTwStart[0] || inst.vTwEnd[v] !== inst.vTwEnd[0]) return null;
  }
  const shiftStart = inst.vTwStart[0]!;
  const shiftEnd = inst.vTwEnd[0]!;
  const early = new Float64Array(n + 1);
  const late = new Float64Array(n + 1);
  const service = new Float64Array(n + 1);
  early[0] = shiftStart;
  late[0] = shiftEnd;
  let timed = shiftEnd !== Infinity;
  const capacity = inst.vCapacity[0]!;
  if (!(capacity > 0) || capacity === Infinity) return null;
  let pickups = false;
  let deliveries = false;
  const demand = new Float64Array(n + 1);
  let maxDemand = 0;
  let totalDemand = 0;
  for (let t = 0; t < n; t++) {
    if (inst.twOffset[t + 1]! - inst.twOffset[t]! !== 1) return null;
    const w = inst.twOffset[t]!;
    if (inst.taskSetup[t] !== 0) return null;
    early[t + 1] = Math.max(shiftStart, inst.twStart[w]!);
    late[t + 1] = inst.twEnd[w]!;
    service[t + 1] = inst.taskService[t]!;
    if (late[t + 1]! !== Infinity) timed = true;
    const del = inst.taskDelivery[t]!;
    const pick = inst.taskPickup[t]!;
    if (del < 0 || pick < 0) return null;
    if (del > 0) deliveries = true;
    if (pick > 0) pickups = true;
    const q = del + pick;
    if (q > capacity) return null;
    demand[t + 1] = q;
    maxDemand = Math.max(maxDemand, q);
    totalDemand += q;
  }
  // Pickups and deliveries together make the load vary along a route: not a plain CVRP.
  if (pickups && deliveries) return null;
  const cost = inst.cost[inst.vClass[0]!]!;
  // With windows, one matrix serves as costs and travel times.
  if (timed && cost !== inst.dur[inst.vClass[0]!]) return null;
  const stride = inst.stride;
  const loc = new Int32Array(n + 1);
  loc[0] = start;
  for (let t = 0; t < n; t++) loc[t + 1] = inst.taskLoc[t]!;
  const m = n + 1;
  const d = new Float64Array(m * m);
  let maxCost = 0;
  for (let i = 0; i < m; i++) {
    const row = loc[i]! * stride;
    for (let j = 0; j < m; j++) {
      const c = i === j ? 0 : cost[row + loc[j]!]!;
      // Unreachable, or asymmetric (the transposed cell is already written): not for this search.
      if (!(c < Infinity) || (j < i && d[j * m + i] !== c)) return null;
      d[i * m + j] = c;
      if (c > maxCost) maxCost = c;
    }
  }
  // HGS's fleet bound for an unlimited fleet: ⌈1.3 × demand / capacity⌉ + 3 routes (with windows,
  // the windows rather than the capacity may set the number of routes: the whole fleet).
  const vehicles = timed ? inst.nVehicles : Math.min(inst.nVehicles, Math.ceil((1.3 * totalDemand) / capacity) + 3);
  const task = new Int32Array(m);
  for (let i = 1; i < m; i++) task[i] = i - 1;
  const tw = timed ? { service, early, late } : null;
  return { n, d, demand, capacity, vehicles, task, correlated: [], near: [], maxCost, maxDemand, totalDemand, tw };
}

/**
 * Fills the neighbour lists from the engine's own (`buildNeighbours`, closest first by symmetric
 * cost, ties by index, at least GRANULAR long when there are that many customers): the first
 * GRANULAR of each, made symmetric, and the first NEAR.
 */
export function withNeighbours(cvrp: Cvrp, nb: Neighbours): Cvrp {
  const n = cvrp.n;
  const k = Math.min(GRANULAR, nb.k);
  const sets: Set<number>[] = [];
  for (let i = 0; i <= n; i++) sets.push(new Set());
  const near: Int32Array[] = [new Int32Array(0)];
  const timed = cvrp.tw ? timedNeighbours(cvrp, k) : null;
  for (let i = 1; i <= n; i++) {
    const base = (i - 1) * nb.k;
    const closest: number[] = [];
    for (let r = 0; r < k; r++) {
      const j = timed ? timed[(i - 1) * k + r]! : nb.list[base + r]! + 1;
      if (j <= 0) break;
      closest.push(j);
      sets[i]!.add(j);
      sets[j]!.add(i);
    }
    near.push(Int32Array.from(closest.slice(0, NEAR)));
  }
  cvrp.correlated = sets.map((s) => Int32Array.from([...s].sort((a, b) => a - b)));
  cvrp.near = near;
  return cvrp;
}

/** Weights of waiting and of time warp in the proximity of two customers with windows (Vidal 2013; PyVRP's defaults). */
const WAIT_WEIGHT = 0.2;
const WARP_WEIGHT = 1;

/**
 * With windows, the granular neighbours are the k closest customers by Vidal's (2013) proximity:
 * the travel cost plus the waiting and the time warp that serving one right after the other
 * implies at best, the smaller of the two directions. Customers whose windows do not fit together
 * are far apart however close they are. Row i − 1 lists customer i's, closest first, 0-padded.
 */
function timedNeighbours(cvrp: Cvrp, k: number): Int32Array {
  const { n, d } = cvrp;
  const { early, late, service } = cvrp.tw!;
  const m = n + 1;
  const out = new Int32Array(n * k);
  const others: number[] = [];
  const key = new Float64Array(m);
  const one = (i: number, j: number): number => {
    const t = d[i * m + j]!;
    return t + WAIT_WEIGHT * Math.max(early[j]! - service[i]! - t - late[i]!, 0) + WARP_WEIGHT * Math.max(early[i]! + service[i]! + t - late[j]!, 0);
  };
  for (let i = 1; i <= n; i++) {
    others.length = 0;
    for (let j = 1; j <= n; j++) {
      if (j === i) continue;
      key[j] = Math.min(one(i, j), one(j, i));
      others.push(j);
    }
    others.sort((a, b) => key[a]! - key[b]! || a - b);
    for (let r = 0; r < k && r < others.length; r++) out[(i - 1) * k + r] = others[r]!;
  }
  return out;
}
