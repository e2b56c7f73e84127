import type { Rng } from "../../util/rng";
import { alphaNearest } from "./candidates";
import { NodeQueue } from "./node-queue";

/** Longest segment (nodes) a kick moves. */
const MAX_KICK_SEGMENT = 50;
/** Places a kick tries before giving up (each may be refused for removing the fixed edge). */
const KICK_ATTEMPTS = 10;

/**
 * What the symmetric and asymmetric TSP searches share: the array tour (tour[position],
 * pos[node]) with its cost, the work queue of nodes to improve, cyclic reversals, the kick, and
 * a move log so that a rejected kick is undone move by move instead of copying the tour back.
 * Subclasses add their start tour (`initialTour`), their moves (`optimiseQueue`), how many
 * segments a kick reorders and, for moves other than reversals, how to undo them (`undoMove`);
 * iterated-local-search.ts drives them.
 */
export abstract class ArrayTour {
  readonly tour: Int32Array;
  readonly pos: Int32Array;
  cost = 0;
  /** Smallest cost change that counts as an improvement (relative to the largest arc). */
  readonly eps: number;
  /** k candidate neighbours per node by alpha-nearness ([node * k + i]). */
  protected readonly nb: Int32Array;
  protected readonly work: NodeQueue;
  /** Move log of the current kick: (kind, start, a, b) per move; kind 1 = reversal (start, length). */
  private log = new Int32Array(512);
  private logLen = 0;
  private logging = false;
  /** Scratch of `kick`: the length of each segment ([segment]). */
  private readonly kickLen: Int32Array;
  /** Scratch of `kick`: [0] the node before the segments, [2s + 1] and [2s + 2] the first and last node of segment s, [2m + 1] the node after. */
  private readonly kickNodes: Int32Array;

  constructor(
    protected readonly n: number,
    protected readonly D: Float64Array,
    protected readonly fixedEnd: number,
    protected readonly k: number,
    protected readonly rng: Rng,
    symmetric: boolean,
    /** Segments a kick reorders (m): 3 is the classic double bridge, 2 a segment exchange. */
    private readonly kickSegments: number,
  ) {
    this.kickLen = new Int32Array(kickSegments);
    this.kickNodes = new Int32Array(2 * kickSegments + 2);
    this.tour = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.work = new NodeQueue(n);
    let maxD = 0;
    for (let i = 0; i < D.length; i++) if (D[i]! > maxD && D[i]! < Infinity) maxD = D[i]!;
    this.eps = 1e-9 * Math.max(1, maxD);
    // Asymmetric: alpha-nearness on min(d(i,j), d(j,i)), since an arc may be used either way.
    this.nb = alphaNearest(n, k, D, symmetric);
  }

  protected d(a: number, b: number): number {
    return this.D[a * this.n + b]!;
  }

  protected succ(a: number): number {
    const p = this.pos[a]! + 1;
    return this.tour[p === this.n ? 0 : p]!;
  }

  protected pred(a: number): number {
    const p = this.pos[a]! - 1;
    return this.tour[p < 0 ? this.n - 1 : p]!;
  }

  /** True when {a, b} is the fixed end–start edge (the asymmetric tour only ever has it as the arc fixedEnd → 0). */
  protected fixed(a: number, b: number): boolean {
    const f = this.fixedEnd;
    return f >= 0 && ((a === 0 && b === f) || (a === f && b === 0));
  }

  /** Sets the tour to `order` (a permutation of the nodes) and recomputes its cost. */
  setTour(order: ArrayLike<number>): void {
    const n = this.n;
    for (let i = 0; i < n; i++) {
      this.tour[i] = order[i]!;
      this.pos[order[i]!] = i;
    }
    this.cost = 0;
    for (let i = 0; i < n; i++) this.cost += this.d(this.tour[i]!, this.tour[(i + 1) % n]!);
  }

  /** Nearest-neighbour construction from node 0 over the candidate lists (all nodes when they are used up), fixed end last. */
  nearestNeighbourTour(): void {
    const n = this.n;
    const used = new Uint8Array(n);
    const order = new Int32Array(n);
    used[0] = 1;
    if (this.fixedEnd >= 0) used[this.fixedEnd] = 1;
    let cur = 0;
    let idx = 1;
    for (; idx < n - (this.fixedEnd >= 0 ? 1 : 0); idx++) {
      const best = this.nearestFree(cur, used);
      used[best] = 1;
      order[idx] = best;
      cur = best;
    }
    if (this.fixedEnd >= 0) order[idx] = this.fixedEnd;
    this.setTour(order);
  }

  /**
   * Nearest node to `from` whose `taken` flag is 0: from the candidate lists, else (when they are
   * used up) from all nodes; -1 when none is free. Ties go to the first met.
   */
  protected nearestFree(from: number, taken: Uint8Array): number {
    const k = this.k;
    let best = -1;
    let bd = Infinity;
    for (let q = 0; q < k; q++) {
      const c = this.nb[from * k + q]!;
      if (!taken[c] && this.d(from, c) < bd) {
        bd = this.d(from, c);
        best = c;
      }
    }
    if (best >= 0) return best;
    for (let c = 0; c < this.n; c++) {
      if (!taken[c] && this.d(from, c) < bd) {
        bd = this.d(from, c);
        best = c;
      }
    }
    return best;
  }

  /** Builds the start tour of the iterated local search. */
  abstract initialTour(): void;

