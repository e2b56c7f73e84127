import { describe, expect, it } from "vitest";
import { validateSolution } from "./check/validate-solution";
import type { Problem, TimeWindow } from "./model/types";
import { solve } from "./solve";
import { euclidMatrix, permutations, randomPoints, simulate } from "./test-support/random-problems";
import { Rng } from "./util/rng";

const BUDGET = { maxIterations: 1500, seed: 7 };

function jobsAt(locs: number[], extra: (i: number) => object = () => ({})): Problem["jobs"] {
  return locs.map((l, i) => ({ id: i + 1, location: l, ...extra(i) }));
}

describe("optimum on tiny instances (brute force)", () => {
  for (const seed of [1, 2, 3, 4]) {
    it(`closed TSP, 8 stops, seed ${seed}`, () => {
      const rng = new Rng(seed);
      const m = euclidMatrix(randomPoints(rng, 9));
      const locs = [1, 2, 3, 4, 5, 6, 7, 8];
      const opt = Math.min(...permutations(8).map((p) => simulate(m, 0, 0, p.map((i) => locs[i]!)).cost));
      const problem: Problem = { matrices: { durations: m }, jobs: jobsAt(locs), vehicles: [{ id: 1, start: 0, end: 0 }] };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.cost).toBe(opt);
    });

    it(`open TSP (no end), 7 stops, asymmetric, seed ${seed}`, () => {
      const rng = new Rng(100 + seed);
      const m = euclidMatrix(randomPoints(rng, 8)).map((row) => row.map((v) => v + rng.int(15)));
      m.forEach((row, i) => (row[i] = 0));
      const locs = [1, 2, 3, 4, 5, 6, 7];
      const opt = Math.min(...permutations(7).map((p) => simulate(m, 0, undefined, p.map((i) => locs[i]!)).cost));
      const problem: Problem = { matrices: { durations: m }, jobs: jobsAt(locs), vehicles: [{ id: 1, start: 0 }] };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.cost).toBe(opt);
    });

    it(`open TSP with fixed end, symmetric, 7 stops, seed ${seed}`, () => {
      const rng = new Rng(200 + seed);
      const m = euclidMatrix(randomPoints(rng, 9));
      const locs = [1, 2, 3, 4, 5, 6, 7];
      const opt = Math.min(...permutations(7).map((p) => simulate(m, 0, 8, p.map((i) => locs[i]!)).cost));
      const problem: Problem = { matrices: { durations: m }, jobs: jobsAt(locs), vehicles: [{ id: 1, start: 0, end: 8 }] };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.cost).toBe(opt);
    });

    it(`asymmetric TSP with fixed end, 7 stops, seed ${seed}`, () => {
      const rng = new Rng(500 + seed);
      const m = euclidMatrix(randomPoints(rng, 9)).map((row) => row.map((v) => v + rng.int(25)));
      m.forEach((row, i) => (row[i] = 0));
      const locs = [1, 2, 3, 4, 5, 6, 7];
      const opt = Math.min(...permutations(7).map((p) => simulate(m, 0, 8, p.map((i) => locs[i]!)).cost));
      const problem: Problem = { matrices: { durations: m }, jobs: jobsAt(locs), vehicles: [{ id: 1, start: 0, end: 8 }] };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.cost).toBe(opt);
    });

    it(`CVRP with 2 vehicles, 7 jobs, seed ${seed}`, () => {
      const rng = new Rng(300 + seed);
      const m = euclidMatrix(randomPoints(rng, 8));
      const locs = [1, 2, 3, 4, 5, 6, 7];
      const demand = locs.map(() => 1 + rng.int(4));
      const total = demand.reduce((a, b) => a + b, 0);
      const cap = Math.ceil(total * 0.6);
      let opt = Infinity;
      for (const p of permutations(7)) {
        for (let split = 0; split <= 7; split++) {
          const a = p.slice(0, split);
          const b = p.slice(split);
          const load = (xs: number[]): number => xs.reduce((s, i) => s + demand[i]!, 0);
          if (load(a) > cap || load(b) > cap) continue;
          const cost = (xs: number[]): number => (xs.length ? simulate(m, 0, 0, xs.map((i) => locs[i]!)).cost : 0);
          opt = Math.min(opt, cost(a) + cost(b));
        }
      }
      const problem: Problem = {
        matrices: { durations: m },
        jobs: jobsAt(locs, (i) => ({ delivery: [demand[i]!] })),
        vehicles: [1, 2].map((id) => ({ id, start: 0, end: 0, capacity: [cap] })),
      };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.unassigned).toEqual([]);
      expect(sol.cost).toBe(opt);
    });

    it(`single vehicle with time windows, 7 jobs, seed ${seed}`, () => {
      const rng = new Rng(400 + seed);
      const m = euclidMatrix(randomPoints(rng, 8));
      const locs = [1, 2, 3, 4, 5, 6, 7];
      // Windows around a random reference tour, so at least one order is feasible.
      const ref = permutations(7)[rng.int(5040)]!;
      const windows: TimeWindow[] = new Array(7);
      let t = 0;
      let prev = 0;
      for (const i of ref) {
        t += m[prev]![locs[i]!]!;
        windows[i] = [Math.max(0, t - 20 - rng.int(30)), t + 10 + rng.int(40)];
        t += 5;
        prev = locs[i]!;
      }
      let opt = Infinity;
      for (const p of permutations(7)) {
        const r = simulate(m, 0, 0, p.map((i) => locs[i]!), p.map((i) => windows[i]), p.map(() => 5));
        if (r.feasible) opt = Math.min(opt, r.cost);
      }
      const problem: Problem = {
        matrices: { durations: m },
        jobs: jobsAt(locs, (i) => ({ timeWindows: [windows[i]!], service: 5 })),
        vehicles: [{ id: 1, start: 0, end: 0 }],
      };
      const sol = solve(problem, BUDGET);
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.unassigned).toEqual([]);
      expect(sol.cost).toBe(opt);
    });
  }
});
