import { fitsSomeVehicleAlone } from "../core/explain-unassigned";
import type { SolutionState } from "../core/solution-state";
import type { Instance } from "../model/instance";
import type { Rng } from "../util/rng";
import { applyInsertion, bestInsertion, type Insertion } from "./insertion";
import type { Neighbours } from "./neighbours";
import { isArcOnly } from "./operators/swap-star";

/**
 * Savings construction applies when every vehicle is of one type (same depot, capacity, shift,
 * limits, speed, skills) and there are neither shipments nor breaks: then a route is a plain
 * sequence of jobs and any route fits any vehicle.
 */
export function savingsApplies(inst: Instance): boolean {
  if (inst.nVehicles < 1 || inst.hasShipments || !inst.allCompatible) return false;
  for (let v = 0; v < inst.nVehicles; v++) if (inst.vHasBreaks[v] || inst.vType[v] !== inst.vType[0]) return false;
  return true;
}

/**
 * Clarke & Wright parallel savings (1964) over the granular neighbour pairs: joins the route
 * ending at i to the route starting at j when s(i, j) = c(i, end) + c(start, j) − c(i, j) is
 * largest and the joined route is feasible (checked by the evaluator, so time windows, capacity
 * in every dimension and the vehicle's limits all hold). Orientation is kept: on asymmetric
 * matrices i → j is a different join from j → i. Routes beyond the fleet (the smallest ones)
 * are left unassigned for the caller's insertion. Writes the routes into `state` (which must
 * be empty) and returns the requests it left out.
 *
 * Why: random-order cheapest insertion starts small CVRPs 30–80 % above the best known and
 * the first local search leaves 10–45 %, which short budgets (VROOM's 0.2 s) never recover;
 * savings starts within a few per cent in O(n·k log(n·k)).
 */
export function savingsConstruction(state: SolutionState, nb: Neighbours): number[] {
  const inst = state.inst;
  const ev = state.ev;
  const n = inst.nTasks;
  const v0 = 0;
  const cost = inst.cost[inst.vClass[v0]!]!;
  const stride = inst.stride;
  const start = inst.vStart[v0]!;
  const end = inst.vEnd[v0]!;
  // Routes as doubly linked chains: head/tail per route id, next per task, route id per task.
  const next = new Int32Array(n).fill(-1);
  const routeOf = new Int32Array(n);
  const head = new Int32Array(n);
  const tail = new Int32Array(n);
  const size = new Int32Array(n);
  const alive = new Uint8Array(n);
  const loadD = new Float64Array(n * Math.max(1, inst.dims));
  const loadP = new Float64Array(n * Math.max(1, inst.dims));
  const dims = inst.dims;
  const seq: number[] = [];
  for (let t = 0; t < n; t++) {
    routeOf[t] = t;
    head[t] = tail[t] = t;
    size[t] = 1;
    // A job no vehicle can serve alone stays out (explained later as unassigned).
    ev.startEmpty(v0);
    ev.addTask(t);
    alive[t] = ev.finish() < Infinity ? 1 : 0;
    for (let d = 0; d < dims; d++) {
      loadD[t * dims + d] = inst.taskDelivery[t * dims + d]!;
      loadP[t * dims + d] = inst.taskPickup[t * dims + d]!;
    }
  }
  // Candidate joins i → j from the neighbour lists, largest saving first.
  const pi: number[] = [];
  const pj: number[] = [];
  const ps: number[] = [];
  for (let i = 0; i < n; i++) {
    if (!alive[i]) continue;
    const li = inst.taskLoc[i]!;
    for (let k = 0; k < nb.k; k++) {
      const j = nb.list[i * nb.k + k]!;
      if (j < 0) break;
      if (!alive[j]) continue;
      const lj = inst.taskLoc[j]!;
      const s = cost[li * stride + end]! + cost[start * stride + lj]! - cost[li * stride + lj]!;
      if (s > 0) {
        pi.push(i);
        pj.push(j);
        ps.push(s);
      }
    }
  }
  const order = Array.from(ps.keys());
  order.sort((a, b) => ps[b]! - ps[a]! || pi[a]! - pi[b]! || pj[a]! - pj[b]!);
  const cap = inst.vCapacity;
  for (const o of order) {
    const i = pi[o]!;
    const j = pj[o]!;
    const a = routeOf[i]!;
    const b = routeOf[j]!;
    if (a === b || tail[a] !== i || head[b] !== j) continue;
    let fits = true;
    for (let d = 0; d < dims && fits; d++) {
      const c = cap[v0 * dims + d]!;
      if (loadD[a * dims + d]! + loadD[b * dims + d]! > c || loadP[a * dims + d]! + loadP[b * dims + d]! > c) fits = false;
    }
    if (!fits) continue;
    ev.startEmpty(v0);
    for (let t = head[a]!; t >= 0; t = next[t]!) ev.addTask(t);
    for (let t = head[b]!; t >= 0; t = next[t]!) ev.addTask(t);
    if (ev.finish() === Infinity) continue;
    next[i] = j;
    tail[a] = tail[b]!;
    size[a] = size[a]! + size[b]!;
    for (let d = 0; d < dims; d++) {
      loadD[a * dims + d] = loadD[a * dims + d]! + loadD[b * dims + d]!;
      loadP[a * dims + d] = loadP[a * dims + d]! + loadP[b * dims + d]!;
    }
    for (let t = j; t >= 0; t = next[t]!) routeOf[t] = a;
  }
  const routes: number[][] = [];
  for (let t = 0; t < n; t++) {
    if (!alive[t] || routeOf[t] !== t) continue;
    seq.length = 0;
    for (let x = head[t]!; x >= 0; x = next[x]!) seq.push(x);
    routes.push(seq.slice());
  }
  routes.sort((x, y) => y.length - x.length || x[0]! - y[0]!);
  const left: number[] = [];
  routes.forEach((tasks, k) => {
    if (k < inst.nVehicles) state.setRoute(k, tasks);
    else for (const t of tasks) left.push(inst.taskRequest[t]!);
  });
  for (let t = 0; t < n; t++) if (!alive[t]) left.push(inst.taskRequest[t]!);
  return left;
}

