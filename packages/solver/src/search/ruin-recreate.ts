import type { SolutionState } from "../core/solution-state";
import type { Instance } from "../model/instance";
import { isVehicleTask } from "../model/instance";
import type { Rng } from "../util/rng";
import { applyInsertion, bestInsertion, type Insertion } from "./insertion";
import type { Neighbours } from "./neighbours";

/** SISR parameters (Christiaens & Vanden Berghe, 2020). */
export interface RuinParams {
  /** Average number of removed tasks. */
  cBar: number;
  /** Maximum string length. */
  lMax: number;
  /** Split-string preservation parameter. */
  beta: number;
  /** Probability to skip an insertion position. */
  blink: number;
}

export const DEFAULT_RUIN: RuinParams = { cBar: 10, lMax: 10, beta: 0.01, blink: 0.01 };

/**
 * Slack-induced string removal: removes strings of consecutive tasks from routes near a
 * random seed task. Returns the removed requests (shipment partners removed together).
 * `saved` receives (vehicle, old task array) for every route it changes.
 */
export function ruinStrings(
  state: SolutionState,
  rng: Rng,
  nb: Neighbours,
  params: RuinParams,
  saved: Map<number, number[]>,
  unassigned: readonly number[] = [],
): number[] {
  const inst = state.inst;
  let assigned = 0;
  let used = 0;
  for (const r of state.routes) {
    if (r.stops > 0) {
      used++;
      assigned += r.stops;
    }
  }
  if (assigned === 0) return [];
  const avg = assigned / used;
  const lsMax = Math.max(1, Math.min(params.lMax, avg));
  const ksMax = Math.max(1, (4 * params.cBar) / (1 + lsMax) - 1);
  const ks = Math.floor(rng.next() * ksMax) + 1;

  // Seed: when requests are unassigned, half of the time one of them (to free room around it);
  // otherwise a random assigned non-break task.
  let seed = -1;
  if (unassigned.length > 0 && rng.next() < 0.5) seed = inst.requestFirst[unassigned[rng.int(unassigned.length)]!]!;
  for (let tries = 0; tries < 50 && seed < 0; tries++) {
    const t = rng.int(inst.nTasks);
    if (state.taskRoute[t]! >= 0 && !isVehicleTask(inst.taskKind[t])) seed = t;
  }
  if (seed < 0) return [];
  const removedTasks: number[] = [];
  const ruined = new Set<number>();
  ruinStringAt(state, rng, seed, lsMax, params.beta, ruined, removedTasks);
  for (let i = 0; i < nb.k && ruined.size < ks; i++) {
    const c = nb.list[seed * nb.k + i]!;
    if (c < 0) break;
    ruinStringAt(state, rng, c, lsMax, params.beta, ruined, removedTasks);
  }
  return removeTasks(state, removedTasks, saved);
}

/**
 * Removes one string around task c from its route (unless that route was already ruined): a
 * plain string of random length l ≤ lsMax holding c, or, half of the time, a string of l + k
 * tasks of which a random run of k is kept (SISR's split string). Breaks are never removed.
 */
function ruinStringAt(state: SolutionState, rng: Rng, c: number, lsMax: number, beta: number, ruined: Set<number>, out: number[]): void {
  const inst = state.inst;
  const v = state.taskRoute[c]!;
  if (v < 0 || ruined.has(v)) return;
  const tasks = state.routes[v]!.tasks;
  const m = tasks.length;
  const pos = state.taskPos[c]! - 1;
  const l = Math.floor(rng.next() * Math.min(m, lsMax)) + 1;
  // Removed positions: [from, to) except the kept run [keepFrom, keepTo).
  let from: number;
  let to: number;
  let keepFrom = 0;
  let keepTo = 0;
  if (rng.next() < 0.5 || l >= m) {
    const lo = Math.max(0, pos - l + 1);
    const hi = Math.min(pos, m - l);
    from = lo + rng.int(hi - lo + 1);
    to = from + l;
  } else {
    let preserved = 1;
    while (l + preserved < m && rng.next() > beta) preserved++;
    const total = l + preserved;
    const lo = Math.max(0, pos - total + 1);
    const hi = Math.min(pos, m - total);
    from = lo + rng.int(hi - lo + 1);
    to = from + total;
    keepFrom = from + rng.int(l + 1);
    keepTo = keepFrom + preserved;
  }
  ruined.add(v);
  for (let i = from; i < to; i++) {
    if (i >= keepFrom && i < keepTo) continue;
    if (!isVehicleTask(inst.taskKind[tasks[i]!])) out.push(tasks[i]!);
  }
}

