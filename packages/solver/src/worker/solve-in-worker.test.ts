import { describe, expect, it } from "vitest";
import { validateSolution } from "../check/validate-solution";
import { randomProblem } from "../test-support/random-problems";
import { solveInWorker, solveParallel } from "./solve-in-worker";

describe("worker runner", () => {
  const problem = randomProblem(5);

  it("solves in a worker thread and reports progress", async () => {
    const events: number[] = [];
    const sol = await solveInWorker(problem, { seed: 2, maxIterations: 200, onProgress: (e) => events.push(e.bestCost) });
    expect(validateSolution(problem, sol).violations).toEqual([]);
    expect(events.length).toBeGreaterThan(0);
  });

  it("keeps the best of K seeds", async () => {
    const sol = await solveParallel(problem, { seed: 1, maxIterations: 200, threads: 2 });
    const one = await solveInWorker(problem, { seed: 1, maxIterations: 200 });
    expect(validateSolution(problem, sol).violations).toEqual([]);
    expect(sol.unassigned.length).toBeLessThanOrEqual(one.unassigned.length);
    if (sol.unassigned.length === one.unassigned.length) expect(sol.cost).toBeLessThanOrEqual(one.cost);
  });
});
