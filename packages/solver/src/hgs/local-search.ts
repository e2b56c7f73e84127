import type { Rng } from "../util/rng";
import type { Cvrp } from "./cvrp";
import type { Individual } from "./individual";

const EPS = 1e-5;

/**
 * HGS's granular local search (Vidal 2022, §4) on a penalised CVRP: overloads cost `penalty`
 * per unit, so the search may cross infeasible space. For each customer u (random order) and
 * each correlated v: relocations of one or two customers (also reversed), swaps of 1–1, 2–1
 * and 2–2, 2-opt inside a route and both 2-opt* between routes, first improvement; then the
 * same after the depot when v opens its route, and into an empty route from the second loop.
 * A pair is retried only when one of its routes changed since u was last scanned. Routes are
 * arrays; a move rebuilds the (short) routes it touched.
 */
export class HgsLocalSearch {
  private readonly n: number;
  private readonly m: number;
  private readonly d: Float64Array;
  private readonly demand: Float64Array;
  private readonly capacity: number;
  private readonly routeOf: Int32Array;
  private readonly posOf: Int32Array;
  private readonly prevOf: Int32Array;
  private readonly nextOf: Int32Array;
  private readonly cumLoad: Float64Array;
  private readonly lastTested: Int32Array;
  private readonly seq: number[][] = [];
  private readonly load: Float64Array;
  private readonly pen: Float64Array;
  private readonly lastMod: Int32Array;
  private readonly order: Int32Array;
  private readonly corr: Int32Array[];
  /** SWAP*'s three cheapest insertions of customer c into route r: [(r * (n + 1) + c) * 3 + k], stamped with lastMod[r]. */
  private readonly insCost: Float64Array;
  private readonly insPos: Int32Array;
  private readonly insStamp: Int32Array;
  private readonly lastSwapStar: Int32Array;
  private readonly removal: Float64Array;
  private readonly routeMark: Int32Array;
  private markStamp = 0;
  private penalty = 0;
  /** A clock, never reset: a route's lastMod is the value at its last change (or load). */
  private nbMoves = 0;
  private improved = false;
  // Locals of the move under test (HGS's setLocalVariablesRouteU/V).
  private u = 0;
  private x = 0;
  private pu = 0;
  private xn = 0;
  private ru = 0;
  private posU = 0;
  private qU = 0;
  private qX = 0;
  private v = 0;
  private y = 0;
  private pv = 0;
  private yn = 0;
  private rv = 0;
  private posV = 0;
  private qV = 0;
  private qY = 0;

  constructor(private readonly cvrp: Cvrp) {
    const n = cvrp.n;
    this.n = n;
    this.m = n + 1;
    this.d = cvrp.d;
    this.demand = cvrp.demand;
    this.capacity = cvrp.capacity;
    this.routeOf = new Int32Array(n + 1);
    this.posOf = new Int32Array(n + 1);
    this.prevOf = new Int32Array(n + 1);
    this.nextOf = new Int32Array(n + 1);
    this.cumLoad = new Float64Array(n + 1);
    this.lastTested = new Int32Array(n + 1);
    const R = cvrp.vehicles;
    for (let r = 0; r < R; r++) this.seq.push([]);
    this.load = new Float64Array(R);
    this.pen = new Float64Array(R);
    this.lastMod = new Int32Array(R);
    this.order = new Int32Array(n);
    for (let i = 0; i < n; i++) this.order[i] = i + 1;
    this.corr = cvrp.correlated.map((c) => c.slice());
    this.insCost = new Float64Array(R * (n + 1) * 3);
    this.insPos = new Int32Array(R * (n + 1) * 3);
    this.insStamp = new Int32Array(R * (n + 1)).fill(-1);
    this.lastSwapStar = new Int32Array(R);
    this.removal = new Float64Array(n + 1);
    this.routeMark = new Int32Array(R);
  }

