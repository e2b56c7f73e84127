import type { SolutionState } from "../core/solution-state";
import type { Route } from "../core/route";
import { isVehicleTask, type Instance } from "../model/instance";
import type { Rng } from "../util/rng";

/** Best place found for a request: vehicle, positions (q only for shipments) and cost increase. */
export interface Insertion {
  v: number;
  /** Insert the (first) task after position p. */
  p: number;
  /** Shipments: insert the delivery after original position q (q >= p). */
  q: number;
  delta: number;
}

/**
 * Cheapest feasible insertion of request `req` over all routes; positions are skipped
 * with probability `blink` (SISR "blinks"). Returns null when no feasible insertion exists.
 */
export function bestInsertion(state: SolutionState, req: number, rng: Rng | null, blink: number, out: Insertion): boolean {
  const inst = state.inst;
  const ev = state.ev;
  const first = inst.requestFirst[req]!;
  const second = inst.requestSecond[req]!;
  const dims = inst.dims;
  const seen = state.typeSeen;
  const stamp = ++state.typeStamp;
  let best = Infinity;
  // Latest window end of the (first) task: no insertion can arrive later.
  let latest = -Infinity;
  for (let w = inst.twOffset[first]!; w < inst.twOffset[first + 1]!; w++) latest = Math.max(latest, inst.twEnd[w]!);
  const closed = state.routeCap < Infinity && state.usedRoutes() >= state.routeCap;
  for (let v = 0; v < inst.nVehicles; v++) {
    if (!inst.allCompatible && inst.compat[v * inst.nTasks + first] === 0) continue;
    const r = state.routes[v]!;
    const m = r.tasks.length;
    if (r.stops === 0 && closed) continue;
    if (r.stops === 0 && !inst.vHasBreaks[v]) {
      const ty = inst.vType[v]!;
      if (seen[ty] === stamp) continue;
      seen[ty] = stamp;
    }
    // Necessary capacity condition: start load (all deliveries) and end load (all pickups) of a
    // single trip (a multi-trip vehicle's caches hold its last trip only).
    let capOk = true;
    for (let d = 0; d < dims && inst.vMaxTrips[v] === 1; d++) {
      const cap = inst.vCapacity[v * dims + d]!;
      const e = (m + 1) * dims + d;
      if (r.fDel[e]! + inst.taskDelivery[first * dims + d]! > cap || r.fPick[e]! + inst.taskPickup[first * dims + d]! > cap) {
        capOk = false;
        break;
      }
    }
    if (!capOk) continue;
    const base = r.cost;
    if (second < 0) {
      const cls = inst.vClass[v]!;
      const cst = inst.cost[cls]!;
      const dur = inst.dur[cls]!;
      const stride = inst.stride;
      const lt = inst.taskLoc[first]!;
      // Routes the evaluator simulates directly, with a time limit somewhere (the job's windows,
      // or a finite latest time on the route: bLat stays finite back to position 1): windows
      // can be checked before the evaluator runs. Without any limit the check could never fail.
      const direct = !inst.vHasBreaks[v] && (latest < Infinity || r.bLat[1]! < Infinity);
      for (let p = 0; p <= m; p++) {
        if (rng !== null && blink > 0 && rng.blink(blink)) continue;
        // Lower bounds before the full evaluation: arc cost delta and earliest arrival.
        const lp = r.fLoc[p]!;
        const nextTask = p < m ? r.tasks[p]! : -1;
        if (nextTask < 0 || !isVehicleTask(inst.taskKind[nextTask])) {
          const ln = nextTask < 0 ? inst.vEnd[v]! : inst.taskLoc[nextTask]!;
          const arc = cst[lp * stride + lt]! + cst[lt * stride + ln]! - cst[lp * stride + ln]!;
          if (arc >= best) continue;
        }
        if (r.fDep[p]! + dur[lp * stride + lt]! > latest) continue;
        if (direct && !windowsAllow(inst, r, p, first, lp, lt, dur)) continue;
        ev.startFrom(r, p);
        ev.addTask(first);
        const c = ev.finishWith(r, p + 1) - base;
        if (c < best) {
          best = c;
          out.v = v;
          out.p = p;
          out.q = p;
        }
      }
    } else {
      best = bestPairInRoute(state, r, first, second, rng, blink, best, out);
    }
  }
  out.delta = best;
  return best < Infinity;
}

/**
 * Cheapest insertion of the shipment (first = pickup, second = delivery) into route r when it
 * beats `best` (then written to `out`, delta against r's cost); returns the new best. The pickup
 * goes after position p, then the delivery after each q >= p: the candidate up to the delivery
 * grows one task per q (O(m²) per route on the fast path), and stops growing once a window, the
 * compatibility or the capacity already fails.
 */
