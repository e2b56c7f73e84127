import type { Instance } from "../model/instance";
import { isVehicleTask, KIND_BREAK, KIND_DELIVERY, KIND_PICKUP, KIND_RELOAD } from "../model/instance";
import type { Route } from "./route";

/**
 * Evaluates a candidate route built as: a start (empty or a route prefix), any number of
 * tasks or route segments, and an end (the vehicle's end or a route suffix).
 * Fast path: prefix and suffix come from the route caches, so a relocate or 2-opt* costs
 * O(dims + moved tasks). Breaks are taken where the vehicle is, between two stops: the backward
 * caches of a stop run over the breaks after it, and a suffix that opens with breaks simulates
 * them before joining at its first stop. Multi-trip vehicles use the slow path: the sequence is
 * materialised and simulated in full (O(m)), with precedence checks.
 * Shipments on the fast path: the tasks added between prefix and suffix are recorded, and
 * `precedenceAcross` checks them against the prefix and suffix routes' positions and their
 * counts of open shipments (Route.fOpen), in O(added tasks) (plus the skipped part of the route
 * when prefix and suffix are the same route).
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
  /** Multi-trip vehicles: stops since the last reload, the reload task waiting for the next stop (-1: none), shipments on board. */
  private tripStops = 0;
  private pendingReload = -1;
  private onBoard = 0;
  /** Load accumulators per dimension (of the current trip): deliveries, pickups, peak load of the sequence so far. */
  readonly del: Float64Array;
  readonly pick: Float64Array;
  readonly peak: Float64Array;
  private slow = false;
  private seq: Int32Array;
  private seqLen = 0;
  /** State kept by save() for restore(). */
  private readonly saved = new Float64Array(11);
  private readonly savedLoads: Float64Array;
  /** Precedence stamps indexed by task. */
  private readonly stamp: Int32Array;
  /** Index in `seq` of a stamped task. */
  private readonly seqIndex: Int32Array;
  private stampValue = 0;
  /** Fast path with shipments: check precedence at the end (false for a route's own sequence). */
  private checkPrec = false;
  /** Route and position of the prefix the candidate starts from (fast path), null when empty. */
  private prefix: Route | null = null;
  private prefixEnd = 0;
  /** task → route index and 1-based position of the current solution (set by SolutionState). */
  private taskRoute: Int32Array | null = null;
  private taskPos: Int32Array | null = null;

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
    this.seqIndex = new Int32Array(inst.nTasks);
    this.savedLoads = new Float64Array(3 * k);
  }

  /** Remembers the candidate built so far, to try several endings of it (restore()). */
  save(): void {
    const sv = this.saved;
    sv[0] = this.t;
    sv[1] = this.loc;
    sv[2] = this.cost;
    sv[3] = this.travel;
    sv[4] = this.dist;
    sv[5] = this.stops;
    sv[6] = this.busy;
    sv[7] = this.seqLen;
    sv[8] = this.tripStops;
    sv[9] = this.pendingReload;
    sv[10] = this.onBoard;
    const k = this.del.length;
    this.savedLoads.set(this.del, 0);
    this.savedLoads.set(this.pick, k);
    this.savedLoads.set(this.peak, 2 * k);
  }

  /** Back to the candidate of the last save() (an ending was evaluated since). */
  restore(): void {
    const sv = this.saved;
    this.t = sv[0]!;
    this.loc = sv[1]!;
    this.cost = sv[2]!;
    this.travel = sv[3]!;
    this.dist = sv[4]!;
    this.stops = sv[5]!;
    this.busy = sv[6]!;
    this.seqLen = sv[7]!;
    this.tripStops = sv[8]!;
    this.pendingReload = sv[9]!;
    this.onBoard = sv[10]!;
    this.ok = true;
    const k = this.del.length;
    for (let d = 0; d < k; d++) {
      this.del[d] = this.savedLoads[d]!;
      this.pick[d] = this.savedLoads[k + d]!;
      this.peak[d] = this.savedLoads[2 * k + d]!;
    }
  }

  /**
   * The candidate so far can no longer become feasible by appending tasks: a window or a
   * compatibility already failed, or (fast path) a peak load already above capacity.
   */
  deadEnd(): boolean {
    if (this.slow) return false;
    if (!this.ok) return true;
    const inst = this.inst;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) if (this.peak[d]! > inst.vCapacity[this.v * dims + d]!) return true;
    return false;
  }

  /** The solution's task indexes, read by the shipment precedence check of the fast path. */
  bindPositions(taskRoute: Int32Array, taskPos: Int32Array): void {
    this.taskRoute = taskRoute;
    this.taskPos = taskPos;
  }

  private setVehicle(v: number): void {
    const inst = this.inst;
    this.v = v;
    const cls = inst.vClass[v]!;
    this.dur = inst.dur[cls]!;
    this.cst = inst.cost[cls]!;
    this.dst = inst.dist[cls]!;
    this.slow = inst.vMaxTrips[v]! > 1;
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
    this.tripStops = 0;
    this.pendingReload = -1;
    this.onBoard = 0;
  }

  /**
   * Starts an empty route for vehicle v. `forceFast` simulates directly even on slow-path
   * vehicles, for a route's own (valid) sequence: no precedence check.
   */
  startEmpty(v: number, forceFast = false): void {
    this.setVehicle(v);
    if (forceFast) this.slow = false;
    this.reset();
    this.checkPrec = !forceFast && !this.slow && this.inst.hasShipments;
    this.prefix = null;
    this.prefixEnd = 0;
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
    this.checkPrec = this.inst.hasShipments;
    this.prefix = r;
    this.prefixEnd = i;
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

  /**
   * The candidate is known to keep every pickup before its delivery (an insertion of a whole
   * shipment into a valid route): skip the precedence check.
   */
  trustPrecedence(): void {
    this.checkPrec = false;
  }

  /**
   * The simulation state after position i of r, from its forward caches. Never for a multi-trip
   * vehicle, whose trip state is not cached: its routes take the slow path and are rebuilt in full.
   */
  private loadPrefix(r: Route, i: number): void {
    const dims = this.inst.dims;
    this.tripStops = 0;
    this.pendingReload = -1;
    this.onBoard = 0;
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
    if (this.checkPrec) this.seq[this.seqLen++] = task;
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
    const kind = inst.taskKind[task];
    if (kind === KIND_RELOAD) {
      // Executed on the way to the next stop, and only between two trips with stops.
      if (this.tripStops > 0) this.pendingReload = task;
      return;
    }
    let ready: number;
    if (kind === KIND_BREAK) {
      ready = this.t;
    } else {
      if (this.pendingReload >= 0) {
        this.reload();
        if (!this.ok) return;
      }
      this.tripStops++;
      if (kind === KIND_PICKUP) this.onBoard++;
      else if (kind === KIND_DELIVERY) this.onBoard--;
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

  /**
   * Between two trips: the finished trip's load must fit and carry no shipment across, then the
   * vehicle drives to the depot, reloads (the reload task's service) and starts an empty trip.
   */
  private reload(): void {
    const inst = this.inst;
    const r = this.pendingReload;
    this.pendingReload = -1;
    const dims = inst.dims;
    for (let d = 0; d < dims; d++) {
      if (this.peak[d]! > inst.vCapacity[this.v * dims + d]!) {
        this.ok = false;
        return;
      }
    }
    if (this.onBoard !== 0) {
      this.ok = false;
      return;
    }
    const l = inst.taskLoc[r]!;
    const a = this.loc * inst.stride + l;
    const tt = this.dur[a]!;
    this.t += tt + inst.taskService[r]!;
    this.busy += inst.taskService[r]!;
    this.cost += this.cst[a]!;
    this.travel += tt;
    this.dist += this.dst[a]!;
    this.loc = l;
    this.del.fill(0);
    this.pick.fill(0);
    this.peak.fill(0);
    this.tripStops = 0;
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
    if (this.checkPrec && !this.precedenceAcross(null, 0)) return Infinity;
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
    // Breaks opening the suffix are taken where the vehicle is: simulated, then joined at the next stop.
    while (j <= m && isVehicleTask(inst.taskKind[r.tasks[j - 1]!])) this.addTask(r.tasks[j++ - 1]!);
    if (!this.ok || r.cost === Infinity) return Infinity;
    if (this.checkPrec && !this.precedenceAcross(r, j)) return Infinity;
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

  /**
   * Fast path: the candidate is the prefix route's positions 1..prefixEnd, the recorded tasks
   * (seq), then `suffix` from position j (null: nothing). The prefix and suffix are unchanged
   * parts of valid routes, so only shipments with a task among the recorded ones, or cut off by
   * the prefix's end or the suffix's start, can break precedence: a recorded delivery needs its
   * pickup earlier in seq or in the prefix, a recorded pickup its delivery later in seq or in the
   * suffix, and the shipments open at the prefix's end (Route.fOpen) and at the suffix's start
   * must be exactly those closed by recorded tasks, or spanning from prefix to suffix.
   */
  private precedenceAcross(suffix: Route | null, j: number): boolean {
    const inst = this.inst;
    const taskRoute = this.taskRoute!;
    const taskPos = this.taskPos!;
    const s = ++this.stampValue;
    const n = this.seqLen;
    for (let k = 0; k < n; k++) {
      const t = this.seq[k]!;
      this.stamp[t] = s;
      this.seqIndex[t] = k;
    }
    const pre = this.prefix;
    const pi = this.prefixEnd;
    let closedFromPrefix = 0;
    let openToSuffix = 0;
    for (let k = 0; k < n; k++) {
      const t = this.seq[k]!;
      const y = inst.taskPartner[t]!;
      if (y < 0) continue;
      if (this.stamp[y] === s) {
        if ((this.seqIndex[y]! < k) !== (inst.taskKind[t] === KIND_DELIVERY)) return false;
      } else if (inst.taskKind[t] === KIND_DELIVERY) {
        if (pre === null || taskRoute[y] !== pre.v || taskPos[y]! > pi) return false;
        closedFromPrefix++;
      } else {
        if (suffix === null || taskRoute[y] !== suffix.v || taskPos[y]! < j) return false;
        openToSuffix++;
      }
    }
    let spanning = 0;
    if (pre !== null && pre === suffix) {
      // Shipments of the route with the pickup in the prefix and the delivery in the suffix.
      spanning = pre.fOpen[pi]!;
      for (let p = pi + 1; p < j; p++) {
        const t = pre.tasks[p - 1]!;
        if (inst.taskKind[t] === KIND_DELIVERY && taskPos[inst.taskPartner[t]!]! <= pi) spanning--;
      }
    }
    const openAtPrefix = pre !== null ? pre.fOpen[pi]! : 0;
    const openAtSuffix = suffix !== null ? suffix.fOpen[j - 1]! : 0;
    return openAtPrefix === closedFromPrefix + spanning && openAtSuffix === openToSuffix + spanning;
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
