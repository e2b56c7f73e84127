import { describe, expect, it } from "vitest";
import { Stopping } from "../../search/stopping";
import { permutations } from "../../test-support/random-problems";
import { Rng } from "../../util/rng";
import type { ArrayTour } from "./array-tour";
import { AtspSearch } from "./atsp-solver";
import { iteratedLocalSearch } from "./iterated-local-search";
import { expectValidTour, randomMatrix } from "./test-support";
import { TspSearch } from "./tsp-solver";

type Make = (n: number, D: Float64Array, fixedEnd: number, k: number, rng: Rng) => ArrayTour;

const searches: { name: string; make: Make; asymmetric: boolean; kickSegments: number; seed: number }[] = [
  { name: "TspSearch", make: (...a) => new TspSearch(...a), asymmetric: false, kickSegments: 3, seed: 9 },
  { name: "AtspSearch", make: (...a) => new AtspSearch(...a), asymmetric: true, kickSegments: 2, seed: 4 },
];

/** Arcs of the tour as "from>to" strings. */
function arcs(t: ArrayTour): Set<string> {
  const n = t.tour.length;
  return new Set(Array.from({ length: n }, (_, i) => `${t.tour[i]}>${t.tour[(i + 1) % n]}`));
}

/** Optimum by brute force: node 0 first, the fixed end (if any) last. */
function bruteForce(D: Float64Array, n: number, fixedEnd: number): number {
  const free = Array.from({ length: n - 1 }, (_, i) => i + 1).filter((x) => x !== fixedEnd);
  let best = Infinity;
  for (const p of permutations(free.length)) {
    const order = [0, ...p.map((i) => free[i]!), ...(fixedEnd >= 0 ? [fixedEnd] : [])];
    let c = 0;
    for (let i = 0; i < n; i++) c += D[order[i]! * n + order[(i + 1) % n]!]!;
    best = Math.min(best, c);
  }
  return best;
}

describe.each(searches)("$name in the iterated local search", ({ make, asymmetric, kickSegments, seed }) => {
  it("kick + local search is undone exactly from the move log", () => {
    const rng = new Rng(seed);
    for (let trial = 0; trial < 20; trial++) {
      const n = 10 + rng.int(60);
      const D = randomMatrix(rng, n, asymmetric);
      const fixedEnd = trial % 2 === 0 ? n - 1 : -1;
      const t = make(n, D, fixedEnd, Math.min(8, n - 1), rng);
      t.initialTour();
      t.optimiseAll();
      expectValidTour(t, D, n, fixedEnd, asymmetric);
      for (let k = 0; k < 30; k++) {
        const saved = t.tour.slice();
        const before = t.cost;
        t.startLog();
        t.kick();
        t.optimiseQueue();
        expectValidTour(t, D, n, fixedEnd, asymmetric);
        t.undo();
        t.cost = before;
        expect([...t.tour]).toEqual([...saved]);
      }
    }
  });

  it(`the kick reorders ${kickSegments} segments, each keeping its orientation`, () => {
    const rng = new Rng(seed + 100);
    for (let trial = 0; trial < 40; trial++) {
      const n = 12 + rng.int(60);
      const D = randomMatrix(rng, n, asymmetric);
      const fixedEnd = trial % 2 === 0 ? n - 1 : -1;
      const t = make(n, D, fixedEnd, Math.min(8, n - 1), rng);
      t.initialTour();
      const old = arcs(t);
      t.kick();
      expectValidTour(t, D, n, fixedEnd, asymmetric);
      // a S1 … Sm e → a Sm … S1 e: m + 1 new arcs, every other arc kept in its direction.
      const added = [...arcs(t)].filter((a) => !old.has(a));
      expect(added.length).toBeLessThanOrEqual(kickSegments + 1);
      expect(added.length).toBeGreaterThan(0);
    }
  });

  it("keeps the best tour, honours the iteration budget and mostly finds the brute-force optimum", () => {
    const rng = new Rng(seed + 200);
    let optimal = 0;
    for (let trial = 0; trial < 12; trial++) {
      const n = 6 + (trial % 3);
      const D = randomMatrix(rng, n, asymmetric);
      const fixedEnd = trial % 2 === 0 ? n - 1 : -1;
      const t = make(n, D, fixedEnd, n - 1, rng);
      const heard: [number, number][] = [];
      const iterations = iteratedLocalSearch(t, new Stopping(null, Infinity, 200), (cost, it) => heard.push([cost, it]));
      expect(iterations).toBe(200);
      expectValidTour(t, D, n, fixedEnd, asymmetric);
      // First the first local optimum, last the final tour; never a worse cost in between.
      expect(heard[0]![1]).toBe(0);
      expect(heard.at(-1)).toEqual([t.cost, 200]);
      for (let i = 1; i < heard.length; i++) expect(heard[i]![0]).toBeLessThanOrEqual(heard[i - 1]![0]);
      const best = bruteForce(D, n, fixedEnd);
      expect(t.cost).toBeGreaterThanOrEqual(best);
      if (t.cost === best) optimal++;
    }
    // A heuristic: accepting only kicks that are not worse can get stuck, e.g. an asymmetric
    // closed tour running the wrong way round (kicks and most moves keep the orientation). Over
    // 600 random instances of 6–8 nodes it missed the optimum 12 times (asymmetric, 2,000 kicks)
    // and once (symmetric, 200 kicks).
    expect(optimal).toBeGreaterThanOrEqual(10);
  });
});
