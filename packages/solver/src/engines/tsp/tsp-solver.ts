import type { Instance } from "../../model/instance";
import { KIND_JOB } from "../../model/instance";
import type { ProgressEvent } from "../../model/types";
import type { Stopping } from "../../search/stopping";
import type { Rng } from "../../util/rng";
import { AtspSearch } from "./atsp-solver";
import { ArrayTour } from "./array-tour";
import { iteratedLocalSearch } from "./iterated-local-search";

/** Node limit of the dedicated TSP path: its own n × n matrix is 8n² bytes (200 MB at 5,000 stops). */
const MAX_NODES = 6000;
const NEIGHBOURS = 10;
/** The symmetric kick is the double bridge: three segments reordered. */
const KICK_SEGMENTS = 3;

/**
 * True when the problem is a single-vehicle TSP without any side constraint, which the
 * dedicated iterated local searches handle much faster (symmetric: 2-opt, Or-opt and or-3opt;
 * asymmetric: orientation-preserving Or-opt and or-3opt, see atsp-solver.ts).
 */
export function isPlainTsp(inst: Instance): boolean {
  if (inst.nVehicles !== 1 || inst.hasShipments || inst.vHasBreaks[0] || !inst.allCompatible) return false;
  if (inst.nTasks < 5 || inst.nTasks + 2 > MAX_NODES) return false;
  if (inst.vTwEnd[0] !== Infinity || inst.vMaxTravel[0] !== Infinity || inst.vMaxDist[0] !== Infinity) return false;
  if (inst.vMaxStops[0]! < inst.nTasks) return false;
  for (let t = 0; t < inst.nTasks; t++) {
    if (inst.taskKind[t] !== KIND_JOB) return false;
    if (inst.twOffset[t + 1]! - inst.twOffset[t]! !== 1) return false;
    if (inst.twStart[inst.twOffset[t]!]! > inst.vTwStart[0]! || inst.twEnd[inst.twOffset[t]!] !== Infinity) return false;
  }
  for (let d = 0; d < inst.dims; d++) {
    if (inst.vCapacity[d] === Infinity) continue;
    for (let t = 0; t < inst.nTasks; t++) {
      if (inst.taskDelivery[t * inst.dims + d] !== 0 || inst.taskPickup[t * inst.dims + d] !== 0) return false;
    }
  }
  const locs = tspLocations(inst);
  const cost = inst.cost[inst.vClass[0]!]!;
  const s = inst.stride;
  for (let i = 0; i < locs.length; i++) {
    for (let j = 0; j < locs.length; j++) if (!Number.isFinite(cost[locs[i]! * s + locs[j]!]!)) return false;
  }
  return true;
}

function isSymmetric(D: Float64Array, n: number): boolean {
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const a = D[i * n + j]!;
      if (Math.abs(a - D[j * n + i]!) > 1e-9 * Math.max(1, Math.abs(a))) return false;
    }
  }
  return true;
}

/** Node locations: node 0 = start, 1..T = tasks, T+1 = end (only when end differs from start). */
function tspLocations(inst: Instance): number[] {
  const locs = [inst.vStart[0]!];
  for (let t = 0; t < inst.nTasks; t++) locs.push(inst.taskLoc[t]!);
  if (inst.vEnd[0] !== inst.vStart[0]) locs.push(inst.vEnd[0]!);
  return locs;
}

/**
 * Solves a plain TSP (see isPlainTsp) with the iterated local search of iterated-local-search.ts,
 * on a symmetric matrix with TspSearch (greedy-edge start, 2-opt + Or-opt + or-3opt, double-bridge
 * kicks), else with AtspSearch (orientation-preserving moves, see atsp-solver.ts). Both use
 * alpha-nearness candidate lists and a work queue (don't-look bits). An open or fixed end is a
 * fixed edge end→start that no move may remove.
 */
