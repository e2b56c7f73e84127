import type { SolutionState } from "../../core/solution-state";
import type { Instance } from "../../model/instance";
import { SwapStarSearch, type SwapStarRoute } from "../swap-star";
import type { Operator } from "./operator";

/** Instances on which a route's cost is the sum of its arcs and its feasibility its total load. */
const arcOnlyCache = new WeakMap<Instance, boolean>();

/**
 * True when a route's cost is its arcs (plus a fixed cost) and only the total load can make it
 * infeasible: no time windows that end, no shift end, no travel or distance limit, no breaks,
 * no shipments, no balance term, and every capacity dimension carries only deliveries or only
 * pickups. Stop limits do not matter: SWAP* keeps both routes' stop counts.
 */
export function isArcOnly(inst: Instance): boolean {
  let ok = arcOnlyCache.get(inst);
  if (ok !== undefined) return ok;
  ok = !inst.hasShipments && inst.balanceCoef === 0;
  for (let v = 0; ok && v < inst.nVehicles; v++) {
    if (inst.vHasBreaks[v] || inst.vTwEnd[v] !== Infinity || inst.vMaxTravel[v] !== Infinity || inst.vMaxDist[v] !== Infinity) ok = false;
  }
  for (let t = 0; ok && t < inst.nTasks; t++) {
    if (inst.twEnd[inst.twOffset[t + 1]! - 1] !== Infinity) ok = false;
  }
  for (let d = 0; ok && d < inst.dims; d++) {
    let del = false;
    let pick = false;
    for (let t = 0; t < inst.nTasks; t++) {
      if (inst.taskDelivery[t * inst.dims + d] !== 0) del = true;
      if (inst.taskPickup[t * inst.dims + d] !== 0) pick = true;
    }
    if (del && pick) ok = false;
  }
  arcOnlyCache.set(inst, ok);
  return ok;
}

/**
 * SWAP* (Vidal 2022; the one implementation is search/swap-star.ts) as a local-search operator
 * on arc-only instances (isArcOnly), where arcs are the exact cost change: for u and v in
 * different routes, the best SWAP* move between their two routes (any pair of the two, or a
 * relocation that empties no route). A route pair is searched once per change of either route.
 */
export class SwapStar implements Operator {
  readonly name = "swap-star";
  private search: SwapStarSearch | null = null;
  private state: SolutionState | null = null;
  private readonly A: SwapStarRoute = { slot: 0, version: 0, ids: [], start: 0, end: 0, d: new Float64Array(0) };
  private readonly B: SwapStarRoute = { slot: 0, version: 0, ids: [], start: 0, end: 0, d: new Float64Array(0) };
  /** Route versions at which each pair (ru * nVehicles + rv) was last searched without a move. */
  private readonly searched = new Map<number, number>();

  supports(inst: Instance): boolean {
    return isArcOnly(inst);
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    if (ru === rv) return 0;
    const inst = s.inst;
    if (this.state !== s) {
      this.state = s;
      this.search = new SwapStarSearch(inst.nVehicles, inst.nTasks, inst.taskLoc, inst.stride);
      this.searched.clear();
    }
    const key = Math.min(ru, rv) * inst.nVehicles + Math.max(ru, rv);
    // modCounter only grows: a pair searched at or after both routes' last change has nothing new.
    const at = this.searched.get(key);
    if (at !== undefined && at >= s.routeModified[ru]! && at >= s.routeModified[rv]!) return 0;
    this.view(this.A, s, ru);
    this.view(this.B, s, rv);
    const search = this.search!;
    if (!search.best(this.A, this.B, this.penalty, -1e-9)) {
      this.searched.set(key, s.modCounter);
      return 0;
    }
    return search.cost;
  }

  private view(R: SwapStarRoute, s: SolutionState, v: number): void {
    const route = s.routes[v]!;
    R.slot = v;
    R.version = s.routeModified[v]!;
    R.ids = route.tasks;
    R.start = route.fLoc[0]!;
    R.end = s.inst.vEnd[v]!;
    R.d = s.inst.cost[s.inst.vClass[v]!]!;
  }

  /** Forbidden (Infinity) when a skill, a capacity or a stop limit is broken, or a relocation empties a route (its fixed cost would change). */
  private readonly penalty = (u: number, v: number): number => {
    const s = this.state!;
    const inst = s.inst;
    const ra = this.A.slot;
    const rb = this.B.slot;
    const na = this.A.ids.length;
    const nb = this.B.ids.length;
    if (v < 0 && (na === 1 || nb + 1 > inst.vMaxStops[rb]!)) return Infinity;
    if (u < 0 && (nb === 1 || na + 1 > inst.vMaxStops[ra]!)) return Infinity;
    if (!inst.allCompatible) {
      if (u >= 0 && inst.compat[rb * inst.nTasks + u] === 0) return Infinity;
      if (v >= 0 && inst.compat[ra * inst.nTasks + v] === 0) return Infinity;
    }
    const dims = inst.dims;
    const Ra = s.routes[ra]!;
    const Rb = s.routes[rb]!;
    const ea = (na + 1) * dims;
    const eb = (nb + 1) * dims;
    for (let d = 0; d < dims; d++) {
      const du = u >= 0 ? inst.taskDelivery[u * dims + d]! + inst.taskPickup[u * dims + d]! : 0;
      const dv = v >= 0 ? inst.taskDelivery[v * dims + d]! + inst.taskPickup[v * dims + d]! : 0;
      if (Ra.fDel[ea + d]! + Ra.fPick[ea + d]! - du + dv > inst.vCapacity[ra * dims + d]!) return Infinity;
      if (Rb.fDel[eb + d]! + Rb.fPick[eb + d]! - dv + du > inst.vCapacity[rb * dims + d]!) return Infinity;
    }
    return 0;
  };

  apply(s: SolutionState): void {
    const search = this.search!;
    const a = search.newA(this.A);
    const b = search.newB(this.B);
    s.setRoute(this.A.slot, a);
    s.setRoute(this.B.slot, b);
  }
}
