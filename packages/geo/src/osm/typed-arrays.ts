/** `a[i]++` for typed arrays under noUncheckedIndexedAccess: increments and returns the old value. */
export function postIncrement(a: Int32Array, i: number): number {
  const v = a[i] as number;
  a[i] = v + 1;
  return v;
}
