import type { Rng } from "../../util/rng";
import { ArrayTour } from "./array-tour";

/** Longest path (nodes) that improveReversal turns round. */
const MAX_REVERSAL = 50;
/** The asymmetric kick reorders two segments: a | B | C | d → a C B d. */
const KICK_SEGMENTS = 2;

/**
 * The asymmetric TSP search that iterated-local-search.ts drives. Its main moves preserve the
 * tour's orientation, so arc costs never have to be re-read along a reversed path: Or-opt (1–3
 * nodes moved next to a neighbour, in either orientation) and or-3opt, the reversal-free
 * sequential 3-opt move that exchanges two adjacent segments ("a'b'c'"); plus 2-opt on paths of
 * up to 50 nodes, costed by walking them. Candidates are alpha-nearest on min(d(i,j), d(j,i)).
 * Nearest-neighbour start; kicks swap two short adjacent segments (orientation preserved).
 * Node 0 is the start; when `fixedEnd` >= 0 the arc fixedEnd → 0 is never removed.
 * Array tour: tour[position], pos[node].
 */
export class AtspSearch extends ArrayTour {
  private readonly tmp: Int32Array;

  constructor(n: number, D: Float64Array, fixedEnd: number, k: number, rng: Rng) {
    super(n, D, fixedEnd, k, rng, false, KICK_SEGMENTS);
    this.tmp = new Int32Array(n);
  }

  initialTour(): void {
    this.nearestNeighbourTour();
  }

  /** Steps from a forward to x. */
  private off(a: number, x: number): number {
    const o = this.pos[x]! - this.pos[a]!;
    return o < 0 ? o + this.n : o;
  }

  optimiseQueue(): void {
    while (this.work.size > 0) {
      const a = this.work.pop();
      if (this.improveOrOpt(a) || this.improveOr3Opt(a) || this.improveReversal(a)) this.work.push(a);
    }
  }

  /**
   * Exchanges the adjacent segments at positions [i, i+l1) and [i+l1, i+l1+l2) (cyclic): B C A → C B A.
   * Cyclically that equals B A C and A C B, so the two shortest of the three segments are the ones moved.
   */
  exchange(i: number, l1: number, l2: number): void {
    const n = this.n;
    const lA = n - l1 - l2;
    if (l1 + l2 <= l2 + lA && l1 + l2 <= lA + l1) this.rawExchange(i, l1, l2);
    else if (l2 + lA <= lA + l1) this.rawExchange((i + l1) % n, l2, lA);
    else this.rawExchange((i + l1 + l2) % n, lA, l1);
  }

  /** Undoes a logged segment exchange (kind 0). */
  protected override undoMove(_kind: number, i: number, l1: number, l2: number): void {
    this.rawExchange(i, l2, l1);
  }

  private rawExchange(i: number, l1: number, l2: number): void {
    this.record(0, i, l1, l2);
    const n = this.n;
    const tour = this.tour;
    const tmp = this.tmp;
    const total = l1 + l2;
    for (let m = 0, p = i; m < total; m++, p = p + 1 === n ? 0 : p + 1) tmp[m] = tour[p]!;
    let p = i;
    for (let m = l1; m < total; m++, p = p + 1 === n ? 0 : p + 1) {
      tour[p] = tmp[m]!;
      this.pos[tmp[m]!] = p;
    }
    for (let m = 0; m < l1; m++, p = p + 1 === n ? 0 : p + 1) {
      tour[p] = tmp[m]!;
      this.pos[tmp[m]!] = p;
    }
  }

