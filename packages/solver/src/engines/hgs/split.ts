import type { Cvrp } from "./cvrp";
import type { Individual, Penalties } from "./individual";

/** Routes may carry up to this multiple of the capacity inside the split (HGS's bound). */
const LOAD_BOUND = 1.5;

/**
 * Prins's split (2004) of the giant tour into routes, minimising distance + penalty × overload:
 * a shortest path over tour positions. Unlimited fleet first; when that uses more routes than
 * the slots, the fleet-limited version (a layer per route count). Writes `ind.routes` and
 * evaluates it.
 */
export class Splitter {
  private readonly pot: Float64Array;
  private readonly pred: Int32Array;
  private readonly sumLoad: Float64Array;
  private potK: Float64Array[] = [];
  private predK: Int32Array[] = [];

  constructor(private readonly cvrp: Cvrp) {
    const n = cvrp.n;
    this.pot = new Float64Array(n + 1);
    this.pred = new Int32Array(n + 1);
    this.sumLoad = new Float64Array(n + 1);
  }

  split(ind: Individual, pen: Penalties): void {
    const { n, capacity, vehicles } = this.cvrp;
    const tour = ind.tour;
    const pot = this.pot;
    const pred = this.pred;
    pot.fill(Infinity);
    pot[0] = 0;
    this.relax(tour, pot, pot, pred, 0, LOAD_BOUND * capacity, pen);
    let routes = 0;
    for (let j = n; j > 0; j = pred[j]!) routes++;
    if (routes <= vehicles) {
      const bounds: number[] = [];
      for (let j = n; j > 0; j = pred[j]!) bounds.push(j);
      this.writeBounds(ind, bounds.reverse());
    } else {
      this.splitLimited(ind, pen);
    }
    ind.evaluate(this.cvrp, pen);
  }

  private splitLimited(ind: Individual, pen: Penalties): void {
    const { n, capacity, vehicles } = this.cvrp;
    const tour = ind.tour;
    while (this.potK.length <= vehicles) {
      this.potK.push(new Float64Array(n + 1));
      this.predK.push(new Int32Array(n + 1));
    }
    for (let pass = 0; pass < 2; pass++) {
      const bound = pass === 0 ? LOAD_BOUND * capacity : Infinity;
      for (let k = 0; k <= vehicles; k++) this.potK[k]!.fill(Infinity);
      this.potK[0]![0] = 0;
      for (let k = 0; k < vehicles; k++) this.relax(tour, this.potK[k]!, this.potK[k + 1]!, this.predK[k + 1]!, k, bound, pen);
      let bestK = -1;
      let best = Infinity;
      for (let k = 1; k <= vehicles; k++) {
        if (this.potK[k]![n]! < best) {
          best = this.potK[k]![n]!;
          bestK = k;
        }
      }
      if (bestK > 0) {
        // Walk back through the layers: layer k's predecessor sits in layer k − 1.
        const bounds: number[] = [];
        let j = n;
        for (let k = bestK; k > 0; k--) {
          bounds.push(j);
          j = this.predK[k]![j]!;
        }
        bounds.reverse();
        this.writeBounds(ind, bounds);
        return;
      }
    }
    throw new Error("split: no solution");
  }

  /**
   * Bellman relaxation of every route tour[i .. j) out of labels potIn[i] (i ≥ from) into
   * potOut[j] / predOut[j], routes capped at `bound` load (one customer always fits). With potIn
   * = potOut this is the unlimited split's whole shortest path, in position order. With windows,
   * each route's time warp is simulated as the route extends, one customer at a time, and priced.
   */
  private relax(tour: Int32Array, potIn: Float64Array, potOut: Float64Array, predOut: Int32Array, from: number, bound: number, pen: Penalties): void {
    const { n, d, demand, capacity, tw } = this.cvrp;
    const m = n + 1;
    const penalty = pen.load;
    for (let i = from; i < n; i++) {
      const base = potIn[i]!;
      if (base === Infinity) continue;
      let load = 0;
      let dist = 0;
      let prev = 0;
      let time = tw ? tw.early[0]! : 0;
      let warp = 0;
      for (let j = i + 1; j <= n; j++) {
        const c = tour[j - 1]!;
        load += demand[c]!;
        if (load > bound && j > i + 1) break;
        const arc = d[prev * m + c]!;
        dist += arc;
        prev = c;
        let cost = base + dist + d[c * m]! + (load > capacity ? penalty * (load - capacity) : 0);
        if (tw) {
          time += arc;
          if (time < tw.early[c]!) time = tw.early[c]!;
          else if (time > tw.late[c]!) {
            warp += time - tw.late[c]!;
            time = tw.late[c]!;
          }
          time += tw.service[c]!;
          const back = time + d[c * m]!;
          cost += pen.warp * (back > tw.late[0]! ? warp + back - tw.late[0]! : warp);
        }
        if (cost < potOut[j]!) {
          potOut[j] = cost;
          predOut[j] = i;
        }
      }
    }
  }

  /** bounds: the end position (exclusive, in 1..n) of each route along the tour. */
  private writeBounds(ind: Individual, bounds: number[]): void {
    const tour = ind.tour;
    let from = 0;
    for (let r = 0; r < ind.routes.length; r++) {
      const route = ind.routes[r]!;
      route.length = 0;
      if (r < bounds.length) {
        const to = bounds[r]!;
        for (let p = from; p < to; p++) route.push(tour[p]!);
        from = to;
      }
    }
  }
}
