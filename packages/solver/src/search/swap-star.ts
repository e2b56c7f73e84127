/**
 * One route of a SWAP* evaluation. Elements are ids (customers, tasks) placed at `loc[id]` in
 * the cost matrix `d` (row stride `stride`); the route runs start → ids… → end. Insertion costs
 * into a route are cached per (slot, id) while its `version` is unchanged: a version must change
 * whenever the route does and never repeat.
 */
export interface SwapStarRoute {
  slot: number;
  version: number;
  ids: ArrayLike<number>;
  start: number;
  end: number;
  d: Float64Array;
}

/**
 * What moving elements between the two routes costs besides arcs (load penalties, or Infinity
 * when forbidden): u leaves A for B, v leaves B for A; -1 for "none" (a plain relocation).
 */
export type SwapStarPenalty = (u: number, v: number) => number;

/**
 * SWAP* (Vidal 2022, "Hybrid genetic search for the CVRP: open-source implementation and SWAP*
 * neighborhood"): the best exchange of u ∈ A and v ∈ B where each goes to its best place in the
 * other route rather than to the other's place, and the best relocation of one element to its
 * cheapest place in the other route. Each element's three cheapest insertions into the other
 * route are precomputed (and cached per route version), so a route pair costs O(|A|·|B|).
 * Costs are on arcs: exact where a route's cost is its arcs plus the penalty (the genetic
 * search's penalised CVRP; the annealing search's arc-only instances). Like HGS, the pair scan
 * skips pairs whose removal gains and penalty already lose (insertion costs are taken as
 * non-negative there, true under the triangle inequality).
 *
 * The one implementation of SWAP*: the genetic search's local search calls it on its route
 * arrays, the annealing search through the `SwapStar` operator on its solution state.
 */
/** Bytes the insertion cache may take (44 per route and element); beyond it routes share a pool of rows. */
export const SWAP_STAR_CACHE_BYTES = 64 * 1024 * 1024;
const BYTES_PER_ENTRY = 3 * 8 + 3 * 4 + 8;

export class SwapStarSearch {
  /** The move found by the last `best`: u (of A; -1: none) goes to gap gu of B, v (of B; -1: none) to gap gv of A. */
  u = -1;
  v = -1;
  gu = 0;
  gv = 0;
  /** Its cost change (arcs plus penalty). */
  cost = 0;
  /** Gap g of a route lies between ids[g − 1] (or the start) and ids[g] (or the end). */
  private readonly insCost: Float64Array;
  private readonly insGap: Int32Array;
  private readonly insStamp: Float64Array;
  private readonly removal: Float64Array;
  private readonly index: Int32Array;
  /** Cache row of each slot (-1: none) and slot of each row: fewer rows than slots when the cache would be too large. */
  private readonly slotRow: Int32Array;
  private readonly rowSlot: Int32Array;
  private clock = 0;
  private bestGap = 0;

  /**
   * @param slots route slots (cache rows)
   * @param ids elements (ids are 0 .. ids − 1)
   * @param loc each element's location in the cost matrices
   * @param stride row length of the cost matrices
   * @param cacheBytes memory the insertion cache may take
   */
  constructor(
    slots: number,
    private readonly ids: number,
    private readonly loc: ArrayLike<number>,
    private readonly stride: number,
    cacheBytes = SWAP_STAR_CACHE_BYTES,
  ) {
    // 44 bytes per (row, element): a cache row per route while that stays under the budget, else a
    // smaller pool of rows that routes take turns in (two at least: the pair being searched).
    const rows = Math.max(2, Math.min(slots, Math.floor(cacheBytes / (Math.max(1, ids) * BYTES_PER_ENTRY))));
    this.insCost = new Float64Array(rows * ids * 3);
    this.insGap = new Int32Array(rows * ids * 3);
    this.insStamp = new Float64Array(rows * ids).fill(NaN);
    this.removal = new Float64Array(ids);
    this.index = new Int32Array(ids);
    this.slotRow = new Int32Array(Math.max(slots, 1)).fill(-1);
    this.rowSlot = new Int32Array(rows).fill(-1);
    if (rows >= slots) {
      for (let r = 0; r < slots; r++) {
        this.slotRow[r] = r;
        this.rowSlot[r] = r;
      }
    }
  }

