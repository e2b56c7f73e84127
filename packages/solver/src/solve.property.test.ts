import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { validateSolution } from "./check/validate-solution";
import type { Problem, UnassignedReason } from "./model/types";
import { solve } from "./solve";
import { randomProblem } from "./test-support/random-problems";

const OPTIONS = { maxIterations: 60, seed: 3 };

/** Adds a location 1000 away from everything and a job there; every vehicle starts at 0 with shift [0, 5000]. */
function addFarJob(p: Problem, timeWindows: [number, number][]): void {
  const n = p.matrices.durations.length;
  const m = p.matrices.durations.map((row) => [...row, 1000]);
  m.push(new Array<number>(n + 1).fill(1000));
  m[n]![n] = 0;
  p.matrices = { durations: m, distances: m };
  p.vehicles = p.vehicles.map((v) => ({ ...v, start: 0, timeWindow: [0, 5000] as [number, number], maxTravelTime: undefined }));
  p.jobs = [...p.jobs!, { id: 9999, location: n, timeWindows }];
}

describe("property: random constrained problems", () => {
  it("every solution passes the independent checker and no job is lost", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), (seed) => {
        const problem = randomProblem(seed);
        const sol = solve(problem, OPTIONS);
        const check = validateSolution(problem, sol);
        expect(check.violations).toEqual([]);
        const served = sol.routes.flatMap((r) => r.steps).filter((s) => s.type === "job").length;
        const unassignedJobs = sol.unassigned.filter((u) => u.type === "job").length;
        expect(served + unassignedJobs).toBe(problem.jobs!.length);
        expect(Math.abs(check.cost - sol.cost)).toBeLessThan(1e-6 * Math.max(1, sol.cost));
      }),
      { numRuns: 150, seed: 42 },
    );
  });

  it("is deterministic for a seed and an iteration budget", () => {
    const problem = randomProblem(77);
    expect(solve(problem, OPTIONS).routes).toEqual(solve(problem, OPTIONS).routes);
  });

  it("an impossible job comes back unassigned with the right reason", () => {
    const kinds: { reason: UnassignedReason; add: (p: Problem) => void }[] = [
      { reason: "skills", add: (p) => void (p.jobs = [...p.jobs!, { id: 9999, location: 0, skills: [42] }]) },
      { reason: "capacity", add: (p) => void (p.jobs = [...p.jobs!, { id: 9999, location: 0, delivery: p.vehicles[0]!.capacity!.map(() => 1e6) }]) },
      { reason: "time_window", add: (p) => addFarJob(p, [[0, 500]]) },
      { reason: "shift", add: (p) => addFarJob(p, [[6000, 7000]]) },
      { reason: "unreachable", add: (p) => {
        const n = p.matrices.durations.length;
        const m = p.matrices.durations.map((row) => [...row, null]);
        m.push(new Array(n + 1).fill(null));
        m[n]![n] = 0;
        p.matrices = { durations: m, distances: m };
        p.jobs = [...p.jobs!, { id: 9999, location: n }];
        p.vehicles = p.vehicles.map((v) => ({ ...v, start: v.start ?? 0 }));
      } },
    ];
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 0, max: kinds.length - 1 }), (seed, k) => {
        const problem = randomProblem(seed);
        if (problem.vehicles.some((v) => !v.capacity)) problem.vehicles = problem.vehicles.map((v) => ({ ...v, capacity: [10, 10, 10].slice(0, Math.max(1, (problem.jobs![0]?.delivery ?? [0]).length)) }));
        const dims = problem.vehicles[0]!.capacity!.length;
        problem.jobs = problem.jobs!.map((j) => ({ ...j, delivery: j.delivery?.slice(0, dims).concat(new Array(Math.max(0, dims - (j.delivery?.length ?? 0))).fill(0)), pickup: undefined }));
        problem.shipments = [];
        problem.vehicles = problem.vehicles.map((v) => ({ ...v, capacity: v.capacity!.slice(0, dims) }));
        kinds[k]!.add(problem);
        const sol = solve(problem, OPTIONS);
        expect(validateSolution(problem, sol).violations).toEqual([]);
        const u = sol.unassigned.find((x) => x.id === 9999);
        expect(u?.reason).toBe(kinds[k]!.reason);
      }),
      { numRuns: 80, seed: 7 },
    );
  });
});
