import { SwapStarSearch, type SwapStarRoute } from "../../search/swap-star";
import type { Rng } from "../../util/rng";
import { routeWarp, type Cvrp } from "./cvrp";
import type { Individual, Penalties } from "./individual";

const EPS = 1e-5;
/**
 * Whether a move of cost change `cost` (arcs only) improves the penalised cost. Between routes
 * (`inter`), lu and lv are the two routes' new loads: the new penalties are non-negative, so a
 * cost change at or above the current penalties cannot gain (HGS's early exit). Inside a route,
 * `slack` is what the route's time warp costs now (0 without windows): the most a move can gain
 * beyond its cost change.
 */
function better(cost: number, inter: boolean, lu: number, lv: number, penU: number, penV: number, cap: number, penalty: number, slack: number): boolean {
  if (!inter) return cost < slack - EPS;
  if (cost >= penU + penV) return false;
  return cost + (lu > cap ? (lu - cap) * penalty : 0) - penU + (lv > cap ? (lv - cap) * penalty : 0) - penV < -EPS;
}

/** Move sets of tryMoves. */
const ALL_MOVES = 0;
const AFTER_DEPOT = 1;
const INTO_EMPTY = 2;

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
  private readonly swapStarSearch: SwapStarSearch;
  private readonly viewA: SwapStarRoute;
  private readonly viewB: SwapStarRoute;
  private ssLoadU = 0;
  private ssLoadV = 0;
  private ssPenU = 0;
  private ssPenV = 0;
  private readonly lastSwapStar: Int32Array;
  private readonly routeMark: Int32Array;
  private markStamp = 0;
  private penalty = 0;
  /** Time windows (Vidal 2013): per node, the segment data of its route's prefix up to it (f…) and suffix from it (b…); node 0 holds the depot's. */
  private readonly tw: boolean;
  private readonly fD: Float64Array;
  private readonly fTW: Float64Array;
  private readonly fE: Float64Array;
  private readonly fL: Float64Array;
  private readonly bD: Float64Array;
  private readonly bTW: Float64Array;
  private readonly bE: Float64Array;
  private readonly bL: Float64Array;
  /** What each route's time warp costs now (part of pen). */
  private readonly twPart: Float64Array;
  private warpPenalty = 0;
  /** The segment being concatenated (sD, sTW, sE, sL, ending at node sLast). */
  private sD = 0;
  private sTW = 0;
  private sE = 0;
  private sL = 0;
  private sLast = 0;
  private readonly scratch: number[] = [];
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
    // Customers are their own locations (node i of d), the depot node 0 both ends.
    const loc = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) loc[i] = i;
    this.swapStarSearch = new SwapStarSearch(R, n + 1, loc, n + 1);
    this.viewA = { slot: 0, version: 0, ids: [], start: 0, end: 0, d: cvrp.d };
    this.viewB = { slot: 0, version: 0, ids: [], start: 0, end: 0, d: cvrp.d };
    this.lastSwapStar = new Int32Array(R);
    this.routeMark = new Int32Array(R);
    this.tw = cvrp.tw !== null;
    const size = this.tw ? n + 1 : 0;
    this.fD = new Float64Array(size);
    this.fTW = new Float64Array(size);
    this.fE = new Float64Array(size);
    this.fL = new Float64Array(size);
    this.bD = new Float64Array(size);
    this.bTW = new Float64Array(size);
    this.bE = new Float64Array(size);
    this.bL = new Float64Array(size);
    this.twPart = new Float64Array(R);
    if (cvrp.tw) {
      this.fE[0] = this.bE[0] = cvrp.tw.early[0]!;
      this.fL[0] = this.bL[0] = cvrp.tw.late[0]!;
    }
  }

  /** Improves `ind` in place under the given penalty and re-evaluates it. */
  run(ind: Individual, pen: Penalties, rng: Rng): void {
    this.penalty = pen.load;
    this.warpPenalty = pen.warp;
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
      // SWAP*'s cached insertion costs are distances only: not with windows.
      if (!this.tw) this.swapStarPhase(loop);
    }
    for (let r = 0; r < R; r++) {
      const out = ind.routes[r]!;
      out.length = 0;
      for (const c of this.seq[r]!) out.push(c);
    }
    ind.evaluate(this.cvrp, pen);
  }

  private scan(loop: number): void {
    const routeOf = this.routeOf;
    const lastMod = this.lastMod;
    for (let k = 0; k < this.n; k++) {
      const u = this.order[k]!;
      const lastU = this.lastTested[u]!;
      this.lastTested[u] = this.nbMoves;
      const corr = this.corr[u]!;
      // u's locals are read again only after a move changed them.
      let moves = -1;
      for (let i = 0; i < corr.length; i++) {
        const v = corr[i]!;
        if (loop > 0 && Math.max(lastMod[routeOf[u]!]!, lastMod[routeOf[v]!]!) <= lastU) continue;
        if (moves !== this.nbMoves) {
          this.setU(u);
          moves = this.nbMoves;
        }
        const rv = routeOf[v]!;
        if (this.tryMoves(v, rv, ALL_MOVES)) continue;
        // v opens its route: the same moves after the depot.
        if (this.prevOf[v] === 0 && this.tryMoves(0, rv, AFTER_DEPOT)) continue;
      }
      // Moves into an empty route, from the second loop (HGS: keeps the fleet from growing early).
      if (loop > 0) {
        const empty = this.firstEmpty();
        if (empty >= 0) {
          this.setU(u);
          this.tryMoves(0, empty, INTO_EMPTY);
        }
      }
    }
  }

  /**
   * Tries HGS's moves of u (locals set by setU) against v in route rv (v = 0: rv's depot) and
   * applies the first that improves the penalised cost. `set`: ALL_MOVES (1–9), AFTER_DEPOT
   * (1–3, and 8–9 between routes) or INTO_EMPTY (1–3 and 9). Reads the matrix and u's locals
   * into locals: this is the search's innermost loop.
   */
  private tryMoves(v: number, rv: number, set: number): boolean {
    const d = this.d;
    const m = this.m;
    const u = this.u;
    const x = this.x;
    const pu = this.pu;
    const xn = this.xn;
    const ru = this.ru;
    const qU = this.qU;
    const qX = this.qX;
    let y: number;
    let pv: number;
    let posV: number;
    if (v === 0) {
      const s = this.seq[rv]!;
      y = s.length > 0 ? s[0]! : 0;
      pv = 0;
      posV = 0;
    } else {
      y = this.nextOf[v]!;
      pv = this.prevOf[v]!;
      posV = this.posOf[v]!;
    }
    const inter = ru !== rv;
    const penU = this.pen[ru]!;
    const penV = this.pen[rv]!;
    const loadU = this.load[ru]!;
    const loadV = this.load[rv]!;
    const cap = this.capacity;
    const penalty = this.penalty;
    const tw = this.tw;
    const slack = tw ? this.twPart[ru]! : 0;
    const dPuU = d[pu * m + u]!;
    const dUX = d[u * m + x]!;
    const dVY = d[v * m + y]!;
    // 1: relocate u after v.
    if (u !== v && u !== y) {
      const cost = d[pu * m + x]! - dPuU - dUX + d[v * m + u]! + d[u * m + y]! - dVY;
      if (better(cost, inter, loadU - qU, loadV + qU, penU, penV, cap, penalty, slack) && (!tw || this.twImproves(1, cost, loadU - qU, loadV + qU, v, rv, y, pv))) return this.apply(1, v, rv, y, pv, posV);
    }
    if (x !== 0 && u !== y && v !== x && u !== v) {
      const dXXn = d[x * m + xn]!;
      const dPuXn = d[pu * m + xn]!;
      // 2: relocate (u, x) after v.
      const cost2 = dPuXn - dPuU - dXXn + d[v * m + u]! + d[x * m + y]! - dVY;
      if (better(cost2, inter, loadU - (qU + qX), loadV + (qU + qX), penU, penV, cap, penalty, slack) && (!tw || this.twImproves(2, cost2, loadU - (qU + qX), loadV + (qU + qX), v, rv, y, pv))) return this.apply(2, v, rv, y, pv, posV);
      // 3: relocate (x, u) after v.
      const cost3 = dPuXn - dPuU - dUX - dXXn + d[v * m + x]! + d[x * m + u]! + d[u * m + y]! - dVY;
      if (better(cost3, inter, loadU - (qU + qX), loadV + (qU + qX), penU, penV, cap, penalty, slack) && (!tw || this.twImproves(3, cost3, loadU - (qU + qX), loadV + (qU + qX), v, rv, y, pv))) return this.apply(3, v, rv, y, pv, posV);
    }
    if (set === ALL_MOVES) {
      const qV = this.demand[v]!;
      const dPvV = d[pv * m + v]!;
      // 4: swap u and v.
      if (u <= v && u !== pv && u !== y && u !== v) {
        const cost = d[pu * m + v]! + d[v * m + x]! - dPuU - dUX + d[pv * m + u]! + d[u * m + y]! - dPvV - dVY;
        if (better(cost, inter, loadU + (qV - qU), loadV - (qV - qU), penU, penV, cap, penalty, slack) && (!tw || this.twImproves(4, cost, loadU + (qV - qU), loadV - (qV - qU), v, rv, y, pv))) return this.apply(4, v, rv, y, pv, posV);
      }
      // 5: swap (u, x) with v.
      if (x !== 0 && u !== pv && x !== pv && u !== y && x !== v && u !== v) {
        const cost = d[pu * m + v]! + d[v * m + xn]! - dPuU - d[x * m + xn]! + d[pv * m + u]! + d[x * m + y]! - dPvV - dVY;
        if (better(cost, inter, loadU + (qV - qU - qX), loadV - (qV - qU - qX), penU, penV, cap, penalty, slack) && (!tw || this.twImproves(5, cost, loadU + (qV - qU - qX), loadV - (qV - qU - qX), v, rv, y, pv))) return this.apply(5, v, rv, y, pv, posV);
      }
      // 6: swap (u, x) with (v, y).
      if (u <= v && x !== 0 && y !== 0 && y !== pu && u !== y && x !== v && v !== xn && u !== v) {
        const yn = this.nextOf[y]!;
        const cost = d[pu * m + v]! + d[y * m + xn]! - dPuU - d[x * m + xn]! + d[pv * m + u]! + d[x * m + yn]! - dPvV - d[y * m + yn]!;
        const dU = qV + this.demand[y]! - qU - qX;
        if (better(cost, inter, loadU + dU, loadV - dU, penU, penV, cap, penalty, slack) && (!tw || this.twImproves(6, cost, loadU + dU, loadV - dU, v, rv, y, pv))) return this.apply(6, v, rv, y, pv, posV);
      }
      // 7: 2-opt inside the route, reversing x … v (u before v).
      if (!inter) {
        if (this.posU <= posV && x !== v) {
          const cost = d[u * m + v]! + d[x * m + y]! - dUX - dVY;
          if (cost < slack - EPS && (!tw || this.twImproves(7, cost, loadU, loadU, v, rv, y, pv))) return this.apply(7, v, rv, y, pv, posV);
        }
        return false;
      }
    }
    if (set !== INTO_EMPTY && inter) {
      // 8: 2-opt* u → v, both heads reversed into place.
      const cost = d[u * m + v]! + d[x * m + y]! - dUX - dVY - penU - penV;
      if (cost < 0) {
        const cu = this.cumLoad[u]!;
        const cv = v === 0 ? 0 : this.cumLoad[v]!;
        const l1 = cu + cv;
        const l2 = loadU + loadV - cu - cv;
        if (cost + (l1 > cap ? (l1 - cap) * penalty : 0) + (l2 > cap ? (l2 - cap) * penalty : 0) < -EPS && (!tw || this.twImproves(8, cost + penU + penV, l1, l2, v, rv, y, pv)))
          return this.apply(8, v, rv, y, pv, posV);
      }
    }
    if (inter) {
      // 9: 2-opt* u → y, v → x: the routes exchange their tails.
      const cost = d[u * m + y]! + d[v * m + x]! - dUX - dVY - penU - penV;
      if (cost < 0) {
        const cu = this.cumLoad[u]!;
        const cv = v === 0 ? 0 : this.cumLoad[v]!;
        const l1 = cu + loadV - cv;
        const l2 = cv + loadU - cu;
        if (cost + (l1 > cap ? (l1 - cap) * penalty : 0) + (l2 > cap ? (l2 - cap) * penalty : 0) < -EPS && (!tw || this.twImproves(9, cost + penU + penV, l1, l2, v, rv, y, pv)))
          return this.apply(9, v, rv, y, pv, posV);
      }
    }
    return false;
  }

  /**
   * With time windows, whether move `kind` of tryMoves (cost change `cost`, new loads lu and lv)
   * improves the penalised cost once the routes' new time warp is priced. Between routes the new
   * routes are concatenations of cached prefixes, single customers and cached suffixes (O(1));
   * 2-opt* with reversed heads and moves inside a route are simulated (O(route length)).
   */
  private twImproves(kind: number, cost: number, lu: number, lv: number, v: number, rv: number, y: number, pv: number): boolean {
    const ru = this.ru;
    const wp = this.warpPenalty;
    if (ru === rv) return cost + wp * this.intraWarp(kind, v, y) - this.twPart[ru]! < -EPS;
    const { u, x, pu, xn } = this;
    // Without route U's new warp (≥ 0): a bound checked before it is computed.
    const rest = cost + this.pe(lu) - this.pen[ru]! + this.pe(lv) - this.pen[rv]!;
    let wu: number;
    let wv: number;
    switch (kind) {
      case 1:
        this.prefix(v);
        this.addNode(u);
        wv = this.closeWith(y);
        if (rest + wp * wv >= -EPS) return false;
        wu = this.joinWarp(pu, x);
        break;
      case 2:
      case 3:
        this.prefix(v);
        this.addNode(kind === 2 ? u : x);
        this.addNode(kind === 2 ? x : u);
        wv = this.closeWith(y);
        if (rest + wp * wv >= -EPS) return false;
        wu = this.joinWarp(pu, xn);
        break;
      case 4:
        this.prefix(pu);
        this.addNode(v);
        wu = this.closeWith(x);
        this.prefix(pv);
        this.addNode(u);
        wv = this.closeWith(y);
        break;
      case 5:
        this.prefix(pu);
        this.addNode(v);
        wu = this.closeWith(xn);
        this.prefix(pv);
        this.addNode(u);
        this.addNode(x);
        wv = this.closeWith(y);
        break;
      case 6:
        this.prefix(pu);
        this.addNode(v);
        this.addNode(y);
        wu = this.closeWith(xn);
        this.prefix(pv);
        this.addNode(u);
        this.addNode(x);
        wv = this.closeWith(this.nextOf[y]!);
        break;
      case 8: {
        // U: its head, then V's head reversed; V: U's tail reversed, then V's tail.
        const t = this.scratch;
        t.length = 0;
        for (const c of this.seq[ru]!) {
          t.push(c);
          if (c === u) break;
        }
        for (let c = v; c !== 0; c = this.prevOf[c]!) t.push(c);
        wu = routeWarp(this.cvrp, t, 0, t.length);
        t.length = 0;
        const a = this.seq[ru]!;
        for (let i = a.length - 1; i >= this.posU; i--) t.push(a[i]!);
        for (let c = y; c !== 0; c = this.nextOf[c]!) t.push(c);
        wv = routeWarp(this.cvrp, t, 0, t.length);
        break;
      }
      default:
        wu = this.joinWarp(u, y);
        wv = this.joinWarp(v, x);
    }
    return rest + wp * wu + wp * wv < -EPS;
  }

  /** Time warp of route ru after move `kind` of tryMoves inside it, by simulation. */
  private intraWarp(kind: number, v: number, y: number): number {
    const { u, x } = this;
    const s = this.seq[this.ru]!;
    const t = this.scratch;
    t.length = 0;
    if (kind <= 3) {
      // u (kind 1), u x (2) or x u (3) moved after v.
      const first = kind === 3 ? x : u;
      const second = kind === 1 ? -1 : kind === 2 ? x : u;
      if (v === 0) this.pushPair(first, second);
      for (const c of s) {
        if (c === u || (kind > 1 && c === x)) continue;
        t.push(c);
        if (c === v) this.pushPair(first, second);
      }
    } else if (kind <= 6) {
      // u (and x from kind 5) swapped with v (and y in kind 6).
      const la = kind === 4 ? 1 : 2;
      const lb = kind === 6 ? 2 : 1;
      for (let i = 0; i < s.length; i++) {
        const c = s[i]!;
        if (c === u) {
          this.pushPair(v, lb === 2 ? y : -1);
          i += la - 1;
        } else if (c === v) {
          this.pushPair(u, la === 2 ? x : -1);
          i += lb - 1;
        } else t.push(c);
      }
    } else {
      // 7: x … v reversed.
      for (let i = 0; i < s.length; i++) t.push(s[i]!);
      let i = this.posU;
      let j = this.posOf[v]! - 1;
      while (i < j) {
        const c = t[i]!;
        t[i++] = t[j]!;
        t[j--] = c;
      }
    }
    return routeWarp(this.cvrp, t, 0, t.length);
  }

  private pushPair(a: number, b: number): void {
    this.scratch.push(a);
    if (b >= 0) this.scratch.push(b);
  }

  /** Starts the segment as the cached prefix of the route up to node c (0: the depot). */
  private prefix(c: number): void {
    this.sD = this.fD[c]!;
    this.sTW = this.fTW[c]!;
    this.sE = this.fE[c]!;
    this.sL = this.fL[c]!;
    this.sLast = c;
  }

  /** Appends customer c to the segment. */
  private addNode(c: number): void {
    const tw = this.cvrp.tw!;
    this.concat(c, tw.service[c]!, 0, tw.early[c]!, tw.late[c]!);
    this.sLast = c;
  }

  /** Appends the cached suffix from node c (0: the depot) and returns the whole route's time warp. */
  private closeWith(c: number): number {
    this.concat(c, this.bD[c]!, this.bTW[c]!, this.bE[c]!, this.bL[c]!);
    return this.sTW;
  }

  /** Time warp of prefix(a) + suffix(b). */
  private joinWarp(a: number, b: number): number {
    this.prefix(a);
    return this.closeWith(b);
  }

  /** Vidal et al. (2013): the segment, then the travel to `first`, then segment (D2, TW2, E2, L2) starting at `first`. */
  private concat(first: number, D2: number, TW2: number, E2: number, L2: number): void {
    const travel = this.d[this.sLast * this.m + first]!;
    const delta = this.sD - this.sTW + travel;
    const wait = Math.max(E2 - delta - this.sL, 0);
    const warp = Math.max(this.sE + delta - L2, 0);
    this.sD += D2 + travel + wait;
    this.sTW += TW2 + warp;
    this.sE = Math.max(E2 - delta, this.sE) - wait;
    this.sL = Math.min(L2 - delta, this.sL) + warp;
  }

  /** Applies move `kind` of tryMoves (its V locals passed in). */
  private apply(kind: number, v: number, rv: number, y: number, pv: number, posV: number): boolean {
    this.v = v;
    this.rv = rv;
    this.y = y;
    this.pv = pv;
    this.posV = posV;
    const { u, x, ru, posU } = this;
    switch (kind) {
      case 1:
        this.relocate(posU, [u]);
        break;
      case 2:
        this.relocate(posU, [u, x]);
        break;
      case 3:
        this.relocate(posU, [x, u]);
        break;
      case 4:
        this.swap(1, 1);
        break;
      case 5:
        this.swap(2, 1);
        break;
      case 6:
        this.swap(2, 2);
        break;
      case 7: {
        const s = this.seq[ru]!;
        let i = posU;
        let j = posV - 1;
        while (i < j) {
          const t = s[i]!;
          s[i++] = s[j]!;
          s[j--] = t;
        }
        this.changed(ru, -1);
        break;
      }
      case 8: {
        const a = this.seq[ru]!;
        const b = this.seq[rv]!;
        const headU = a.slice(0, posU);
        const tailU = a.slice(posU).reverse();
        const headV = b.slice(0, posV).reverse();
        const tailV = b.slice(posV);
        this.seq[ru] = headU.concat(headV);
        this.seq[rv] = tailU.concat(tailV);
        this.changed(ru, rv);
        break;
      }
      default: {
        const a = this.seq[ru]!;
        const b = this.seq[rv]!;
        this.seq[ru] = a.slice(0, posU).concat(b.slice(posV));
        this.seq[rv] = b.slice(0, posV).concat(a.slice(posU));
        this.changed(ru, rv);
      }
    }
    return true;
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

  /** SWAP* between routes ru and rv (the shared implementation, search/swap-star.ts) on penalised loads. */
  private swapStar(ru: number, rv: number): boolean {
    const A = this.viewA;
    const B = this.viewB;
    A.slot = ru;
    A.version = this.lastMod[ru]!;
    A.ids = this.seq[ru]!;
    B.slot = rv;
    B.version = this.lastMod[rv]!;
    B.ids = this.seq[rv]!;
    this.ssLoadU = this.load[ru]!;
    this.ssLoadV = this.load[rv]!;
    this.ssPenU = this.pen[ru]!;
    this.ssPenV = this.pen[rv]!;
    const ss = this.swapStarSearch;
    if (!ss.best(A, B, this.swapPenalty, -EPS)) return false;
    this.seq[ru] = ss.newA(A);
    this.seq[rv] = ss.newB(B);
    this.changed(ru, rv);
    return true;
  }

  /** Penalty change when u leaves route A for B and v leaves B for A (-1: none), for SWAP*. */
  private readonly swapPenalty = (u: number, v: number): number => {
    const qu = u >= 0 ? this.demand[u]! : 0;
    const qv = v >= 0 ? this.demand[v]! : 0;
    return this.pe(this.ssLoadU + qv - qu) - this.ssPenU + this.pe(this.ssLoadV + qu - qv) - this.ssPenV;
  };

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

  private pe(load: number): number {
    return load > this.capacity ? (load - this.capacity) * this.penalty : 0;
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
    this.pen[r] = this.tw ? this.pe(load) + this.refreshWindows(r) : this.pe(load);
  }

  /** Route r's prefix and suffix segments; returns what its time warp costs (part of pen[r]). */
  private refreshWindows(r: number): number {
    const s = this.seq[r]!;
    const tw = this.cvrp.tw!;
    this.prefix(0);
    for (const c of s) {
      this.addNode(c);
      this.fD[c] = this.sD;
      this.fTW[c] = this.sTW;
      this.fE[c] = this.sE;
      this.fL[c] = this.sL;
    }
    const warp = this.closeWith(0);
    // Suffixes, from the last customer back: customer c, then the suffix after it.
    let next = 0;
    for (let i = s.length - 1; i >= 0; i--) {
      const c = s[i]!;
      this.sD = tw.service[c]!;
      this.sTW = 0;
      this.sE = tw.early[c]!;
      this.sL = tw.late[c]!;
      this.sLast = c;
      this.closeWith(next);
      this.bD[c] = this.sD;
      this.bTW[c] = this.sTW;
      this.bE[c] = this.sE;
      this.bL[c] = this.sL;
      next = c;
    }
    this.twPart[r] = this.warpPenalty * warp;
    return this.warpPenalty * warp;
  }
}
