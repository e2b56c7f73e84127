/** `a[i]++` for typed arrays under noUncheckedIndexedAccess: increments and returns the old value. */
export function postIncrement(a: Int32Array, i: number): number {
  const v = a[i] as number;
  a[i] = v + 1;
  return v;
}

/** An append-only Float64Array that doubles when full; `done()` returns a right-sized copy. */
export class GrowF64 {
  data: Float64Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.data = new Float64Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float64Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Float64Array {
    return this.data.slice(0, this.length);
  }
}

/** An append-only Int32Array that doubles when full; `done()` returns a right-sized copy. */
export class GrowI32 {
  data: Int32Array;
  length = 0;
  constructor(capacity = 1 << 16) {
    this.data = new Int32Array(Math.max(16, capacity));
  }
  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Int32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }
  done(): Int32Array {
    return this.data.slice(0, this.length);
  }
}