/** Route removal: empties one random used route (helps to reduce the number of routes). */
export function ruinRoute(state: SolutionState, rng: Rng, saved: Map<number, number[]>): number[] {
  const used: number[] = [];
  for (const r of state.routes) if (r.stops > 0) used.push(r.v);
  if (used.length < 2) return [];
  const v = used[rng.int(used.length)]!;
  return removeTasks(state, state.routes[v]!.tasks.slice(), saved);
}

/**
 * Route elimination (objective min_vehicles): empties the used route with the fewest stops
 * (ties broken at random); recreate then tries to place its tasks in the other routes.
 */
export function ruinSmallestRoute(state: SolutionState, rng: Rng, saved: Map<number, number[]>): number[] {
  let best = -1;
  let ties = 0;
  let used = 0;
  for (const r of state.routes) {
    if (r.stops === 0) continue;
    used++;
    if (best < 0 || r.stops < state.routes[best]!.stops) {
      best = r.v;
      ties = 1;
    } else if (r.stops === state.routes[best]!.stops && rng.int(++ties) === 0) best = r.v;
  }
  if (used < 2) return [];
  return removeTasks(state, state.routes[best]!.tasks.slice(), saved);
}

/** Removes tasks (and their shipment partners) from their routes; returns the affected requests. */
export function removeTasks(state: SolutionState, tasks: number[], saved: Map<number, number[]>): number[] {
  const inst = state.inst;
  const reqs = new Set<number>();
  const drop = new Set<number>();
  for (const t of tasks) {
    const q = inst.taskRequest[t]!;
    if (q < 0) continue;
    reqs.add(q);
    drop.add(inst.requestFirst[q]!);
    if (inst.requestSecond[q]! >= 0) drop.add(inst.requestSecond[q]!);
  }
  const byRoute = new Set<number>();
  for (const t of drop) {
    const v = state.taskRoute[t]!;
    if (v >= 0) byRoute.add(v);
  }
  for (const v of byRoute) {
    const r = state.routes[v]!;
    if (!saved.has(v)) saved.set(v, r.tasks);
    let same = 0;
    while (!drop.has(r.tasks[same]!)) same++;
    state.setRoute(v, r.tasks.filter((t) => !drop.has(t)), same);
  }
  return [...reqs];
}

/**
 * Sort keys for the recreate order, chosen at random with SISR's weights. Requests that were
 * often left unassigned (absences, indexed by request) go first: they are the hard ones.
 */
function sortRequests(inst: Instance, reqs: number[], rng: Rng, absences: Int32Array | null, farFirst: boolean): void {
  // With unassigned requests (absences given), pack the largest first, as in first-fit decreasing.
  const x = farFirst ? 9 : absences ? 5 : rng.next() * 11;
  const depotLoc = inst.vStart[0] ?? inst.nowhere;
  const cost = inst.cost[0]!;
  rng.shuffle(reqs);
  if (sortKeys.length < inst.nRequests) sortKeys = new Float64Array(inst.nRequests);
  const keys = sortKeys;
  for (const q of reqs) {
    const t = inst.requestFirst[q]!;
    let k = 0;
    if (x >= 4 && x < 8) {
      for (let d = 0; d < inst.dims; d++) k -= inst.taskDelivery[t * inst.dims + d]! + Math.abs(inst.taskPickup[t * inst.dims + d]!);
    } else if (x >= 8) {
      const c = cost[depotLoc * inst.stride + inst.taskLoc[t]!]!;
      k = x < 10 ? -c : c;
    }
    keys[q] = k;
  }
  const prio = inst.requestPriority;
  if (absences) reqs.sort((a, b) => prio[b]! - prio[a]! || absences[b]! - absences[a]! || keys[a]! - keys[b]!);
  else reqs.sort((a, b) => prio[b]! - prio[a]! || keys[a]! - keys[b]!);
}

/** Sort keys of sortRequests, indexed by request (grown on demand, reused across calls). */
let sortKeys = new Float64Array(0);

/**
 * Inserts each request at its cheapest position (with blinks); requests that fit nowhere stay
 * unassigned. `farFirst` forces the farthest-from-depot-first order (used for construction).
 */
export function recreate(
  state: SolutionState,
  reqs: number[],
  rng: Rng,
  blink: number,
  saved: Map<number, number[]> | null,
  absences: Int32Array | null = null,
  farFirst = false,
): void {
  sortRequests(state.inst, reqs, rng, absences, farFirst);
  const ins: Insertion = { v: -1, p: 0, q: 0, delta: 0 };
  for (const q of reqs) {
    if (bestInsertion(state, q, rng, blink, ins)) {
      if (saved && !saved.has(ins.v)) saved.set(ins.v, state.routes[ins.v]!.tasks);
      applyInsertion(state, q, ins);
    }
  }
}
