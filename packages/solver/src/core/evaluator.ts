import type { Instance } from "../model/instance";
import { KIND_BREAK, KIND_DELIVERY, KIND_PICKUP } from "../model/instance";
import type { Route } from "./route";

/**
 * Evaluates a candidate route built as: a start (empty or a route prefix), any number of
 * tasks or route segments, and an end (the vehicle's end or a route suffix).
 * Fast path: prefix and suffix come from the route caches, so a relocate or 2-opt* costs
 * O(dims + moved tasks). Vehicles with breaks and problems with shipments use the slow
 * path: the sequence is materialised and simulated in full (O(m)), with precedence checks.
 * No allocation per evaluation.
 */
export class Evaluator {
  private readonly inst: Instance;
  v = 0;
  private dur: Float64Array;
  private cst: Float64Array;
  private dst: Float64Array;
  /** Departure time from the last served stop. */
  t = 0;
  /** Last visited location. */
  loc = 0;
  cost = 0;
  travel = 0;
  dist = 0;
  stops = 0;
  /** Service and setup time so far (breaks included). */
  busy = 0;
  ok = true;
  /** Load accumulators per dimension: deliveries, pickups, peak load of the sequence so far. */
  readonly del: Float64Array;
  readonly pick: Float64Array;
  readonly peak: Float64Array;
  private slow = false;
  private seq: Int32Array;
  private seqLen = 0;
  /** Precedence stamps indexed by task. */
  private readonly stamp: Int32Array;
  private stampValue = 0;

  constructor(inst: Instance) {
    this.inst = inst;
    this.dur = inst.dur[0]!;
    this.cst = inst.cost[0]!;
    this.dst = inst.dist[0]!;
    const k = Math.max(1, inst.dims);
    this.del = new Float64Array(k);
    this.pick = new Float64Array(k);
    this.peak = new Float64Array(k);
    this.seq = new Int32Array(Math.max(16, inst.nTasks + 4));
    this.stamp = new Int32Array(inst.nTasks);
  }

  private setVehicle(v: number): void {
    const inst = this.inst;
    this.v = v;
    const cls = inst.vClass[v]!;
    this.dur = inst.dur[cls]!;
    this.cst = inst.cost[cls]!;
    this.dst = inst.dist[cls]!;
    this.slow = inst.vHasBreaks[v] === 1 || inst.hasShipments;
  }

  private reset(): void {
    const inst = this.inst;
    this.t = inst.vTwStart[this.v]!;
    this.loc = inst.vStart[this.v]!;
    this.cost = 0;
    this.travel = 0;
    this.dist = 0;
    this.stops = 0;
    this.busy = 0;
    this.ok = true;
    this.del.fill(0);
    this.pick.fill(0);
    this.peak.fill(0);
    this.seqLen = 0;
  }

  /** Starts an empty route for vehicle v. `forceFast` simulates directly even on slow-path vehicles. */
  startEmpty(v: number, forceFast = false): void {
    this.setVehicle(v);
    if (forceFast) this.slow = false;
    this.reset();
  }

  /** Starts from positions 0..i of route r (i = 0: just the start). */
  startFrom(r: Route, i: number): void {
    this.setVehicle(r.v);
    if (this.slow) {
      this.reset();
      for (let p = 1; p <= i; p++) this.seq[this.seqLen++] = r.tasks[p - 1]!;
      return;
    }
    this.loadPrefix(r, i);
    this.ok = r.cost < Infinity;
    this.seqLen = 0;
  }

  /**
   * Resumes the direct simulation of route r's vehicle after position i, from r's forward
   * caches (which must be those of a feasible sequence); Route.update uses it to recompute
   * only the positions after an unchanged prefix.
   */
  resumeAt(r: Route, i: number): void {
    this.startEmpty(r.v, true);
    this.loadPrefix(r, i);
  }

  /** The simulation state after position i of r, from its forward caches. */
  private loadPrefix(r: Route, i: number): void {
    const dims = this.inst.dims;
    this.t = r.fDep[i]!;
    this.loc = r.fLoc[i]!;
    this.cost = r.fCost[i]!;
    this.travel = r.fTravel[i]!;
    this.dist = r.fDist[i]!;
    this.stops = r.fStops[i]!;
    this.busy = r.fBusy[i]!;
    for (let d = 0; d < dims; d++) {
      this.del[d] = r.fDel[i * dims + d]!;
      this.pick[d] = r.fPick[i * dims + d]!;
      this.peak[d] = r.fPeak[i * dims + d]!;
    }
  }

  /** Appends one task. */
  addTask(task: number): void {
    if (this.slow) {
      this.seq[this.seqLen++] = task;
      return;
    }
    this.step(task);
  }

  /** Appends positions a..b (inclusive, a <= b) of route r, forward. */
  addSeg(r: Route, a: number, b: number): void {
    for (let p = a; p <= b; p++) this.addTask(r.tasks[p - 1]!);
  }

  /** Appends positions b..a of route r (reversed). */
  addSegRev(r: Route, a: number, b: number): void {
    for (let p = b; p >= a; p--) this.addTask(r.tasks[p - 1]!);
  }