export function solvePlainTsp(
  inst: Instance,
  rng: Rng,
  stop: Stopping,
  onProgress?: (e: ProgressEvent) => void,
): { tasks: number[]; iterations: number } {
  const locs = tspLocations(inst);
  const n = locs.length;
  const fixedEnd = n === inst.nTasks + 2 ? n - 1 : -1;
  const cost = inst.cost[inst.vClass[0]!]!;
  const s = inst.stride;
  // D[i * n + j]: cost between nodes i and j.
  const D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) D[i * n + j] = cost[locs[i]! * s + locs[j]!]!;
  const k = Math.min(NEIGHBOURS, n - 1);
  const search = isSymmetric(D, n) ? new TspSearch(n, D, fixedEnd, k, rng) : new AtspSearch(n, D, fixedEnd, k, rng);
  const iterations = iteratedLocalSearch(
    search,
    stop,
    onProgress && ((bestCost, iteration) => onProgress({ iteration, elapsedMs: stop.elapsedMs(), bestCost, unassigned: 0 })),
  );
  return { tasks: readTour(search.tour, n, fixedEnd), iterations };
}

/**
 * Reads the cyclic tour from node 0 in the direction that does not start with the fixed end
 * (an asymmetric tour, which has the arc fixedEnd → 0, is read forward), without the fixed end.
 */
function readTour(tour: Int32Array, n: number, fixedEnd: number): number[] {
  const p0 = tour.indexOf(0);
  let dir = 1;
  if (fixedEnd >= 0 && tour[(p0 + 1) % n] === fixedEnd) dir = -1;
  const out: number[] = [];
  for (let k = 1; k < n; k++) {
    const node = tour[(((p0 + dir * k) % n) + n) % n]!;
    if (node !== fixedEnd) out.push(node - 1);
  }
  return out;
}

/**
 * The symmetric TSP search that iterated-local-search.ts drives: greedy-edge start, 2-opt, Or-opt
 * and or-3opt moves, double-bridge kicks. Array tour: tour[position], pos[node].
 */
export class TspSearch extends ArrayTour {
  constructor(n: number, D: Float64Array, fixedEnd: number, k: number, rng: Rng) {
    super(n, D, fixedEnd, k, rng, true, KICK_SEGMENTS);
  }

  initialTour(): void {
    this.greedyTour();
  }

  /**
   * Greedy-edge start: candidate edges (neighbour lists) by increasing length, added when both
   * ends have degree < 2 and no cycle closes; the fragments are then chained nearest-endpoint first.
   * Its tours are ~15 % shorter than nearest neighbour's and have fewer long edges, so the first
   * local search needs far fewer (and shorter) reversals on large instances.
   */
  greedyTour(): void {
    const n = this.n;
    const k = this.k;
    const m = n * k;
    const ea = new Int32Array(m);
    const eb = new Int32Array(m);
    const len = new Float64Array(m);
    for (let i = 0; i < n; i++) {
      for (let q = 0; q < k; q++) {
        const e = i * k + q;
        ea[e] = i;
        eb[e] = this.nb[e]!;
        len[e] = this.d(i, this.nb[e]!);
      }
    }
    const order = new Int32Array(m);
    for (let e = 0; e < m; e++) order[e] = e;
    order.sort((x, y) => len[x]! - len[y]! || x - y);
    const deg = new Uint8Array(n);
    const adj = new Int32Array(2 * n).fill(-1);
    const parent = new Int32Array(n);
    for (let i = 0; i < n; i++) parent[i] = i;
    const find = (x: number): number => {
      while (parent[x] !== x) {
        parent[x] = parent[parent[x]!]!;
        x = parent[x]!;
      }
      return x;
    };
    const link = (a: number, b: number): void => {
      adj[2 * a + deg[a]!] = b;
      deg[a]!++;
      adj[2 * b + deg[b]!] = a;
      deg[b]!++;
      parent[find(a)] = find(b);
    };
    if (this.fixedEnd >= 0) link(0, this.fixedEnd);
    let edges = this.fixedEnd >= 0 ? 1 : 0;
    for (let r = 0; r < m && edges < n - 1; r++) {
      const e = order[r]!;
      const a = ea[e]!;
      const b = eb[e]!;
      if (deg[a]! >= 2 || deg[b]! >= 2 || find(a) === find(b)) continue;
      link(a, b);
      edges++;
    }
    // Chain the fragments: from the current chain's tail to the nearest free endpoint.
    const visited = new Uint8Array(n);
    // taken[node]: 1 when it is no free endpoint (inside a fragment, or already chained).
    const taken = new Uint8Array(n);
    for (let i = 0; i < n; i++) taken[i] = deg[i]! >= 2 ? 1 : 0;
    /** Marks f's fragment, returns its other end. */
    const walk = (f: number): number => {
      let prev = -1;
      let cur = f;
      for (;;) {
        visited[cur] = 1;
        taken[cur] = 1;
        const a0 = adj[2 * cur]!;
        const a1 = adj[2 * cur + 1]!;
        const nx = a0 !== prev && a0 >= 0 ? a0 : a1 !== prev && a1 >= 0 ? a1 : -1;
        if (nx < 0 || visited[nx]) return cur;
        prev = cur;
        cur = nx;
      }
    };
    let start = 0;
    while (deg[start]! === 2) start++;
    let tail = walk(start);
    for (;;) {
      const best = this.nearestFree(tail, taken);
      if (best < 0) break;
      link(tail, best);
      tail = walk(best);
    }
    link(tail, start);
    // Read the cycle from node 0.
    const tourOrder = new Int32Array(n);
    let last = -1;
    let cur = 0;
    for (let i = 0; i < n; i++) {
      tourOrder[i] = cur;
      const nx = adj[2 * cur] !== last ? adj[2 * cur]! : adj[2 * cur + 1]!;
      last = cur;
      cur = nx;
    }
    this.setTour(tourOrder);
  }