  /** Improves `ind` in place under the given penalty and re-evaluates it. */
  run(ind: Individual, penalty: number, rng: Rng): void {
    this.penalty = penalty;
    const R = this.seq.length;
    for (let r = 0; r < R; r++) {
      const s = this.seq[r]!;
      s.length = 0;
      for (const c of ind.routes[r]!) s.push(c);
      this.refresh(r);
      this.lastMod[r] = ++this.nbMoves;
    }
    this.lastTested.fill(-1);
    this.lastSwapStar.fill(-1);
    rng.shuffle(this.order);
    for (let i = 1; i <= this.n; i++) if (rng.int(this.corr[i]!.length + 1) === 0) rng.shuffle(this.corr[i]!);
    this.improved = true;
    for (let loop = 0; this.improved; loop++) {
      // At least two loops, as in HGS (the first tests every pair).
      this.improved = loop === 0;
      this.scan(loop);
      this.swapStarPhase(loop);
    }
    for (let r = 0; r < R; r++) {
      const out = ind.routes[r]!;
      out.length = 0;
      for (const c of this.seq[r]!) out.push(c);
    }
    ind.evaluate(this.cvrp, penalty);
  }

  private scan(loop: number): void {
    const routeOf = this.routeOf;
    for (let k = 0; k < this.n; k++) {
      const u = this.order[k]!;
      const lastU = this.lastTested[u]!;
      this.lastTested[u] = this.nbMoves;
      const corr = this.corr[u]!;
      // u's locals are read again only after a move changed them.
      let moves = -1;
      for (let i = 0; i < corr.length; i++) {
        const v = corr[i]!;
        if (loop > 0 && Math.max(this.lastMod[routeOf[u]!]!, this.lastMod[routeOf[v]!]!) <= lastU) continue;
        if (moves !== this.nbMoves) {
          this.setU(u);
          moves = this.nbMoves;
        }
        this.setV(v, routeOf[v]!);
        if (this.move1() || this.move2() || this.move3()) continue;
        if (u <= v && this.move4()) continue;
        if (this.move5()) continue;
        if (u <= v && this.move6()) continue;
        const intra = this.ru === this.rv;
        if (intra && this.move7()) continue;
        if (!intra && (this.move8() || this.move9())) continue;
        if (this.prevOf[v] === 0) {
          // v opens its route: the same moves after the depot.
          this.setV(0, this.rv);
          if (this.move1() || this.move2() || this.move3()) continue;
          if (!intra && (this.move8() || this.move9())) continue;
        }
      }
      // Moves into an empty route, from the second loop (HGS: keeps the fleet from growing early).
      if (loop > 0) {
        const empty = this.firstEmpty();
        if (empty >= 0) {
          this.setU(u);
          this.setV(0, empty);
          if (this.move1() || this.move2() || this.move3() || this.move9()) continue;
        }
      }
    }
  }

  /**
   * SWAP* (Vidal 2022) between routes that are neighbours (a customer of one has a correlated
   * customer in the other; HGS uses polar sectors, which need coordinates), retried only for
   * pairs changed since the last test.
   */
  private swapStarPhase(loop: number): void {
    const R = this.seq.length;
    const pairs: number[] = [];
    for (let ru = 0; ru < R; ru++) {
      if (this.seq[ru]!.length === 0) continue;
      const last = this.lastSwapStar[ru]!;
      this.lastSwapStar[ru] = this.nbMoves;
      const stamp = ++this.markStamp;
      pairs.length = 0;
      for (const u of this.seq[ru]!) {
        const corr = this.cvrp.near[u]!;
        for (let i = 0; i < corr.length; i++) {
          const rv = this.routeOf[corr[i]!]!;
          if (rv > ru && this.routeMark[rv] !== stamp) {
            this.routeMark[rv] = stamp;
            pairs.push(rv);
          }
        }
      }
      for (const rv of pairs) {
        if (this.seq[ru]!.length === 0 || this.seq[rv]!.length === 0) continue;
        if (loop > 0 && Math.max(this.lastMod[ru]!, this.lastMod[rv]!) <= last) continue;
        this.swapStar(ru, rv);
      }
    }
  }