  /** Or-opt: moves the segment starting at s1 (1–3 nodes, forward) between a neighbour and its successor or predecessor. */
  private improveOrOpt(s1: number): boolean {
    const n = this.n;
    const k = this.k;
    const eps = this.eps;
    const p = this.pred(s1);
    if (this.fixed(p, s1)) return false;
    let s2 = s1;
    let inner = 0; // internal arc cost forward
    let innerRev = 0; // internal arc cost reversed
    for (let L = 1; L <= 3 && L < n - 2; L++) {
      if (L > 1) {
        const nx0 = this.succ(s2);
        if (this.fixed(s2, nx0) || nx0 === p) break;
        inner += this.d(s2, nx0);
        innerRev += this.d(nx0, s2);
        s2 = nx0;
      }
      const nx = this.succ(s2);
      if (nx === p || this.fixed(s2, nx)) continue;
      const removeGain = this.d(p, s1) + this.d(s2, nx) - this.d(p, nx);
      if (removeGain <= eps) continue;
      for (let q = 0; q < k; q++) {
        const c = this.nb[s1 * k + q]!;
        // Insert between c and succ(c), or between pred(c) and c.
        for (let side = 0; side < 2; side++) {
          const a = side === 0 ? c : this.pred(c);
          const b = this.succ(a);
          if (a === p || this.fixed(a, b) || this.off(s1, a) < L || this.off(s1, b) < L) continue;
          // Forward: a → s1 … s2 → b ; reversed: a → s2 … s1 → b.
          const fwd = this.d(a, s1) + this.d(s2, b);
          const rev = this.d(a, s2) + this.d(s1, b) + innerRev - inner;
          const addFwd = fwd <= rev;
          const gain = removeGain + this.d(a, b) - (addFwd ? fwd : rev);
          if (gain > eps) {
            // p S nx … a b → p nx … a S b: exchange S with the path nx … a.
            this.exchange(this.pos[s1]!, L, this.off(nx, a) + 1);
            if (!addFwd) this.reverseRange(this.pos[s1]!, L);
            return this.improved(gain, p, nx, a, b, s1, s2);
          }
        }
      }
    }
    return false;
  }

  /**
   * or-3opt, the reversal-free sequential 3-opt move: t1 → t2 … t3 → t4 … t5 → t6 … becomes
   * t1 → t4 … t5 → t2 … t3 → t6 …, i.e. the segments t2…t3 and t4…t5 swap places. t4 comes from
   * t1's neighbours and t5 from t2's, each step with positive partial gain.
   */
  private improveOr3Opt(t1: number): boolean {
    const n = this.n;
    const k = this.k;
    const eps = this.eps;
    const t2 = this.succ(t1);
    if (this.fixed(t1, t2)) return false;
    const d12 = this.d(t1, t2);
    for (let q = 0; q < k; q++) {
      const t4 = this.nb[t1 * k + q]!;
      const g1 = d12 - this.d(t1, t4);
      if (g1 <= eps || t4 === t2) continue;
      const t3 = this.pred(t4);
      if (this.fixed(t3, t4)) continue;
      const o4 = this.off(t2, t4);
      const g1b = g1 + this.d(t3, t4);
      for (let r = 0; r < k; r++) {
        const t5 = this.nb[t2 * k + r]!;
        const g2 = g1b - this.d(t5, t2);
        if (g2 <= eps) continue;
        const o5 = this.off(t2, t5);
        if (o5 < o4 || o5 >= n - 1) continue; // t5 must lie on t4 … pred(t1)
        const t6 = this.succ(t5);
        if (this.fixed(t5, t6)) continue;
        const gain = g2 + this.d(t5, t6) - this.d(t3, t6);
        if (gain > eps) {
          this.exchange(this.pos[t2]!, o4, o5 - o4 + 1);
          return this.improved(gain, t1, t2, t3, t4, t5, t6);
        }
      }
    }
    return false;
  }

  /**
   * 2-opt for the ATSP on short paths: t1 → t2 … t3 → t4 becomes t1 → t3 … t2 → t4, the path
   * t2 … t3 (at most MAX_REVERSAL nodes) walked backwards; its cost both ways is summed on the
   * spot. Reversals are rarely good on a road network, but on near-symmetric matrices the
   * orientation-preserving moves alone get stuck where one short reversal is the way out.
   */
  private improveReversal(t1: number): boolean {
    const k = this.k;
    const eps = this.eps;
    const t2 = this.succ(t1);
    if (this.fixed(t1, t2)) return false;
    const d12 = this.d(t1, t2);
    for (let q = 0; q < k; q++) {
      const t3 = this.nb[t1 * k + q]!;
      const g1 = d12 - this.d(t1, t3);
      if (g1 <= eps) continue;
      const len = this.off(t2, t3);
      if (len === 0 || len >= MAX_REVERSAL || len >= this.n - 2) continue;
      const t4 = this.succ(t3);
      if (this.fixed(t3, t4)) continue;
      let fwd = 0;
      let rev = 0;
      let fixedInside = false;
      for (let x = t2; x !== t3; ) {
        const y = this.succ(x);
        if (this.fixed(x, y)) fixedInside = true;
        fwd += this.d(x, y);
        rev += this.d(y, x);
        x = y;
      }
      if (fixedInside) continue;
      const gain = g1 + this.d(t3, t4) - this.d(t2, t4) + fwd - rev;
      if (gain > eps) {
        this.reverseRange(this.pos[t2]!, len + 1);
        return this.improved(gain, t1, t2, t3, t4);
      }
    }
    return false;
  }
}
