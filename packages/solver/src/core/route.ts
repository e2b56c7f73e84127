import type { Instance } from "../model/instance";
import { isVehicleTask, KIND_DELIVERY, KIND_PICKUP } from "../model/instance";
import type { Evaluator } from "./evaluator";

/**
 * One vehicle's route with prefix/suffix caches for O(1) move evaluation.
 * Positions: 0 = start, 1..m = tasks[0..m-1], m+1 = end.
 */
export class Route {
  readonly v: number;
  tasks: number[] = [];
  /** Route cost including the fixed cost when used; Infinity when infeasible. */
  cost = 0;
  /** Forward caches indexed by position p, state after serving p (loads [p * dims + d]). */
  fDep: Float64Array;
  fLoc: Int32Array;
  fCost: Float64Array;
  fTravel: Float64Array;
  fDist: Float64Array;
  fStops: Int32Array;
  fDel: Float64Array;
  fPick: Float64Array;
  fPeak: Float64Array;
  /** Backward caches indexed by position p, for the segment p..m+1: latest feasible ready time at p, sums and loads. */
  bLat: Float64Array;
  bCost: Float64Array;
  bTravel: Float64Array;
  bDist: Float64Array;
  bStops: Int32Array;
  bDel: Float64Array;
  bPick: Float64Array;
  bPeak: Float64Array;
  /** Service and setup time spent at positions 1..p (fBusy) and p..m (bBusy: setup of p excluded, it depends on the predecessor). */
  fBusy: Float64Array;
  bBusy: Float64Array;
  /** Shipments picked up at or before position p and delivered after it (problems with shipments). */
  fOpen: Int32Array;
  private capacity = 0;
  private readonly inst: Instance;

  constructor(inst: Instance, v: number) {
    this.inst = inst;
    this.v = v;
    this.fDep = this.fCost = this.fTravel = this.fDist = this.fDel = this.fPick = this.fPeak = new Float64Array(0);
    this.bLat = this.bCost = this.bTravel = this.bDist = this.bDel = this.bPick = this.bPeak = new Float64Array(0);
    this.fBusy = this.bBusy = new Float64Array(0);
    this.fLoc = this.fStops = this.bStops = this.fOpen = new Int32Array(0);
    this.grow(8);
  }

  get size(): number {
    return this.tasks.length;
  }

  /** Number of non-break tasks. */
  get stops(): number {
    return this.fStops[this.tasks.length + 1] ?? 0;
  }

  /** Makes room for n positions; returns true when the caches were reallocated (and lost). */
  private grow(n: number): boolean {
    if (n <= this.capacity) return false;
    const c = Math.max(n, this.capacity * 2);
    const k = Math.max(1, this.inst.dims);
    this.capacity = c;
    this.fDep = new Float64Array(c);
    this.fLoc = new Int32Array(c);
    this.fCost = new Float64Array(c);
    this.fTravel = new Float64Array(c);
    this.fDist = new Float64Array(c);
    this.fStops = new Int32Array(c);
    this.fDel = new Float64Array(c * k);
    this.fPick = new Float64Array(c * k);
    this.fPeak = new Float64Array(c * k);
    this.bLat = new Float64Array(c);
    this.bCost = new Float64Array(c);
    this.bTravel = new Float64Array(c);
    this.bDist = new Float64Array(c);
    this.bStops = new Int32Array(c);
    this.bDel = new Float64Array(c * k);
    this.bPick = new Float64Array(c * k);
    this.bPeak = new Float64Array(c * k);
    this.fBusy = new Float64Array(c);
    this.bBusy = new Float64Array(c);
    this.fOpen = new Int32Array(c);
    return true;
  }

  /** Location at position p. */
  locAt(p: number): number {
    const m = this.tasks.length;
    if (p === 0) return this.inst.vStart[this.v]!;
    if (p === m + 1) return this.inst.vEnd[this.v]!;
    return this.inst.taskLoc[this.tasks[p - 1]!]!;
  }

  /**
   * Replaces the task sequence and rebuilds the caches (O(m)). `same`: the first `same` tasks
   * are those of the current sequence, so the forward caches of positions 0..same still hold
   * and are not recomputed (an insertion or a removal changes only what follows it).
   */
  setTasks(tasks: number[], ev: Evaluator, same = 0): void {
    const keep = this.cost < Infinity && same <= this.tasks.length ? same : 0;
    this.tasks = tasks;
    this.update(ev, keep);
  }

