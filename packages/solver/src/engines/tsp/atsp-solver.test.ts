import { describe, expect, it } from "vitest";
import { Rng } from "../../util/rng";
import { AtspSearch } from "./atsp-solver";
import { expectValidTour, randomMatrix } from "./test-support";

describe("AtspSearch", () => {
  it("Or-opt and or-3opt (segment exchange) deltas equal the recomputed tour cost change", () => {
    const rng = new Rng(11);
    for (let trial = 0; trial < 60; trial++) {
      const n = 6 + rng.int(40);
      const D = randomMatrix(rng, n, true);
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
          expectValidTour(t, D, n, fixedEnd, true);
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
});
