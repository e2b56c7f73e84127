import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { validateSolution } from "../check/validate-solution";
import { solve } from "../solve";
import { parseCvrp, parseSolomon, parseTsplib, type BenchInstance } from "./instances";

/**
 * Benchmark smoke subset (issue #3): a few small literature instances with fixed seeds and
 * iteration budgets (not wall-clock), asserting checker feasibility and a generous gap.
 * The full benchmark is `npm run bench`.
 */
const dir = process.env.ROUTEPILOT_BENCH_INSTANCES ?? fileURLToPath(new URL("../../../../datasets/bench/instances/", import.meta.url));

interface Case {
  load: () => BenchInstance;
  iterations: number;
  maxGapPct: number;
}

const read = (p: string): string => readFileSync(`${dir}/${p}`, "utf8");
const bks = (): { tsplib: Record<string, number>; cvrp: Record<string, { cost: number }>; vrptw: Record<string, { dimacs_distance: number }> } =>
  JSON.parse(read("bks.json"));

const cases: Record<string, Case> = {
  berlin52: { load: () => parseTsplib(read("tsplib/berlin52.tsp"), "berlin52", bks().tsplib.berlin52!), iterations: 20_000, maxGapPct: 3 },
  gr96: { load: () => parseTsplib(read("tsplib/gr96.tsp"), "gr96", bks().tsplib.gr96!), iterations: 20_000, maxGapPct: 3 },
  "A-n32-k5": { load: () => parseCvrp(read("cvrp/A/A-n32-k5.vrp"), "A", "A-n32-k5", bks().cvrp["A-n32-k5"]!.cost, 5), iterations: 5000, maxGapPct: 3 },
  "P-n16-k8": { load: () => parseCvrp(read("cvrp/P/P-n16-k8.vrp"), "P", "P-n16-k8", bks().cvrp["P-n16-k8"]!.cost, 8), iterations: 5000, maxGapPct: 3 },
  "X-n101-k25": { load: () => parseCvrp(read("cvrp/X/X-n101-k25.vrp"), "X", "X-n101-k25", bks().cvrp["X-n101-k25"]!.cost), iterations: 5000, maxGapPct: 5 },
  C101: { load: () => parseSolomon(read("vrptw/solomon/C101.txt"), "C101", bks().vrptw.C101!.dimacs_distance), iterations: 3000, maxGapPct: 5 },
  R201: { load: () => parseSolomon(read("vrptw/solomon/R201.txt"), "R201", bks().vrptw.R201!.dimacs_distance), iterations: 3000, maxGapPct: 6 },
};

describe("benchmark smoke subset", () => {
  it("finds the benchmark instances (datasets/bench/instances or ROUTEPILOT_BENCH_INSTANCES)", () => {
    expect(existsSync(`${dir}/bks.json`), `no bks.json in ${dir}`).toBe(true);
  });

  for (const [name, c] of Object.entries(cases)) {
    it(`${name}: feasible and within ${c.maxGapPct}% of the best-known`, () => {
      const inst = c.load();
      const sol = solve(inst.problem, { seed: 1, maxIterations: c.iterations });
      const check = validateSolution(inst.problem, sol);
      expect(check.violations).toEqual([]);
      expect(sol.unassigned).toEqual([]);
      const gap = ((check.cost / inst.costScale - inst.bks) / inst.bks) * 100;
      expect(gap).toBeGreaterThan(-1e-9);
      expect(gap).toBeLessThanOrEqual(c.maxGapPct);
    });
  }
});
