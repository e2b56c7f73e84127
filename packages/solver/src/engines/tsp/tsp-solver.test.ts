import { describe, expect, it } from "vitest";
import { Rng } from "../../util/rng";
import { expectValidTour, randomMatrix } from "./test-support";
import { TspSearch } from "./tsp-solver";

describe("TspSearch", () => {
  it("or-3opt, 2-opt and Or-opt deltas equal the recomputed tour cost change; the tour stays a permutation", () => {
    const rng = new Rng(5);
    for (let trial = 0; trial < 60; trial++) {
      const n = 8 + rng.int(40);
      const D = randomMatrix(rng, n, false);
      const fixedEnd = trial % 3 === 0 ? n - 1 : -1;
      const t = new TspSearch(n, D, fixedEnd, Math.min(8, n - 1), rng);
      const order = Array.from({ length: n }, (_, i) => i).filter((x) => x !== fixedEnd);
      rng.shuffle(order);
      order.splice(order.indexOf(0), 1);
      order.unshift(0);
      if (fixedEnd >= 0) order.push(fixedEnd);
      t.setTour(order);
      const m = t as unknown as Record<string, (a: number) => boolean>;
      for (const move of ["improveOr3Opt", "improveTwoOpt", "improveOrOpt"]) {
        for (let a = 0; a < n; a++) {
          const before = t.cost;
          const improved = m[move]!.call(t, a);
          expectValidTour(t, D, n, fixedEnd, false);
          if (improved) expect(t.cost).toBeLessThan(before);
        }
      }
    }
  });
});

describe("TspSearch.greedyTour", () => {
  it("builds a Hamiltonian cycle with the right cost that keeps the fixed end–start edge", () => {
    const rng = new Rng(3);
    for (let trial = 0; trial < 40; trial++) {
      const n = 7 + rng.int(80);
      const D = randomMatrix(rng, n, false);
      const fixedEnd = trial % 2 === 0 ? n - 1 : -1;
      const t = new TspSearch(n, D, fixedEnd, Math.min(trial % 4 === 0 ? 3 : 10, n - 1), rng);
      t.greedyTour();
      expectValidTour(t, D, n, fixedEnd, false);
    }
  });
});

describe("TspSearch candidates", () => {
  it("are alpha-nearest: minimum-spanning-tree edges included, each list distinct and sorted by distance", () => {
    const rng = new Rng(8);
    for (let trial = 0; trial < 20; trial++) {
      const n = 10 + rng.int(60);
      const D = randomMatrix(rng, n, false);
      const k = 8;
      const t = new TspSearch(n, D, -1, k, rng);
      const nb = (t as unknown as { nb: Int32Array }).nb;
      // Reference MST (Prim); with ties several trees are minimal, so only check edges whose
      // alpha is unambiguously 0: tree edges of a node with at most k tree neighbours.
      const inTree = new Uint8Array(n);
      const key = new Float64Array(n).fill(Infinity);
      const dad = new Int32Array(n).fill(-1);
      key[0] = 0;
      const adj: number[][] = Array.from({ length: n }, () => []);
      for (let s = 0; s < n; s++) {
        let u = -1;
        for (let v = 0; v < n; v++) if (!inTree[v] && (u < 0 || key[v]! < key[u]!)) u = v;
        inTree[u] = 1;
        if (dad[u]! >= 0) {
          adj[u]!.push(dad[u]!);
          adj[dad[u]!]!.push(u);
        }
        for (let v = 0; v < n; v++) if (!inTree[v] && D[u * n + v]! < key[v]!) {
          key[v] = D[u * n + v]!;
          dad[v] = u;
        }
      }
      for (let i = 0; i < n; i++) {
        const list = [...nb.subarray(i * k, i * k + k)];
        expect(new Set(list).size).toBe(k);
        expect(list).not.toContain(i);
        for (let q = 1; q < k; q++) expect(D[i * n + list[q]!]!).toBeGreaterThanOrEqual(D[i * n + list[q - 1]!]!);
        if (adj[i]!.length <= k) for (const j of adj[i]!) expect(list).toContain(j);
      }
    }
  });
});
