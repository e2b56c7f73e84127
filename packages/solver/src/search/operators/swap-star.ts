import type { SolutionState } from "../../core/solution-state";
import type { Route } from "../../core/route";
import type { Instance } from "../../model/instance";
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
 * SWAP* (Vidal, 2022, "Hybrid genetic search for the CVRP: open-source implementation and
 * SWAP* neighborhood"): exchanges u and v between their routes, each going to its best
 * position in the other route rather than to the other's place. Evaluated on arcs in
 * O(|Ru| + |Rv|), on arc-only instances (isArcOnly) where that is the exact cost change.
 */
export class SwapStar implements Operator {
  readonly name = "swap-star";
  private ru = -1;
  private rv = -1;
  private pu = 0;
  private pv = 0;
  /** Insert v into Ru after original position iu (0 = start; never u's own position), u into Rv after iv. */
  private iu = 0;
  private iv = 0;

  supports(inst: Instance): boolean {
    return isArcOnly(inst);
  }

  evaluate(s: SolutionState, u: number, v: number): number {
    const ru = s.taskRoute[u]!;
    const rv = s.taskRoute[v]!;
    if (ru === rv) return 0;
    const inst = s.inst;
    if (!inst.allCompatible && (inst.compat[ru * inst.nTasks + v] === 0 || inst.compat[rv * inst.nTasks + u] === 0)) return 0;
    const Ru = s.routes[ru]!;
    const Rv = s.routes[rv]!;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) {
      const du = inst.taskDelivery[u * dims + d]! + inst.taskPickup[u * dims + d]!;
      const dv = inst.taskDelivery[v * dims + d]! + inst.taskPickup[v * dims + d]!;
      const eu = (Ru.tasks.length + 1) * dims + d;
      const evv = (Rv.tasks.length + 1) * dims + d;
      if (Ru.fDel[eu]! + Ru.fPick[eu]! - du + dv > inst.vCapacity[ru * dims + d]!) return 0;
      if (Rv.fDel[evv]! + Rv.fPick[evv]! - dv + du > inst.vCapacity[rv * dims + d]!) return 0;
    }
    const pu = s.taskPos[u]!;
    const pv = s.taskPos[v]!;
    const a = this.bestInsert(inst, Ru, pu, v);
    const iu = this.at;
    const b = this.bestInsert(inst, Rv, pv, u);
    const d = a + b;
    if (d < -1e-9) {
      this.ru = ru;
      this.rv = rv;
      this.pu = pu;
      this.pv = pv;
      this.iu = iu;
      this.iv = this.at;
      return d;
    }
    return 0;
  }

  /** Position found by the last bestInsert. */
  private at = 0;

  /** Cost change of removing the task at position p of R and inserting task x at its best place. */
  private bestInsert(inst: Instance, R: Route, p: number, x: number): number {
    const cst = inst.cost[inst.vClass[R.v]!]!;
    const stride = inst.stride;
    const m = R.tasks.length;
    const lx = inst.taskLoc[x]!;
    const prev = R.fLoc[p - 1]!;
    const next = p < m ? inst.taskLoc[R.tasks[p]!]! : inst.vEnd[R.v]!;
    const here = inst.taskLoc[R.tasks[p - 1]!]!;
    const removal = cst[prev * stride + next]! - cst[prev * stride + here]! - cst[here * stride + next]!;
    // In u's place (edge prev → next once u is gone).
    let best = cst[prev * stride + lx]! + cst[lx * stride + next]! - cst[prev * stride + next]!;
    this.at = p - 1;
    for (let i = 0; i <= m; i++) {
      if (i === p - 1 || i === p) continue; // edges touching the removed task
      const li = R.fLoc[i]!;
      const lj = i < m ? inst.taskLoc[R.tasks[i]!]! : inst.vEnd[R.v]!;
      const c = cst[li * stride + lx]! + cst[lx * stride + lj]! - cst[li * stride + lj]!;
      if (c < best) {
        best = c;
        this.at = i;
      }
    }
    return removal + best;
  }

  apply(s: SolutionState): void {
    const nu = rebuild(s.routes[this.ru]!.tasks, this.pu, this.iu, s.routes[this.rv]!.tasks[this.pv - 1]!);
    const nv = rebuild(s.routes[this.rv]!.tasks, this.pv, this.iv, s.routes[this.ru]!.tasks[this.pu - 1]!);
    s.setRoute(this.ru, nu);
    s.setRoute(this.rv, nv);
  }
}

/** tasks without position p (1-based), with x inserted after original position i (0 = first). */
function rebuild(tasks: readonly number[], p: number, i: number, x: number): number[] {
  const out: number[] = [];
  if (i === 0) out.push(x);
  for (let k = 1; k <= tasks.length; k++) {
    if (k !== p) out.push(tasks[k - 1]!);
    if (k === i) out.push(x);
  }
  return out;
}
