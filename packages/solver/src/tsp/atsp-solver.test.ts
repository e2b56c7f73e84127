import { describe, expect, it } from "vitest";
import { Rng } from "../util/rng";
import { AtspSearch } from "./atsp-solver";

/** Random asymmetric instance: Euclidean distances plus a random 0–20 on each arc. */
function randomMatrix(rng: Rng, n: number): Float64Array {
  const xy = Array.from({ length: n }, () => [rng.int(100), rng.int(100)] as const);
  const D = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) D[i * n + j] = i === j ? 0 : Math.round(Math.hypot(xy[i]![0] - xy[j]![0], xy[i]![1] - xy[j]![1])) + rng.int(21);
  }
  return D;
}

function tourCost(t: AtspSearch, D: Float64Array, n: number): number {
  let c = 0;
  for (let i = 0; i < n; i++) c += D[t.tour[i]! * n + t.tour[(i + 1) % n]!]!;
  return c;
}

function check(t: AtspSearch, D: Float64Array, n: number, fixedEnd: number): void {
  expect([...t.tour].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
  for (let i = 0; i < n; i++) expect(t.pos[t.tour[i]!]).toBe(i);
  expect(t.cost).toBeCloseTo(tourCost(t, D, n), 6);
  if (fixedEnd >= 0) expect(t.tour[(t.pos[fixedEnd]! + 1) % n]).toBe(0);
}

describe("AtspSearch", () => {
  it("Or-opt and or-3opt (segment exchange) deltas equal the recomputed tour cost change", () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 60; trial++) {
      const n = 6 + rng.int(40);
      const D = randomMatrix(rng, n);
      const fixedEnd = trial % 3 === 0 ? n - 1 : -1;
      const t = new AtspSearch(n, D, fixedEnd, Math.min(8, n - 1), rng);
      const order = Array.from({ length: n - 1 }, (_, i) => i + 1).filter((x) => x !== fixedEnd);
      rng.shuffle(order);
      t.setTour([0, ...order, ...(fixedEnd >= 0 ? [fixedEnd] : [])]);
      const m = t as unknown as Record<string, (a: number) => boolean>;
      let moves = 0;
      for (const move of ["improveOr3Opt", "improveOrOpt", "improveReversal"]) {
        for (let a = 0; a < n; a++) {
          const before = t.cost;
          const improved = m[move]!.call(t, a);
          check(t, D, n, fixedEnd);
          if (improved) {
            moves++;
            expect(t.cost).toBeLessThan(before);
          }
        }
      }
      expect(moves).toBeGreaterThan(0);
    }
  });

  it("exchange keeps the cyclic order of the three segments whichever two it moves", () => {
    const rng = new Rng(2);
    for (let trial = 0; trial < 200; trial++) {
      const n = 5 + rng.int(20);
      const t = new AtspSearch(n, new Float64Array(n * n), -1, 2, rng);
      t.setTour(Array.from({ length: n }, (_, i) => i));
      const i = rng.int(n);
      const l1 = 1 + rng.int(n - 2);
      const l2 = 1 + rng.int(n - 1 - l1);
      const seq = Array.from({ length: n }, (_, m) => (i + m) % n);
      const want = [...seq.slice(l1, l1 + l2), ...seq.slice(0, l1), ...seq.slice(l1 + l2)];
      t.exchange(i, l1, l2);
      const p = t.pos[want[0]!]!;
      expect(Array.from({ length: n }, (_, m) => t.tour[(p + m) % n])).toEqual(want);
    }
  });

  it("kick + local search is undone exactly from the move log", () => {
    const rng = new Rng(4);
    for (let trial = 0; trial < 20; trial++) {
      const n = 10 + rng.int(60);
      const D = randomMatrix(rng, n);
      const fixedEnd = trial % 2 === 0 ? n - 1 : -1;
      const t = new AtspSearch(n, D, fixedEnd, Math.min(8, n - 1), rng);
      t.nearestNeighbourTour();
      t.optimiseAll();
      check(t, D, n, fixedEnd);
      for (let k = 0; k < 30; k++) {
        const saved = t.tour.slice();
        const before = t.cost;
        t.startLog();
        t.kick();
        t.optimiseQueue();
        check(t, D, n, fixedEnd);
        t.undo();
        t.cost = before;
        expect([...t.tour]).toEqual([...saved]);
      }
    }
  });
});