export function bestPairInRoute(
  state: SolutionState,
  r: Route,
  first: number,
  second: number,
  rng: Rng | null,
  blink: number,
  best: number,
  out: Insertion,
): number {
  const inst = state.inst;
  const ev = state.ev;
  const m = r.tasks.length;
  const base = r.cost;
  // On a used route without a balance term, the cost delta is exactly the change of arc costs:
  // a pickup position whose own arc change plus the cheapest delivery arc change after it cannot
  // beat `best` is skipped, and so is every delivery position that cannot. A gap's arc runs from
  // where the vehicle is (fLoc) to the next stop: breaks are taken on the spot. The sum of two
  // gaps' changes is the pair's only with a stop between them (fStops grows), so a pickup gap
  // followed by a break is never skipped. Not on multi-trip vehicles (a reload drives).
  const bound = r.stops > 0 && inst.balanceCoef === 0 && inst.vMaxTrips[r.v] === 1;
  const cst = inst.cost[inst.vClass[r.v]!]!;
  const stride = inst.stride;
  const lf = inst.taskLoc[first]!;
  const ls = inst.taskLoc[second]!;
  let dDel = state.pairScratch;
  // dDel[q], q = 0..m: the least arc change of the delivery alone in a gap q..m; dDel[m + 1 + q]:
  // the location of the next stop after gap q.
  const next = m + 1;
  if (bound) {
    if (dDel.length < 2 * (m + 1)) dDel = state.pairScratch = new Float64Array(4 * (m + 1));
    let min = Infinity;
    let b = inst.vEnd[r.v]!;
    for (let q = m; q >= 0; q--) {
      const a = r.fLoc[q]!;
      dDel[next + q] = b;
      const d = cst[a * stride + ls]! + cst[ls * stride + b]! - cst[a * stride + b]!;
      dDel[q] = d < min ? (min = d) : min;
      if (q > 0 && !isVehicleTask(inst.taskKind[r.tasks[q - 1]!])) b = inst.taskLoc[r.tasks[q - 1]!]!;
    }
  }
  for (let p = 0; p <= m; p++) {
    if (rng !== null && blink > 0 && rng.blink(blink)) continue;
    let dPick = 0;
    if (bound) {
      const a = r.fLoc[p]!;
      const b = dDel[next + p]!;
      dPick = cst[a * stride + lf]! + cst[lf * stride + b]! - cst[a * stride + b]!;
      // Both at p: a → pickup → delivery → b.
      const together = cst[a * stride + lf]! + cst[lf * stride + ls]! + cst[ls * stride + b]! - cst[a * stride + b]!;
      const laterMin = p === m ? Infinity : isVehicleTask(inst.taskKind[r.tasks[p]!]) ? -Infinity : dPick + dDel[p + 1]!;
      if (together >= best && laterMin >= best) continue;
    }
    ev.startFrom(r, p);
    ev.trustPrecedence();
    ev.addTask(first);
    for (let q = p; q <= m; q++) {
      if (q > p) ev.addTask(r.tasks[q - 1]!);
      if (ev.deadEnd()) break;
      if (bound && r.fStops[q]! > r.fStops[p]! && dPick + dDel[q]! >= best) {
        // dDel[q] is the minimum over q..m: no later delivery position can beat `best` either.
        break;
      }
      ev.save();
      ev.addTask(second);
      const c = ev.finishWith(r, q + 1) - base;
      ev.restore();
      if (c < best) {
        best = c;
        out.v = r.v;
        out.p = p;
        out.q = q;
      }
    }
  }
  return best;
}

/**
 * The evaluator's own time checks for job `first` after position p of r (a route simulated
 * directly): a window of the job still open on arrival, and the successor reached by its
 * latest feasible time (r.bLat). Same arithmetic as Evaluator.step and finishWith, so a
 * position it rejects is one the evaluator would price at Infinity; it saves the evaluation
 * of the many positions that time windows rule out.
 */
function windowsAllow(inst: Instance, r: Route, p: number, first: number, lp: number, lt: number, dur: Float64Array): boolean {
  const stride = inst.stride;
  const ready = r.fDep[p]! + dur[lp * stride + lt]! + (lt !== lp ? inst.taskSetup[first]! : 0);
  let start = -1;
  for (let w = inst.twOffset[first]!; w < inst.twOffset[first + 1]!; w++) {
    if (inst.twEnd[w]! >= ready) {
      start = ready > inst.twStart[w]! ? ready : inst.twStart[w]!;
      break;
    }
  }
  if (start < 0 || start === Infinity) return false;
  const ln = r.fLoc[p + 1]!;
  const setupNext = p < r.tasks.length && ln !== lt ? inst.taskSetup[r.tasks[p]!]! : 0;
  return start + inst.taskService[first]! + dur[lt * stride + ln]! + setupNext <= r.bLat[p + 1]!;
}

/** Applies an insertion found by bestInsertion. */
export function applyInsertion(state: SolutionState, req: number, ins: Insertion): void {
  const inst = state.inst;
  const tasks = state.routes[ins.v]!.tasks;
  const first = inst.requestFirst[req]!;
  const second = inst.requestSecond[req]!;
  const next = tasks.slice(0, ins.p);
  next.push(first);
  if (second < 0) {
    for (let i = ins.p; i < tasks.length; i++) next.push(tasks[i]!);
  } else {
    for (let i = ins.p; i < ins.q; i++) next.push(tasks[i]!);
    next.push(second);
    for (let i = ins.q; i < tasks.length; i++) next.push(tasks[i]!);
  }
  state.setRoute(ins.v, next, ins.p);
}
