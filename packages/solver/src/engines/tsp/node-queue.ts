/**
 * FIFO work queue of tour nodes with membership bits (the "don't-look bits" of the TSP local
 * searches): a node is queued at most once; a ring buffer of n slots, no allocation.
 */
export class NodeQueue {
  private readonly slots: Int32Array;
  private readonly queued: Uint8Array;
  private head = 0;
  size = 0;

  constructor(private readonly n: number) {
    this.slots = new Int32Array(n);
    this.queued = new Uint8Array(n);
  }

  push(a: number): void {
    if (this.queued[a]) return;
    this.queued[a] = 1;
    let p = this.head + this.size;
    if (p >= this.n) p -= this.n;
    this.slots[p] = a;
    this.size++;
  }

  pop(): number {
    const a = this.slots[this.head]!;
    this.head++;
    if (this.head === this.n) this.head = 0;
    this.size--;
    this.queued[a] = 0;
    return a;
  }
}
