import { routeWarp, type Cvrp } from "./cvrp";

/** Prices of infeasibility: per unit of overload and per unit of time warp. */
export interface Penalties {
  load: number;
  warp: number;
}

/** One solution of the population: a giant tour and its routes, with HGS's evaluation. */
export class Individual {
  /** Giant tour: every customer once, the routes concatenated. */
  tour: Int32Array;
  /** Route slots (cvrp.vehicles), possibly empty. */
  routes: number[][];
  /** Successor and predecessor of each customer (0 = depot), for the broken-pairs distance. */
  succ: Int32Array;
  pred: Int32Array;
  distance = 0;
  excess = 0;
  /** Total time warp of the routes (0 without windows). */
  warp = 0;
  nbRoutes = 0;
  penalised = 0;
  feasible = false;
  biasedFitness = 0;
  /** Other members of the same sub-population by increasing distance. */
  proximity: { dist: number; other: Individual }[] = [];

  constructor(cvrp: Cvrp) {
    this.tour = new Int32Array(cvrp.n);
    this.routes = [];
    for (let r = 0; r < cvrp.vehicles; r++) this.routes.push([]);
    this.succ = new Int32Array(cvrp.n + 1);
    this.pred = new Int32Array(cvrp.n + 1);
  }

  /** Recomputes the costs, tour and links from `routes` under the penalties. */
  evaluate(cvrp: Cvrp, pen: Penalties): void {
    const m = cvrp.n + 1;
    const d = cvrp.d;
    let distance = 0;
    let excess = 0;
    let warp = 0;
    let nb = 0;
    let k = 0;
    for (const route of this.routes) {
      if (route.length === 0) continue;
      nb++;
      let load = 0;
      let prev = 0;
      for (const c of route) {
        distance += d[prev * m + c]!;
        load += cvrp.demand[c]!;
        this.pred[c] = prev;
        if (prev !== 0) this.succ[prev] = c;
        this.tour[k++] = c;
        prev = c;
      }
      this.succ[prev] = 0;
      distance += d[prev * m]!;
      if (load > cvrp.capacity) excess += load - cvrp.capacity;
      if (cvrp.tw) warp += routeWarp(cvrp, route, 0, route.length);
    }
    this.distance = distance;
    this.excess = excess;
    this.warp = warp;
    this.nbRoutes = nb;
    this.feasible = excess < 1e-9 && warp < 1e-9;
    this.penalised = this.priced(pen);
  }

  /** Distance plus the penalties of overload and time warp. */
  priced(pen: Penalties): number {
    return this.distance + pen.load * this.excess + pen.warp * this.warp;
  }

  /** Share of customers whose links differ (Prins's broken-pairs distance, as in HGS). */
  brokenPairs(other: Individual, n: number): number {
    let diff = 0;
    const s1 = this.succ;
    const p1 = this.pred;
    const s2 = other.succ;
    const p2 = other.pred;
    for (let j = 1; j <= n; j++) {
      if (s1[j] !== s2[j] && s1[j] !== p2[j]) diff++;
      if (p1[j] === 0 && p2[j] !== 0 && s2[j] !== 0) diff++;
    }
    return diff / n;
  }

  /** Mean distance to the `k` closest others. */
  closeness(k: number): number {
    const m = Math.min(k, this.proximity.length);
    if (m === 0) return 0;
    let s = 0;
    for (let i = 0; i < m; i++) s += this.proximity[i]!.dist;
    return s / m;
  }
}
