import type { Instance } from "../model/instance";
import type { Neighbours } from "../search/neighbours";

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
}

/** Largest instance the genetic search takes (it keeps an (n + 1)² matrix and a population). */
const MAX_CUSTOMERS = 1200;
/** Neighbours per customer in the local search (HGS's nbGranular). */
const GRANULAR = 20;
/** Closest customers whose routes count as a route's neighbours for SWAP*. */
const NEAR = 5;

/**
 * The instance as a plain CVRP, or null when it is more than that: time windows, shipments,
 * skills, breaks, several vehicle types, route limits, fixed costs, an objective other than
 * min_time, several capacity dimensions, mixed pickups and deliveries, a vehicle that does not
 * start and end at one depot, or an asymmetric cost matrix.
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
    if (inst.vTwEnd[v] !== Infinity || inst.vMaxTravel[v] !== Infinity || inst.vMaxDist[v] !== Infinity || inst.vMaxStops[v] !== Infinity) return null;
    if (inst.vCapacity[v] !== inst.vCapacity[0]) return null;
  }
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
    if (inst.twStart[w]! > inst.vTwStart[0]! || inst.twEnd[w] !== Infinity) return null;
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
  // HGS's fleet bound for an unlimited fleet: ⌈1.3 × demand / capacity⌉ + 3 routes.
  const vehicles = Math.min(inst.nVehicles, Math.ceil((1.3 * totalDemand) / capacity) + 3);
  const task = new Int32Array(m);
  for (let i = 1; i < m; i++) task[i] = i - 1;
  return { n, d, demand, capacity, vehicles, task, correlated: [], near: [], maxCost, maxDemand, totalDemand };
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
  for (let i = 1; i <= n; i++) {
    const base = (i - 1) * nb.k;
    const closest: number[] = [];
    for (let r = 0; r < k; r++) {
      const j = nb.list[base + r]! + 1;
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