/**
 * Capacity repair for requests left out of nearly full fleets (one capacity dimension,
 * arc-only instances): moves and swaps jobs between routes so that the free room gathers in
 * one route, until a left-out request fits there. A move or swap is kept when it fits and does
 * not lower Σ (free room)² — the sum grows exactly when room moves towards the route that has
 * more of it. Costs are ignored (the search repairs them); at most `maxSteps` random tries.
 */
export function capacityRepair(state: SolutionState, rng: Rng, maxSteps = 20000): void {
  const inst = state.inst;
  if (inst.dims !== 1 || !isArcOnly(inst) || !inst.allCompatible) return;
  const nV = inst.nVehicles;
  const demand = (t: number): number => inst.taskDelivery[t]! + inst.taskPickup[t]!;
  const room = new Float64Array(nV);
  const refresh = (v: number): void => {
    const r = state.routes[v]!;
    const e = r.tasks.length + 1;
    room[v] = inst.vCapacity[v]! - r.fDel[e]! - r.fPick[e]!;
  };
  for (let v = 0; v < nV; v++) refresh(v);
  const ins: Insertion = { v: -1, p: 0, q: 0, delta: 0 };
  // Only requests some vehicle can serve alone: the others (unreachable, too large) stay out.
  const left = state
    .unassignedRequests()
    .filter((q) => fitsSomeVehicleAlone(inst, q))
    .sort((a, b) => demand(inst.requestFirst[b]!) - demand(inst.requestFirst[a]!));
  let steps = 0;
  for (const q of left) {
    while (steps < maxSteps) {
      if (bestInsertion(state, q, null, 0, ins)) {
        applyInsertion(state, q, ins);
        refresh(ins.v);
        break;
      }
      steps++;
      const a = rng.int(nV);
      const b = rng.int(nV);
      const A = state.routes[a]!;
      const B = state.routes[b]!;
      if (a === b || A.tasks.length === 0) continue;
      const t = A.tasks[rng.int(A.tasks.length)]!;
      const dt = demand(t);
      // Swap with a job of B half of the time (when B has one), else a plain move.
      const u = B.tasks.length > 0 && rng.next() < 0.5 ? B.tasks[rng.int(B.tasks.length)]! : -1;
      const du = u < 0 ? 0 : demand(u);
      const ra = room[a]! + dt - du;
      const rb = room[b]! - dt + du;
      if (ra < 0 || rb < 0) continue;
      if (u < 0 && B.stops + 1 > inst.vMaxStops[b]!) continue;
      if (ra * ra + rb * rb < room[a]! * room[a]! + room[b]! * room[b]!) continue;
      const ta = A.tasks.filter((x) => x !== t);
      const tb = B.tasks.filter((x) => x !== u);
      if (u >= 0) ta.splice(cheapestPlace(inst, a, ta, u), 0, u);
      tb.splice(cheapestPlace(inst, b, tb, t), 0, t);
      const oldA = A.tasks;
      const oldB = B.tasks;
      state.setRoute(a, ta);
      state.setRoute(b, tb);
      if (A.cost === Infinity || B.cost === Infinity) {
        // An unreachable arc (a null matrix entry): undo.
        state.setRoute(a, oldA);
        state.setRoute(b, oldB);
        continue;
      }
      refresh(a);
      refresh(b);
    }
  }
}

/** Index at which inserting task x into vehicle v's sequence adds the least travel cost. */
function cheapestPlace(inst: Instance, v: number, tasks: readonly number[], x: number): number {
  const cst = inst.cost[inst.vClass[v]!]!;
  const s = inst.stride;
  const lx = inst.taskLoc[x]!;
  let best = Infinity;
  let at = 0;
  let prev = inst.vStart[v]!;
  for (let i = 0; i <= tasks.length; i++) {
    const next = i < tasks.length ? inst.taskLoc[tasks[i]!]! : inst.vEnd[v]!;
    const c = cst[prev * s + lx]! + cst[lx * s + next]! - cst[prev * s + next]!;
    if (c < best) {
      best = c;
      at = i;
    }
    prev = next;
  }
  return at;
}
