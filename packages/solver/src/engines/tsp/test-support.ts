import { expect } from "vitest";
import type { Rng } from "../../util/rng";
import type { ArrayTour } from "./array-tour";

/**
 * Random instance over integer points in a 100 × 100 square: rounded Euclidean distances (so ties
 * occur), plus a random 0–20 on each arc when `asymmetric`. A flat n × n matrix.
 */
export function randomMatrix(rng: Rng, n: number, asymmetric: boolean): Float64Array {
  const xy = Array.from({ length: n }, () => [rng.int(100), rng.int(100)] as const);
  const D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const d = Math.round(Math.hypot(xy[i]![0] - xy[j]![0], xy[i]![1] - xy[j]![1]));
      D[i * n + j] = asymmetric ? (i === j ? 0 : d + rng.int(21)) : d;
    }
  }
  return D;
}

/** Cost of the cyclic tour, recomputed from the matrix. */
export function tourCost(t: ArrayTour, D: Float64Array, n: number): number {
  let c = 0;
  for (let i = 0; i < n; i++) c += D[t.tour[i]! * n + t.tour[(i + 1) % n]!]!;
  return c;
}

/**
 * Expects a consistent tour: a permutation with pos its inverse, the cost it claims, and the
 * fixed end next to the start (`directed`: as the arc fixedEnd → 0, as the asymmetric search keeps it).
 */
export function expectValidTour(t: ArrayTour, D: Float64Array, n: number, fixedEnd: number, directed: boolean): void {
  expect([...t.tour].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
  for (let i = 0; i < n; i++) expect(t.pos[t.tour[i]!]).toBe(i);
  expect(t.cost).toBeCloseTo(tourCost(t, D, n), 6);
  if (fixedEnd < 0) return;
  const after = t.tour[(t.pos[fixedEnd]! + 1) % n];
  const before = t.tour[(t.pos[fixedEnd]! + n - 1) % n];
  expect(after === 0 || (!directed && before === 0)).toBe(true);
}