  optimiseQueue(): void {
    while (this.work.size > 0) {
      const a = this.work.pop();
      if (this.improveTwoOpt(a) || this.improveOrOpt(a) || this.improveOr3Opt(a)) this.work.push(a);
    }
  }

  /** Reverses the tour path going forward from node x to node y (or its complement, whichever is shorter). */
  private reversePath(x: number, y: number): void {
    const n = this.n;
    let i = this.pos[x]!;
    const j = this.pos[y]!;
    let len = j - i;
    if (len < 0) len += n;
    len += 1;
    if (len * 2 > n) {
      i = j + 1 === n ? 0 : j + 1;
      len = n - len;
    }
    this.reverseRange(i, len);
  }

  /** Replaces parallel edges (a,b),(c,d) by (a,c),(b,d). */
  private move2(a: number, b: number, c: number, d: number): void {
    if (this.succ(a) === b) this.reversePath(b, c);
    else this.reversePath(c, b);
    void d;
  }

  private improveTwoOpt(t1: number): boolean {
    for (let dir = 0; dir < 2; dir++) {
      const t2 = dir === 0 ? this.succ(t1) : this.pred(t1);
      if (this.fixed(t1, t2)) continue;
      const g1 = this.d(t1, t2);
      for (let q = 0; q < this.k; q++) {
        const t3 = this.nb[t2 * this.k + q]!;
        const d23 = this.d(t2, t3);
        if (d23 >= g1 - this.eps) break;
        const t4 = dir === 0 ? this.pred(t3) : this.succ(t3);
        if (t3 === t1 || t4 === t2 || this.fixed(t3, t4)) continue;
        const gain = g1 + this.d(t3, t4) - d23 - this.d(t1, t4);
        if (gain > this.eps) {
          this.move2(t1, t2, t4, t3);
          return this.improved(gain, t1, t2, t3, t4);
        }
      }
    }
    return false;
  }

  /** True when node x lies on the path from a to b walking in direction dir (0 = succ, 1 = pred). */
  private between(dir: number, a: number, x: number, b: number): boolean {
    const n = this.n;
    let ox = this.pos[x]! - this.pos[a]!;
    let ob = this.pos[b]! - this.pos[a]!;
    if (dir === 1) {
      ox = -ox;
      ob = -ob;
    }
    if (ox < 0) ox += n;
    if (ob < 0) ob += n;
    return ox <= ob;
  }