  /** The three cheapest insertions of each customer of r1 into r2 (cached per route version). */
  private preprocess(r1: number, r2: number): void {
    const m = this.m;
    const d = this.d;
    const seq2 = this.seq[r2]!;
    const stamp = this.lastMod[r2]!;
    for (const u of this.seq[r1]!) {
      const key = r2 * m + u;
      if (this.insStamp[key] === stamp) continue;
      this.insStamp[key] = stamp;
      const at = key * 3;
      let c0 = Infinity;
      let c1 = Infinity;
      let c2 = Infinity;
      let p0 = -1;
      let p1 = -1;
      let p2 = -1;
      let prev = 0;
      for (let i = 0; i <= seq2.length; i++) {
        const next = i < seq2.length ? seq2[i]! : 0;
        const c = d[prev * m + u]! + d[u * m + next]! - d[prev * m + next]!;
        if (c < c2) {
          if (c < c1) {
            c2 = c1;
            p2 = p1;
            if (c < c0) {
              c1 = c0;
              p1 = p0;
              c0 = c;
              p0 = prev;
            } else {
              c1 = c;
              p1 = prev;
            }
          } else {
            c2 = c;
            p2 = prev;
          }
        }
        prev = next;
      }
      this.insCost[at] = c0;
      this.insCost[at + 1] = c1;
      this.insCost[at + 2] = c2;
      this.insPos[at] = p0;
      this.insPos[at + 1] = p1;
      this.insPos[at + 2] = p2;
    }
  }

  /** Removal gain terms d(p, x) − d(p, u) − d(u, x) of a route's customers. */
  private fillRemoval(r: number): void {
    const m = this.m;
    const d = this.d;
    const s = this.seq[r]!;
    for (let i = 0; i < s.length; i++) {
      const p = i > 0 ? s[i - 1]! : 0;
      const u = s[i]!;
      const x = i + 1 < s.length ? s[i + 1]! : 0;
      this.removal[u] = d[p * m + x]! - d[p * m + u]! - d[u * m + x]!;
    }
  }

  private bestPos = 0;