  /** Cache rows in use: one per route slot, or fewer when that would pass the memory budget. */
  get cacheRows(): number {
    return this.rowSlot.length;
  }

  /** Forgets every cached insertion (when versions restart). */
  reset(): void {
    this.insStamp.fill(NaN);
  }

  /** The cache row of a slot, taking over the next row (never `keep`) when it has none. */
  private rowOf(slot: number, keep: number): number {
    const row = this.slotRow[slot]!;
    if (row >= 0) return row;
    let victim = this.clock;
    if (victim === keep) victim = (victim + 1) % this.rowSlot.length;
    this.clock = (victim + 1) % this.rowSlot.length;
    const previous = this.rowSlot[victim]!;
    if (previous >= 0) this.slotRow[previous] = -1;
    this.rowSlot[victim] = slot;
    this.slotRow[slot] = victim;
    this.insStamp.fill(NaN, victim * this.ids, (victim + 1) * this.ids);
    return victim;
  }

  /** Finds the best move between A and B cheaper than `threshold`; false when there is none. */
  best(A: SwapStarRoute, B: SwapStarRoute, penalty: SwapStarPenalty, threshold: number): boolean {
    const rowA = this.rowOf(A.slot, -1);
    const rowB = this.rowOf(B.slot, rowA);
    this.preprocess(A, B, rowB);
    this.preprocess(B, A, rowA);
    this.fillRemoval(A);
    this.fillRemoval(B);
    const a = A.ids;
    const b = B.ids;
    const ka = this.ids;
    let best = threshold;
    let bu = -1;
    let bv = -1;
    let gu = 0;
    let gv = 0;
    for (let i = 0; i < a.length; i++) {
      const u = a[i]!;
      const remU = this.removal[u]!;
      for (let j = 0; j < b.length; j++) {
        const v = b[j]!;
        const base = penalty(u, v) + remU + this.removal[v]!;
        if (base > 0 || base >= best) continue;
        const cu = this.insertWithout(u, B, rowB, j);
        const pu = this.bestGap;
        if (base + cu >= best) continue;
        const cv = this.insertWithout(v, A, rowA, i);
        const cost = base + cu + cv;
        if (cost < best) {
          best = cost;
          bu = u;
          bv = v;
          gu = pu;
          gv = this.bestGap;
        }
      }
    }
    // Plain relocations between the two routes, to their cheapest place.
    for (let i = 0; i < a.length; i++) {
      const u = a[i]!;
      const at = (rowB * ka + u) * 3;
      const cost = this.removal[u]! + penalty(u, -1) + this.insCost[at]!;
      if (cost < best) {
        best = cost;
        bu = u;
        bv = -1;
        gu = this.insGap[at]!;
      }
    }
    for (let j = 0; j < b.length; j++) {
      const v = b[j]!;
      const at = (rowA * ka + v) * 3;
      const cost = this.removal[v]! + penalty(-1, v) + this.insCost[at]!;
      if (cost < best) {
        best = cost;
        bu = -1;
        bv = v;
        gv = this.insGap[at]!;
      }
    }
    this.u = bu;
    this.v = bv;
    this.gu = gu;
    this.gv = gv;
    this.cost = best;
    return bu >= 0 || bv >= 0;
  }

  /** Route A after the last move found (u out, v in). */
  newA(A: SwapStarRoute): number[] {
    return rebuild(A.ids, this.u, this.v, this.gv);
  }

  /** Route B after the last move found (v out, u in). */
  newB(B: SwapStarRoute): number[] {
    return rebuild(B.ids, this.v, this.u, this.gu);
  }

