import { describe, expect, it } from "vitest";
import { SwapStarSearch, type SwapStarRoute } from "./swap-star";

/** A random Euclidean instance: location 0 is the depot, elements 0..n-1 sit at locations 1..n. */
function instance(n: number, seed: number) {
  let s = seed;
  const rnd = () => ((s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pts = Array.from({ length: n + 1 }, () => [rnd() * 100, rnd() * 100] as const);
  const d = new Float64Array((n + 1) * (n + 1));
  for (let i = 0; i <= n; i++) for (let j = 0; j <= n; j++) d[i * (n + 1) + j] = Math.round(Math.hypot(pts[i]![0] - pts[j]![0], pts[i]![1] - pts[j]![1]));
  const loc = Array.from({ length: n }, (_, i) => i + 1);
  return { d, loc, stride: n + 1, rnd };
}

describe("SwapStarSearch's insertion cache", () => {
  it("finds the same moves with a pool of two rows as with a row per route, and stays within its memory budget", () => {
    const n = 60;
    const slots = 8;
    const { d, loc, stride, rnd } = instance(n, 7);
    const full = new SwapStarSearch(slots, n, loc, stride);
    const pooled = new SwapStarSearch(slots, n, loc, stride, 1); // too small for any row: the two-row floor
    expect(full.cacheRows).toBe(slots);
    expect(pooled.cacheRows).toBe(2);

    const routes: SwapStarRoute[] = Array.from({ length: slots }, (_, slot) => ({ slot, version: 0, ids: [] as number[], start: 0, end: 0, d }));
    for (let u = 0; u < n; u++) (routes[u % slots]!.ids as number[]).push(u);
    let moves = 0;
    for (let step = 0; step < 400; step++) {
      const a = Math.floor(rnd() * slots);
      const b = (a + 1 + Math.floor(rnd() * (slots - 1))) % slots;
      const A = routes[a]!;
      const B = routes[b]!;
      const penalty = () => 0;
      const found = full.best(A, B, penalty, 0);
      expect(pooled.best(A, B, penalty, 0)).toBe(found);
      if (!found) continue;
      expect([pooled.u, pooled.v, pooled.gu, pooled.gv, pooled.cost]).toEqual([full.u, full.v, full.gu, full.gv, full.cost]);
      // Versions count per route, so two routes often share one: a row taken over must forget its stamps.
      routes[a] = { ...A, ids: full.newA(A), version: A.version + 1 };
      routes[b] = { ...B, ids: full.newB(B), version: B.version + 1 };
      moves++;
    }
    expect(moves).toBeGreaterThan(20);
  });

  it("bounds the cache of a very large fleet (1,000 vehicles × 10,000 tasks) by its budget instead of 440 MB", () => {
    const search = new SwapStarSearch(1000, 10_000, new Int32Array(10_000), 10_001);
    expect(search.cacheRows * 10_000 * 44).toBeLessThanOrEqual(64 * 1024 * 1024);
    expect(search.cacheRows).toBeGreaterThanOrEqual(2);
  });
});