  /**
   * or-3opt: a sequential 3-opt move found as two chained 2-opt steps (Lin–Kernighan depth 2),
   * the first of which need not improve on its own. Walking in direction dir from t1: remove
   * (t1,t2), (t4,t3) and add (t2,t3) as in 2-opt; then, instead of closing with (t1,t4), add
   * (t4,t5), remove (t6,t5) and close with (t6,t1). Gains are checked without touching the tour;
   * the move is applied as two reversals.
   */
  private improveOr3Opt(t1: number): boolean {
    const k = this.k;
    const eps = this.eps;
    for (let dir = 0; dir < 2; dir++) {
      const t2 = dir === 0 ? this.succ(t1) : this.pred(t1);
      if (this.fixed(t1, t2)) continue;
      const d12 = this.d(t1, t2);
      for (let q = 0; q < k; q++) {
        const t3 = this.nb[t2 * k + q]!;
        const g1 = d12 - this.d(t2, t3);
        if (g1 <= eps) break;
        const t4 = dir === 0 ? this.pred(t3) : this.succ(t3);
        if (t3 === t1 || t4 === t2 || this.fixed(t3, t4)) continue;
        // After the first step the tour (direction dir) is t1 t4 … t2 t3 …: the path t2…t4 reversed.
        const g1b = g1 + this.d(t3, t4);
        for (let r = 0; r < k; r++) {
          const t5 = this.nb[t4 * k + r]!;
          const g2 = g1b - this.d(t4, t5);
          if (g2 <= eps) break;
          if (t5 === t1 || t5 === t3) continue;
          // t6 is t5's predecessor in the new tour: its old successor inside the reversed path.
          const inPath = this.between(dir, t2, t5, t4);
          const t6 = inPath === (dir === 0) ? this.succ(t5) : this.pred(t5);
          if (t6 === t4 || t6 === t1 || this.fixed(t5, t6)) continue;
          const gain = g2 + this.d(t5, t6) - this.d(t6, t1);
          if (gain > eps) {
            this.move2(t1, t2, t4, t3); // → (t1,t4), (t2,t3)
            this.move2(t1, t4, t6, t5); // → (t1,t6), (t4,t5)
            return this.improved(gain, t1, t2, t3, t4, t5, t6);
          }
        }
      }
    }
    return false;
  }

  /** Successor of x walking in direction dir (1 = forward, -1 = backward). */
  private nextD(dir: number, x: number): number {
    return dir === 1 ? this.succ(x) : this.pred(x);
  }

  // No closures in the move evaluations: they run millions of times per second, and creating a
  // function object per call (plus esbuild's keep-names wrapper under tsx) dominated the profile.
  private improveOrOpt(s1: number): boolean {
    const n = this.n;
    const pos = this.pos;
    for (let dirIdx = 0; dirIdx < 2; dirIdx++) {
      const dir = dirIdx === 0 ? 1 : -1;
      const p = this.nextD(-dir, s1);
      if (this.fixed(p, s1)) continue;
      let s2 = s1;
      for (let L = 1; L <= 3 && L < n - 3; L++) {
        if (L > 1) {
          const nx0 = this.nextD(dir, s2);
          if (this.fixed(s2, nx0)) break;
          s2 = nx0;
        }
        const nx = this.nextD(dir, s2);
        if (nx === p || this.fixed(s2, nx)) continue;
        const removeGain = this.d(p, s1) + this.d(s2, nx) - this.d(p, nx);
        if (removeGain <= this.eps) continue;
        const posNx = pos[nx]!;
        const limit = n - L - 2;
        for (let q = 0; q < this.k; q++) {
          const c = this.nb[s1 * this.k + q]!;
          const dc = this.d(c, s1);
          if (dc >= removeGain - this.eps) break;
          // Offsets from nx walking in direction dir.
          let oc = (pos[c]! - posNx) * dir;
          if (oc < 0) oc += n;
          if (oc > limit) continue;
          for (let side = 0; side < 2; side++) {
            const e = this.nextD(side === 0 ? dir : -dir, c);
            let oe = (pos[e]! - posNx) * dir;
            if (oe < 0) oe += n;
            if (oe > limit || this.fixed(c, e)) continue;
            // x is met first walking from nx in direction dir.
            const cIsX = oc < oe;
            const x = cIsX ? c : e;
            const y = cIsX ? e : c;
            // s1 next to c: if c is x then edges (x,s1),(s2,y) else (x,s2),(s1,y).
            const added = cIsX ? dc + this.d(s2, y) : this.d(x, s2) + dc;
            const gain = removeGain + this.d(x, y) - added;
            if (gain > this.eps) {
              this.applyOrOpt(p, s1, s2, nx, x, y, cIsX);
              return this.improved(gain, p, nx, s1, s2, x, y);
            }
          }
        }
      }
    }
    return false;
  }

  /** Moves path s1..s2 (between p and nx) between x and y; s1 next to x when `s1First`. */
  private applyOrOpt(p: number, s1: number, s2: number, nx: number, x: number, y: number, s1First: boolean): void {
    this.move2(p, s1, x, y); // → (p,x), (s1,y)
    if (x !== nx) this.move2(p, x, nx, s2); // → (p,nx), (x,s2)
    if (s1First) this.move2(x, s2, s1, y); // → (x,s1), (s2,y)
  }
}
