import type { Instance } from "../model/instance";
import { Evaluator } from "./evaluator";
import { Route } from "./route";

/** A snapshot of assignments: task sequence per vehicle. */
export type Assignment = number[][];

/**
 * Mutable working solution: one Route per vehicle plus task → (route, position) indexes.
 * taskRoute[t] = vehicle index or -1 when unassigned; taskPos[t] = 1-based position.
 */
export class SolutionState {
  readonly inst: Instance;
  readonly ev: Evaluator;
  readonly routes: Route[];
  readonly taskRoute: Int32Array;
  readonly taskPos: Int32Array;
  /** Indexed by vehicle type: stamp marking types whose empty vehicle was already tried in this pass. */
  readonly typeSeen: Int32Array;
  typeStamp = 0;
  /**
   * Most routes an insertion may use (fleet minimisation closes the empty vehicles once this many
   * routes are in use); Infinity: no limit besides the fleet.
   */
  routeCap = Infinity;
  /** Scratch space of the shipment insertion (bestPairInRoute). */
  pairScratch = new Float64Array(16);
  /** Incremented by every route change; routeModified[v] = its value at route v's last change. */
  modCounter = 0;
  readonly routeModified: Int32Array;
  /** lsTested[t] = modCounter when the local search last scanned task t (-1: never). */
  readonly lsTested: Int32Array;
  /** Number of requests whose (first) task is on a route. */
  assigned = 0;
  /** 1 for each request's first task (the one unassignedRequests looks at). */
  private readonly isFirst: Uint8Array;

  constructor(inst: Instance) {
    this.inst = inst;
    this.ev = new Evaluator(inst);
    this.routes = [];
    for (let v = 0; v < inst.nVehicles; v++) {
      const r = new Route(inst, v);
      r.update(this.ev);
      this.routes.push(r);
    }
    this.taskRoute = new Int32Array(inst.nTasks).fill(-1);
    this.taskPos = new Int32Array(inst.nTasks);
    this.ev.bindPositions(this.taskRoute, this.taskPos);
    this.typeSeen = new Int32Array(inst.nVehicles);
    this.routeModified = new Int32Array(inst.nVehicles);
    this.lsTested = new Int32Array(inst.nTasks).fill(-1);
    this.isFirst = new Uint8Array(inst.nTasks);
    for (let q = 0; q < inst.nRequests; q++) this.isFirst[inst.requestFirst[q]!] = 1;
  }

  /**
   * Replaces route v's sequence and refreshes its caches and indexes. `same`: how many leading
   * tasks are unchanged (their caches are kept; 0 recomputes everything).
   */
  setRoute(v: number, tasks: number[], same = 0): void {
    const r = this.routes[v]!;
    const first = this.isFirst;
    for (const t of r.tasks) {
      if (this.taskRoute[t] !== v) continue;
      this.taskRoute[t] = -1;
      this.assigned -= first[t]!;
    }
    r.setTasks(tasks, this.ev, same);
    this.routeModified[v] = ++this.modCounter;
    for (let i = 0; i < tasks.length; i++) {
      const t = tasks[i]!;
      if (this.taskRoute[t]! < 0) this.assigned += first[t]!;
      this.taskRoute[t] = v;
      this.taskPos[t] = i + 1;
    }
  }

  /** Sum of route costs plus penalties of unassigned requests. */
  totalCost(): number {
    let c = 0;
    for (const r of this.routes) c += r.cost;
    const inst = this.inst;
    // Every search iteration costs the state: skip the scan when nothing is left out.
    if (this.assigned === inst.nRequests) return c;
    for (let q = 0; q < inst.nRequests; q++) if (this.taskRoute[inst.requestFirst[q]!] === -1) c += inst.requestPenalty[q]!;
    return c;
  }

  /** Routes with at least one stop. */
  usedRoutes(): number {
    let n = 0;
    for (const r of this.routes) if (r.stops > 0) n++;
    return n;
  }

  routeCost(): number {
    let c = 0;
    for (const r of this.routes) c += r.cost;
    return c;
  }

  unassignedRequests(): number[] {
    const out: number[] = [];
    const inst = this.inst;
    for (let q = 0; q < inst.nRequests; q++) if (this.taskRoute[inst.requestFirst[q]!] === -1) out.push(q);
    return out;
  }

  snapshot(): Assignment {
    return this.routes.map((r) => r.tasks.slice());
  }

  restore(a: Assignment): void {
    for (let v = 0; v < a.length; v++) {
      const same = this.routes[v]!.tasks;
      const next = a[v]!;
      if (same.length === next.length && same.every((t, i) => t === next[i])) continue;
      this.setRoute(v, next.slice());
    }
  }
}