  /** The three cheapest insertions of each element of `from` into `into` (cached per version of `into`). */
  private preprocess(from: SwapStarRoute, into: SwapStarRoute, row: number): void {
    const d = into.d;
    const stride = this.stride;
    const loc = this.loc;
    const seq = into.ids;
    const stamp = into.version;
    const ids = from.ids;
    for (let k = 0; k < ids.length; k++) {
      const u = ids[k]!;
      const key = row * this.ids + u;
      if (this.insStamp[key] === stamp) continue;
      this.insStamp[key] = stamp;
      const lu = loc[u]!;
      let c0 = Infinity;
      let c1 = Infinity;
      let c2 = Infinity;
      let p0 = -1;
      let p1 = -1;
      let p2 = -1;
      let prev = into.start;
      for (let i = 0; i <= seq.length; i++) {
        const next = i < seq.length ? loc[seq[i]!]! : into.end;
        const c = d[prev * stride + lu]! + d[lu * stride + next]! - d[prev * stride + next]!;
        if (c < c2) {
          if (c < c1) {
            c2 = c1;
            p2 = p1;
            if (c < c0) {
              c1 = c0;
              p1 = p0;
              c0 = c;
              p0 = i;
            } else {
              c1 = c;
              p1 = i;
            }
          } else {
            c2 = c;
            p2 = i;
          }
        }
        prev = next;
      }
      const at = key * 3;
      this.insCost[at] = c0;
      this.insCost[at + 1] = c1;
      this.insCost[at + 2] = c2;
      this.insGap[at] = p0;
      this.insGap[at + 1] = p1;
      this.insGap[at + 2] = p2;
    }
  }

  /** Removal gains d(p, x) − d(p, u) − d(u, x) of a route's elements, and their indexes. */
  private fillRemoval(R: SwapStarRoute): void {
    const d = R.d;
    const stride = this.stride;
    const loc = this.loc;
    const s = R.ids;
    let p = R.start;
    for (let i = 0; i < s.length; i++) {
      const u = s[i]!;
      const lu = loc[u]!;
      const x = i + 1 < s.length ? loc[s[i + 1]!]! : R.end;
      this.removal[u] = d[p * stride + x]! - d[p * stride + lu]! - d[lu * stride + x]!;
      this.index[u] = i;
      p = lu;
    }
  }

  /** Cheapest insertion of u into R while R's element at index j leaves (its place included); gap in bestGap. */
  private insertWithout(u: number, R: SwapStarRoute, row: number, j: number): number {
    const at = (row * this.ids + u) * 3;
    let best = Infinity;
    for (let k = 0; k < 3; k++) {
      const g = this.insGap[at + k]!;
      if (g < 0) break;
      // Gaps touching the leaving element are void.
      if (g === j || g === j + 1) continue;
      best = this.insCost[at + k]!;
      this.bestGap = g;
      break;
    }
    const d = R.d;
    const stride = this.stride;
    const loc = this.loc;
    const s = R.ids;
    const lu = loc[u]!;
    const p = j > 0 ? loc[s[j - 1]!]! : R.start;
    const y = j + 1 < s.length ? loc[s[j + 1]!]! : R.end;
    const inPlace = d[p * stride + lu]! + d[lu * stride + y]! - d[p * stride + y]!;
    if (inPlace < best) {
      best = inPlace;
      this.bestGap = j;
    }
    return best;
  }
}

/** ids without `out` (-1: none), with `inn` (-1: none) inserted at gap g of the original ids. */
function rebuild(ids: ArrayLike<number>, out: number, inn: number, g: number): number[] {
  const res: number[] = [];
  for (let k = 0; k <= ids.length; k++) {
    if (k === g && inn >= 0) res.push(inn);
    if (k < ids.length && ids[k] !== out) res.push(ids[k]!);
  }
  return res;
}