  /** Cheapest insertion of u into route r while v leaves it (v's place included); position in bestPos. */
  private insertWithout(u: number, r: number, v: number): number {
    const m = this.m;
    const at = (r * m + u) * 3;
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const p = this.insPos[at + k]!;
      if (p < 0) break;
      // Positions touching v are void once v leaves.
      if (p === v || (p === 0 ? this.seq[r]![0] === v : this.nextOf[p] === v)) continue;
      best = this.insCost[at + k]!;
      this.bestPos = p;
      break;
    }
    const pv = this.prevOf[v]!;
    const y = this.nextOf[v]!;
    const d = this.d;
    const inPlace = d[pv * m + u]! + d[u * m + y]! - d[pv * m + y]!;
    if (inPlace < best) {
      best = inPlace;
      this.bestPos = pv;
    }
    return best;
  }

  private swapStar(ru: number, rv: number): boolean {
    this.preprocess(ru, rv);
    this.preprocess(rv, ru);
    this.fillRemoval(ru);
    this.fillRemoval(rv);
    const A = this.seq[ru]!;
    const B = this.seq[rv]!;
    const loadU = this.load[ru]!;
    const loadV = this.load[rv]!;
    const penU = this.pen[ru]!;
    const penV = this.pen[rv]!;
    const m = this.m;
    let best = -EPS;
    let bu = -1;
    let bv = -1;
    let posU = 0;
    let posV = 0;
    for (const u of A) {
      const qu = this.demand[u]!;
      const remU = this.removal[u]!;
      for (const v of B) {
        const qv = this.demand[v]!;
        const dPen = this.pe(loadU + qv - qu) - penU + this.pe(loadV + qu - qv) - penV;
        const base = dPen + remU + this.removal[v]!;
        if (base > 0 || base >= best) continue;
        const cu = this.insertWithout(u, rv, v);
        const pu = this.bestPos;
        if (base + cu >= best) continue;
        const cv = this.insertWithout(v, ru, u);
        const cost = base + cu + cv;
        if (cost < best) {
          best = cost;
          bu = u;
          bv = v;
          posU = pu;
          posV = this.bestPos;
        }
      }
    }
    // Plain relocations between the two routes, to their cheapest position.
    for (const u of A) {
      const qu = this.demand[u]!;
      const cost = this.removal[u]! + this.pe(loadU - qu) - penU + this.insCost[(rv * m + u) * 3]! + this.pe(loadV + qu) - penV;
      if (cost < best) {
        best = cost;
        bu = u;
        bv = -1;
        posU = this.insPos[(rv * m + u) * 3]!;
      }
    }
    for (const v of B) {
      const qv = this.demand[v]!;
      const cost = this.removal[v]! + this.pe(loadV - qv) - penV + this.insCost[(ru * m + v) * 3]! + this.pe(loadU + qv) - penU;
      if (cost < best) {
        best = cost;
        bu = -1;
        bv = v;
        posV = this.insPos[(ru * m + v) * 3]!;
      }
    }
    if (bu < 0 && bv < 0) return false;
    const newA = bu >= 0 ? A.filter((c) => c !== bu) : A.slice();
    const newB = bv >= 0 ? B.filter((c) => c !== bv) : B.slice();
    if (bu >= 0) newB.splice(posU === 0 ? 0 : newB.indexOf(posU) + 1, 0, bu);
    if (bv >= 0) newA.splice(posV === 0 ? 0 : newA.indexOf(posV) + 1, 0, bv);
    this.seq[ru] = newA;
    this.seq[rv] = newB;
    this.changed(ru, rv);
    return true;
  }

  private firstEmpty(): number {
    for (let r = 0; r < this.seq.length; r++) if (this.seq[r]!.length === 0) return r;
    return -1;
  }

  private setU(u: number): void {
    this.u = u;
    this.x = this.nextOf[u]!;
    this.pu = this.prevOf[u]!;
    this.xn = this.x === 0 ? 0 : this.nextOf[this.x]!;
    this.ru = this.routeOf[u]!;
    this.posU = this.posOf[u]!;
    this.qU = this.demand[u]!;
    this.qX = this.demand[this.x]!;
  }

  /** v = 0: the depot at the start of route rv. */
  private setV(v: number, rv: number): void {
    this.v = v;
    this.rv = rv;
    if (v === 0) {
      const s = this.seq[rv]!;
      this.y = s.length > 0 ? s[0]! : 0;
      this.pv = 0;
      this.posV = 0;
    } else {
      this.y = this.nextOf[v]!;
      this.pv = this.prevOf[v]!;
      this.posV = this.posOf[v]!;
    }
    this.yn = this.y === 0 ? 0 : this.nextOf[this.y]!;
    this.qV = this.demand[v]!;
    this.qY = this.demand[this.y]!;
  }

  private pe(load: number): number {
    return load > this.capacity ? (load - this.capacity) * this.penalty : 0;
  }

  /** Total gain check for a move that changes route loads by dU (route U) and dV (route V). */
  private interGain(costU: number, costV: number, dU: number, dV: number): boolean {
    const ru = this.ru;
    const rv = this.rv;
    if (ru !== rv) {
      const pu = this.pen[ru]!;
      const pv = this.pen[rv]!;
      if (costU + costV >= pu + pv) return false;
      costU += this.pe(this.load[ru]! + dU) - pu;
      costV += this.pe(this.load[rv]! + dV) - pv;
    }
    return costU + costV < -EPS;
  }

  /** Relocate u after v. */
  private move1(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, pu, v, y } = this;
    if (u === v || u === y) return false;
    const costU = d[pu * m + x]! - d[pu * m + u]! - d[u * m + x]!;
    const costV = d[v * m + u]! + d[u * m + y]! - d[v * m + y]!;
    if (!this.interGain(costU, costV, -this.qU, this.qU)) return false;
    this.relocate(this.posU, [u]);
    return true;
  }

  /** Relocate (u, x) after v. */
  private move2(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, xn, pu, v, y } = this;
    if (u === y || v === x || x === 0 || u === v) return false;
    const costU = d[pu * m + xn]! - d[pu * m + u]! - d[x * m + xn]!;
    const costV = d[v * m + u]! + d[x * m + y]! - d[v * m + y]!;
    const q = this.qU + this.qX;
    if (!this.interGain(costU, costV, -q, q)) return false;
    this.relocate(this.posU, [u, x]);
    return true;
  }

  /** Relocate (x, u) after v: the pair reversed. */
  private move3(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, xn, pu, v, y } = this;
    if (u === y || v === x || x === 0 || u === v) return false;
    const costU = d[pu * m + xn]! - d[pu * m + u]! - d[u * m + x]! - d[x * m + xn]!;
    const costV = d[v * m + x]! + d[x * m + u]! + d[u * m + y]! - d[v * m + y]!;
    const q = this.qU + this.qX;
    if (!this.interGain(costU, costV, -q, q)) return false;
    this.relocate(this.posU, [x, u]);
    return true;
  }

  /** Swap u and v. */
  private move4(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, pu, v, y, pv } = this;
    if (v === 0 || u === pv || u === y || u === v) return false;
    const costU = d[pu * m + v]! + d[v * m + x]! - d[pu * m + u]! - d[u * m + x]!;
    const costV = d[pv * m + u]! + d[u * m + y]! - d[pv * m + v]! - d[v * m + y]!;
    if (!this.interGain(costU, costV, this.qV - this.qU, this.qU - this.qV)) return false;
    this.swap(1, 1);
    return true;
  }

  /** Swap (u, x) with v. */
  private move5(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, xn, pu, v, y, pv } = this;
    if (v === 0 || x === 0 || u === pv || x === pv || u === y || x === v || u === v) return false;
    const costU = d[pu * m + v]! + d[v * m + xn]! - d[pu * m + u]! - d[x * m + xn]!;
    const costV = d[pv * m + u]! + d[x * m + y]! - d[pv * m + v]! - d[v * m + y]!;
    const q = this.qU + this.qX;
    if (!this.interGain(costU, costV, this.qV - q, q - this.qV)) return false;
    this.swap(2, 1);
    return true;
  }

  /** Swap (u, x) with (v, y). */
  private move6(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, xn, pu, v, y, yn, pv } = this;
    if (v === 0 || x === 0 || y === 0 || y === pu || u === y || x === v || v === xn || u === v) return false;
    const costU = d[pu * m + v]! + d[y * m + xn]! - d[pu * m + u]! - d[x * m + xn]!;
    const costV = d[pv * m + u]! + d[x * m + yn]! - d[pv * m + v]! - d[y * m + yn]!;
    const qa = this.qU + this.qX;
    const qb = this.qV + this.qY;
    if (!this.interGain(costU, costV, qb - qa, qa - qb)) return false;
    this.swap(2, 2);
    return true;
  }

  /** 2-opt inside a route: reverse x … v (u before v). */
  private move7(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, v, y } = this;
    if (v === 0 || this.posU > this.posV || x === v) return false;
    const cost = d[u * m + v]! + d[x * m + y]! - d[u * m + x]! - d[v * m + y]!;
    if (cost > -EPS) return false;
    const s = this.seq[this.ru]!;
    let i = this.posU;
    let j = this.posV - 1;
    while (i < j) {
      const t = s[i]!;
      s[i++] = s[j]!;
      s[j--] = t;
    }
    this.changed(this.ru, -1);
    return true;
  }

  /** 2-opt* u → v: route U keeps its head to u then v's head reversed; route V gets U's tail reversed, then y …. */
  private move8(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, v, y, ru, rv } = this;
    let cost = d[u * m + v]! + d[x * m + y]! - d[u * m + x]! - d[v * m + y]! - this.pen[ru]! - this.pen[rv]!;
    if (cost >= 0) return false;
    const cu = this.cumLoad[u]!;
    const cv = v === 0 ? 0 : this.cumLoad[v]!;
    cost += this.pe(cu + cv) + this.pe(this.load[ru]! + this.load[rv]! - cu - cv);
    if (cost > -EPS) return false;
    const a = this.seq[ru]!;
    const b = this.seq[rv]!;
    const headU = a.slice(0, this.posU);
    const tailU = a.slice(this.posU).reverse();
    const headV = b.slice(0, this.posV).reverse();
    const tailV = b.slice(this.posV);
    this.seq[ru] = headU.concat(headV);
    this.seq[rv] = tailU.concat(tailV);
    this.changed(ru, rv);
    return true;
  }

  /** 2-opt* u → y, v → x: the routes exchange their tails. */
  private move9(): boolean {
    const d = this.d;
    const m = this.m;
    const { u, x, v, y, ru, rv } = this;
    let cost = d[u * m + y]! + d[v * m + x]! - d[u * m + x]! - d[v * m + y]! - this.pen[ru]! - this.pen[rv]!;
    if (cost >= 0) return false;
    const cu = this.cumLoad[u]!;
    const cv = v === 0 ? 0 : this.cumLoad[v]!;
    cost += this.pe(cu + this.load[rv]! - cv) + this.pe(cv + this.load[ru]! - cu);
    if (cost > -EPS) return false;
    const a = this.seq[ru]!;
    const b = this.seq[rv]!;
    this.seq[ru] = a.slice(0, this.posU).concat(b.slice(this.posV));
    this.seq[rv] = b.slice(0, this.posV).concat(a.slice(this.posU));
    this.changed(ru, rv);
    return true;
  }

  /** Moves `seg` (taken from route U at 1-based position posU onward) to after v in route V. */
  private relocate(posU: number, seg: number[]): void {
    const ru = this.ru;
    const rv = this.rv;
    this.seq[ru]!.splice(posU - 1, seg.length);
    const b = this.seq[rv]!;
    const at = this.v === 0 ? 0 : b.indexOf(this.v) + 1;
    b.splice(at, 0, ...seg);
    this.changed(ru, ru === rv ? -1 : rv);
  }

  /** Swaps the la customers from u with the lb customers from v. */
  private swap(la: number, lb: number): void {
    const ru = this.ru;
    const rv = this.rv;
    const segA = this.seq[ru]!.slice(this.posU - 1, this.posU - 1 + la);
    const segB = this.seq[rv]!.slice(this.posV - 1, this.posV - 1 + lb);
    if (ru !== rv) {
      this.seq[ru]!.splice(this.posU - 1, la, ...segB);
      this.seq[rv]!.splice(this.posV - 1, lb, ...segA);
      this.changed(ru, rv);
      return;
    }
    const s = this.seq[ru]!;
    const out: number[] = [];
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      if (c === this.u) {
        out.push(...segB);
        i += la - 1;
      } else if (c === this.v) {
        out.push(...segA);
        i += lb - 1;
      } else out.push(c);
    }
    this.seq[ru] = out;
    this.changed(ru, -1);
  }

  private changed(ra: number, rb: number): void {
    this.nbMoves++;
    this.improved = true;
    this.refresh(ra);
    this.lastMod[ra] = this.nbMoves;
    if (rb >= 0) {
      this.refresh(rb);
      this.lastMod[rb] = this.nbMoves;
    }
  }

  /** Positions, links, cumulative loads and penalty of route r. */
  private refresh(r: number): void {
    const s = this.seq[r]!;
    let load = 0;
    let prev = 0;
    for (let i = 0; i < s.length; i++) {
      const c = s[i]!;
      load += this.demand[c]!;
      this.routeOf[c] = r;
      this.posOf[c] = i + 1;
      this.prevOf[c] = prev;
      this.cumLoad[c] = load;
      if (prev !== 0) this.nextOf[prev] = c;
      prev = c;
    }
    if (prev !== 0) this.nextOf[prev] = 0;
    this.load[r] = load;
    this.pen[r] = this.pe(load);
  }
}
