import type { Rng } from "../util/rng";
import { alphaNearest } from "./candidates";
import { NodeQueue } from "./node-queue";

/**
 * What the symmetric and asymmetric TSP searches share: the array tour (tour[position],
 * pos[node]) with its cost, the work queue of nodes to improve, cyclic reversals, and a move
 * log so that a rejected kick is undone move by move instead of copying the tour back.
 * Subclasses add their moves (`optimiseQueue`) and, for moves other than reversals, how to undo
 * them (`undoMove`).
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

  constructor(
    protected readonly n: number,
    protected readonly D: Float64Array,
    protected readonly fixedEnd: number,
    protected readonly k: number,
    protected readonly rng: Rng,
    symmetric: boolean,
  ) {
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
    const k = this.k;
    const used = new Uint8Array(n);
    const order = new Int32Array(n);
    used[0] = 1;
    if (this.fixedEnd >= 0) used[this.fixedEnd] = 1;
    let cur = 0;
    let idx = 1;
    for (; idx < n - (this.fixedEnd >= 0 ? 1 : 0); idx++) {
      let best = -1;
      let bd = Infinity;
      for (let q = 0; q < k; q++) {
        const c = this.nb[cur * k + q]!;
        if (!used[c] && this.d(cur, c) < bd) {
          bd = this.d(cur, c);
          best = c;
        }
      }
      if (best < 0) {
        for (let c = 0; c < n; c++) {
          if (!used[c] && this.d(cur, c) < bd) {
            bd = this.d(cur, c);
            best = c;
          }
        }
      }
      used[best] = 1;
      order[idx] = best;
      cur = best;
    }
    if (this.fixedEnd >= 0) order[idx] = this.fixedEnd;
    this.setTour(order);
  }

  /** Queues every node (random order) and improves until the queue is empty. */
  optimiseAll(): void {
    const order = Array.from({ length: this.n }, (_, i) => i);
    this.rng.shuffle(order);
    for (const a of order) this.work.push(a);
    this.optimiseQueue();
  }

  /** Improves around queued nodes until the queue is empty. */
  abstract optimiseQueue(): void;

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