  private step(task: number): void {
    if (!this.ok) return;
    const inst = this.inst;
    if (!inst.allCompatible && inst.compat[this.v * inst.nTasks + task] === 0) {
      this.ok = false;
      return;
    }
    let ready: number;
    if (inst.taskKind[task] === KIND_BREAK) {
      ready = this.t;
    } else {
      const l = inst.taskLoc[task]!;
      const a = this.loc * inst.stride + l;
      const tt = this.dur[a]!;
      const setup = l !== this.loc ? inst.taskSetup[task]! : 0;
      ready = this.t + tt + setup;
      this.busy += setup;
      this.cost += this.cst[a]!;
      this.travel += tt;
      this.dist += this.dst[a]!;
      this.loc = l;
      this.stops++;
    }
    let start = -1;
    for (let w = inst.twOffset[task]!; w < inst.twOffset[task + 1]!; w++) {
      if (inst.twEnd[w]! >= ready) {
        start = ready > inst.twStart[w]! ? ready : inst.twStart[w]!;
        break;
      }
    }
    if (start < 0 || start === Infinity) {
      this.ok = false;
      return;
    }
    this.t = start + inst.taskService[task]!;
    this.busy += inst.taskService[task]!;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) {
      const dd = inst.taskDelivery[task * dims + d]!;
      const pp = inst.taskPickup[task * dims + d]!;
      const pk = this.peak[d]! + dd;
      const alt = this.pick[d]! + (dd > pp ? dd : pp);
      this.peak[d] = pk > alt ? pk : alt;
      this.del[d] = this.del[d]! + dd;
      this.pick[d] = this.pick[d]! + pp;
    }
  }

  /** Ends at the vehicle's end; returns the route cost (with fixed cost when used) or Infinity. */
  finish(): number {
    const inst = this.inst;
    if (this.slow) {
      if (!this.precedenceOk()) return Infinity;
      const n = this.seqLen;
      this.slow = false;
      this.reset();
      for (let i = 0; i < n; i++) this.step(this.seq[i]!);
      this.slow = true;
    }
    if (!this.ok) return Infinity;
    const v = this.v;
    const a = this.loc * inst.stride + inst.vEnd[v]!;
    const tt = this.dur[a]!;
    const arrival = this.t + tt;
    if (arrival > inst.vTwEnd[v]!) return Infinity;
    this.t = arrival;
    this.cost += this.cst[a]!;
    this.travel += tt;
    this.dist += this.dst[a]!;
    return this.close();
  }

  /** Ends with positions j..m+1 of route r (j = m+1: only r's end). */
  finishWith(r: Route, j: number): number {
    const inst = this.inst;
    const m = r.tasks.length;
    if (
      this.slow ||
      inst.vTimingClass[r.v] !== inst.vTimingClass[this.v] ||
      (!inst.allCompatible && r.v !== this.v)
    ) {
      if (j <= m) this.addSeg(r, j, m);
      return this.finish();
    }
    if (!this.ok || r.cost === Infinity) return Infinity;
    const lj = j <= m ? inst.taskLoc[r.tasks[j - 1]!]! : inst.vEnd[r.v]!;
    const a = this.loc * inst.stride + lj;
    const tt = this.dur[a]!;
    const setup = j <= m && lj !== this.loc ? inst.taskSetup[r.tasks[j - 1]!]! : 0;
    const ready = this.t + tt + setup;
    if (ready > r.bLat[j]!) return Infinity;
    this.busy += setup + r.bBusy[j]!;
    this.cost += this.cst[a]! + r.bCost[j]!;
    this.travel += tt + r.bTravel[j]!;
    this.dist += this.dst[a]! + r.bDist[j]!;
    this.stops += r.bStops[j]!;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) {
      const i = j * dims + d;
      const pk = this.peak[d]! + r.bDel[i]!;
      const alt = this.pick[d]! + r.bPeak[i]!;
      this.peak[d] = pk > alt ? pk : alt;
      this.del[d] = this.del[d]! + r.bDel[i]!;
      this.pick[d] = this.pick[d]! + r.bPick[i]!;
    }
    return this.close();
  }

  private close(): number {
    const inst = this.inst;
    const v = this.v;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) if (this.peak[d]! > inst.vCapacity[v * dims + d]!) return Infinity;
    if (this.travel > inst.vMaxTravel[v]! || this.dist > inst.vMaxDist[v]! || this.stops > inst.vMaxStops[v]!) return Infinity;
    if (!(this.cost < Infinity) || !(this.travel < Infinity)) return Infinity;
    if (this.stops === 0) return this.cost;
    let c = this.cost + inst.vFixed[v]!;
    if (inst.vehicleCost > 0) c += inst.vehicleCost;
    if (inst.balanceCoef > 0) {
      // Working time: travel, setup and service (breaks included), not waiting.
      const w = this.travel + this.busy;
      c += inst.balanceCoef * w * w;
    }
    return c;
  }

  /** Every shipment in the sequence has its pickup before its delivery, both present. */
  private precedenceOk(): boolean {
    const inst = this.inst;
    if (!inst.hasShipments) return true;
    const s = ++this.stampValue;
    let open = 0;
    for (let i = 0; i < this.seqLen; i++) {
      const task = this.seq[i]!;
      const kind = inst.taskKind[task];
      if (kind === KIND_PICKUP) {
        this.stamp[task] = s;
        open++;
      } else if (kind === KIND_DELIVERY) {
        if (this.stamp[inst.taskPartner[task]!] !== s) return false;
        open--;
      }
    }
    return open === 0;
  }
}