  /** Queues every node (random order) and improves until the queue is empty. */
  optimiseAll(): void {
    const order = Array.from({ length: this.n }, (_, i) => i);
    this.rng.shuffle(order);
    for (const a of order) this.work.push(a);
    this.optimiseQueue();
  }

  /** Improves around queued nodes until the queue is empty. */
  abstract optimiseQueue(): void;

  /**
   * Books an applied improving move: lowers the cost by `gain` and queues the nodes whose edges
   * changed, in this order (e, f default to d for moves that touch four nodes; a node already
   * queued keeps its place). Returns true, for `return this.improved(…)`.
   */
  protected improved(gain: number, a: number, b: number, c: number, d: number, e = d, f = d): true {
    this.cost -= gain;
    const work = this.work;
    work.push(a);
    work.push(b);
    work.push(c);
    work.push(d);
    work.push(e);
    work.push(f);
    return true;
  }

  /**
   * The kick of the iterated local search, a local double bridge: `kickSegments` (m) short
   * consecutive segments (1–50 nodes) after a random node, a S1 … Sm e, are put in reverse order,
   * a Sm … S1 e, each keeping its orientation (so no arc is turned round, as the asymmetric search
   * needs). With m = 3 no sequential 2-opt/3-opt move undoes it in one step. Up to 10 places are
   * tried for one that removes no fixed edge. Applied as reversals, so it is logged like any move;
   * the boundary nodes are queued.
   */
  kick(): void {
    const n = this.n;
    const m = this.kickSegments;
    const len = this.kickLen;
    const at = this.kickNodes;
    const tour = this.tour;
    const maxL = Math.max(1, Math.min(MAX_KICK_SEGMENT, Math.floor((n - 2) / (m + 1))));
    for (let attempt = 0; attempt < KICK_ATTEMPTS; attempt++) {
      const i = this.rng.int(n);
      let total = 0;
      for (let s = 0; s < m; s++) {
        len[s] = 1 + this.rng.int(maxL);
        total += len[s]!;
      }
      if (total + 2 > n) continue;
      // at: a, then the first and last node of each segment, then e.
      at[0] = tour[i]!;
      let p = i;
      for (let s = 0; s < m; s++) {
        at[2 * s + 1] = tour[(p + 1) % n]!;
        p += len[s]!;
        at[2 * s + 2] = tour[p % n]!;
      }
      at[2 * m + 1] = tour[(p + 1) % n]!;
      // The removed edges are (at[2j], at[2j + 1]) for j = 0 … m.
      let blocked = false;
      for (let j = 0; j <= m; j++) if (this.fixed(at[2 * j]!, at[2 * j + 1]!)) blocked = true;
      if (blocked) continue;
      // Added: a → first of Sm, last of Sj → first of Sj−1, last of S1 → e; then the removed ones.
      let delta = this.d(at[0]!, at[2 * m - 1]!);
      for (let j = m; j >= 2; j--) delta += this.d(at[2 * j]!, at[2 * j - 3]!);
      delta += this.d(at[2]!, at[2 * m + 1]!);
      for (let j = 0; j <= m; j++) delta -= this.d(at[2 * j]!, at[2 * j + 1]!);
      // Reverse the whole block, then each segment back: S1' … Sm' → Sm' … S1' → Sm … S1.
      const i1 = (i + 1) % n;
      this.reverseRange(i1, total);
      for (let s = m - 1, q = i1; s >= 0; s--) {
        this.reverseRange(q, len[s]!);
        q = (q + len[s]!) % n;
      }
      this.cost += delta;
      for (let j = 0; j <= 2 * m + 1; j++) this.work.push(at[j]!);
      return;
    }
  }

  /** Records a move while logging (kind 1 is a reversal; others are the subclass's). */
  protected record(kind: number, i: number, a: number, b: number): void {
    if (!this.logging) return;
    if (this.logLen + 4 > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    this.log[this.logLen++] = kind;
    this.log[this.logLen++] = i;
    this.log[this.logLen++] = a;
    this.log[this.logLen++] = b;
  }

  /** Starts recording moves (for `undo`). */
  startLog(): void {
    this.logging = true;
    this.logLen = 0;
  }

  /** Restores the tour as it was at `startLog` (the caller restores `cost`). */
  undo(): void {
    this.logging = false;
    for (let p = this.logLen - 4; p >= 0; p -= 4) {
      if (this.log[p] === 1) this.reverseRange(this.log[p + 1]!, this.log[p + 2]!);
      else this.undoMove(this.log[p]!, this.log[p + 1]!, this.log[p + 2]!, this.log[p + 3]!);
    }
    this.logLen = 0;
    this.logging = true;
  }

  /** Undoes a logged move of the subclass's own kind (not called when it logs reversals only). */
  protected undoMove(kind: number, i: number, a: number, b: number): void {
    throw new Error(`no undo for move kind ${kind} (${i}, ${a}, ${b})`);
  }

  /** Reverses `len` tour positions starting at position i (cyclically), logged when logging. */
  protected reverseRange(i: number, len: number): void {
    this.record(1, i, len, 0);
    const n = this.n;
    let j = i + len - 1;
    if (j >= n) j -= n;
    const tour = this.tour;
    const pos = this.pos;
    for (let s = 0; s < len >> 1; s++) {
      const a = tour[i]!;
      const b = tour[j]!;
      tour[i] = b;
      pos[b] = i;
      tour[j] = a;
      pos[a] = j;
      i++;
      if (i === n) i = 0;
      j--;
      if (j < 0) j = n - 1;
    }
  }
}
