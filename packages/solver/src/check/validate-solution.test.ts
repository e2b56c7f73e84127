import { describe, expect, it } from "vitest";
import type { Problem, Solution } from "../model/types";
import { solve } from "../solve";
import { validateSolution } from "./validate-solution";

const problem: Problem = {
  matrices: { durations: [[0, 10, 10], [10, 0, 5], [10, 5, 0]] },
  jobs: [
    { id: 1, location: 1, delivery: [3], timeWindows: [[0, 50]], service: 2 },
    { id: 2, location: 2, delivery: [3], skills: [7] },
  ],
  vehicles: [{ id: 9, start: 0, end: 0, capacity: [6], skills: [7], timeWindow: [0, 100] }],
};

describe("validateSolution", () => {
  const sol = solve(problem, { maxIterations: 50 });

  it("accepts the solver's solution and recomputes its cost", () => {
    const c = validateSolution(problem, sol);
    expect(c.violations).toEqual([]);
    expect(c.cost).toBe(25);
    expect(sol.cost).toBe(25);
  });

  const mutate = (f: (s: Solution) => void): string[] => {
    const copy = structuredClone(sol);
    f(copy);
    return validateSolution(problem, copy).violations;
  };

  it("detects a lost job", () => {
    expect(mutate((s) => (s.routes[0]!.steps = s.routes[0]!.steps.filter((x) => x.id !== 2))).join()).toMatch(/job 2 lost/);
  });
  it("detects a duplicated job", () => {
    expect(mutate((s) => s.routes[0]!.steps.splice(1, 0, { ...s.routes[0]!.steps[1]! })).join()).toMatch(/served twice/);
  });
  it("detects capacity, skills and window violations", () => {
    const tight: Problem = { ...problem, vehicles: [{ ...problem.vehicles[0]!, capacity: [5], skills: [] }], jobs: [{ ...problem.jobs![0]!, timeWindows: [[0, 5]] }, problem.jobs![1]!] };
    const v = validateSolution(tight, sol).violations.join("\n");
    expect(v).toMatch(/capacity/);
    expect(v).toMatch(/skill 7/);
    expect(v).toMatch(/time windows/);
  });
  it("detects a late return", () => {
    const late: Problem = { ...problem, vehicles: [{ ...problem.vehicles[0]!, timeWindow: [0, 20] }] };
    expect(validateSolution(late, sol).violations.join()).toMatch(/after shift end/);
  });
});