  update(ev: Evaluator, same = 0): void {
    const inst = this.inst;
    const m = this.tasks.length;
    const dims = inst.dims;
    // Growing reallocates the caches: then nothing is kept. Nor on multi-trip vehicles, whose
    // simulation state (trip, pending reload) is not in the caches.
    const from = this.grow(m + 2) || inst.vMaxTrips[this.v]! > 1 ? 0 : Math.min(same, m);
    if (from > 0) ev.resumeAt(this, from);
    else {
      ev.startEmpty(this.v, true);
      this.record(0, ev);
    }
    for (let p = from + 1; p <= m; p++) {
      ev.addTask(this.tasks[p - 1]!);
      this.record(p, ev);
    }
    this.cost = ev.finish();
    if (inst.hasShipments) {
      let open = 0;
      this.fOpen[0] = 0;
      for (let p = 1; p <= m; p++) {
        const kind = inst.taskKind[this.tasks[p - 1]!];
        open += kind === KIND_PICKUP ? 1 : kind === KIND_DELIVERY ? -1 : 0;
        this.fOpen[p] = open;
      }
      this.fOpen[m + 1] = 0;
    }
    // The end position mirrors the final state.
    this.fDep[m + 1] = ev.t;
    this.fLoc[m + 1] = inst.vEnd[this.v]!;
    this.fCost[m + 1] = ev.cost;
    this.fTravel[m + 1] = ev.travel;
    this.fDist[m + 1] = ev.dist;
    this.fStops[m + 1] = ev.stops;
    this.fBusy[m + 1] = ev.busy;
    for (let d = 0; d < dims; d++) {
      this.fDel[(m + 1) * dims + d] = ev.del[d]!;
      this.fPick[(m + 1) * dims + d] = ev.pick[d]!;
      this.fPeak[(m + 1) * dims + d] = ev.peak[d]!;
    }

    // Backward caches.
    const cls = inst.vClass[this.v]!;
    const dur = inst.dur[cls]!;
    const cst = inst.cost[cls]!;
    const dist = inst.dist[cls]!;
    const stride = inst.stride;
    this.bLat[m + 1] = inst.vTwEnd[this.v]!;
    this.bCost[m + 1] = 0;
    this.bTravel[m + 1] = 0;
    this.bDist[m + 1] = 0;
    this.bStops[m + 1] = 0;
    for (let d = 0; d < dims; d++) {
      this.bDel[(m + 1) * dims + d] = 0;
      this.bPick[(m + 1) * dims + d] = 0;
      this.bPeak[(m + 1) * dims + d] = 0;
    }
    this.bBusy[m + 1] = 0;
    // Backward from each stop p to the next stop q (or the end), over the breaks between them:
    // a break is taken where the vehicle is, after p's service and before the drive to q. A
    // break's own position holds no suffix data (-Infinity: never read; finishWith simulates a
    // suffix's leading breaks before joining at its first stop).
    let nextLoc = inst.vEnd[this.v]!;
    let nextStop = m + 1;
    for (let p = m; p >= 1; p--) {
      const t = this.tasks[p - 1]!;
      if (isVehicleTask(inst.taskKind[t])) {
        this.bLat[p] = -Infinity;
        continue;
      }
      const lp = inst.taskLoc[t]!;
      const a = lp * stride + nextLoc;
      const tt = dur[a]!;
      const setupNext = nextStop <= m && nextLoc !== lp ? inst.taskSetup[this.tasks[nextStop - 1]!]! : 0;
      // Latest departure from p: from q's latest ready time back through the breaks.
      let dep = this.bLat[nextStop]! - tt - setupNext;
      let breaks = 0;
      for (let b = nextStop - 1; b > p; b--) {
        const bt = this.tasks[b - 1]!;
        dep = latestReady(inst, bt, dep - inst.taskService[bt]!);
        breaks += inst.taskService[bt]!;
      }
      this.bLat[p] = latestReady(inst, t, dep - inst.taskService[t]!);
      this.bBusy[p] = inst.taskService[t]! + breaks + setupNext + this.bBusy[nextStop]!;
      this.bCost[p] = cst[a]! + this.bCost[nextStop]!;
      this.bTravel[p] = tt + this.bTravel[nextStop]!;
      this.bDist[p] = dist[a]! + this.bDist[nextStop]!;
      this.bStops[p] = this.bStops[nextStop]! + 1;
      for (let d = 0; d < dims; d++) {
        const dd = inst.taskDelivery[t * dims + d]!;
        const pp = inst.taskPickup[t * dims + d]!;
        const i1 = nextStop * dims + d;
        const i0 = p * dims + d;
        this.bDel[i0] = dd + this.bDel[i1]!;
        this.bPick[i0] = pp + this.bPick[i1]!;
        this.bPeak[i0] = Math.max(Math.max(dd, pp) + this.bDel[i1]!, pp + this.bPeak[i1]!);
      }
      nextLoc = lp;
      nextStop = p;
    }
  }

  private record(p: number, ev: Evaluator): void {
    const dims = this.inst.dims;
    this.fDep[p] = ev.t;
    this.fLoc[p] = ev.loc;
    this.fCost[p] = ev.cost;
    this.fTravel[p] = ev.travel;
    this.fDist[p] = ev.dist;
    this.fStops[p] = ev.stops;
    this.fBusy[p] = ev.busy;
    for (let d = 0; d < dims; d++) {
      this.fDel[p * dims + d] = ev.del[d]!;
      this.fPick[p * dims + d] = ev.pick[d]!;
      this.fPeak[p * dims + d] = ev.peak[d]!;
    }
  }
}

/** Latest time task t can be ready (arrived and set up) and still start by `latestStart` in one of its windows; -Infinity: none. */
function latestReady(inst: Instance, t: number, latestStart: number): number {
  let lat = -Infinity;
  for (let w = inst.twOffset[t]!; w < inst.twOffset[t + 1]!; w++) {
    if (inst.twStart[w]! <= latestStart) {
      const c = Math.min(inst.twEnd[w]!, latestStart);
      if (c > lat) lat = c;
    }
  }
  return lat;
}
