import { describe, expect, it } from "vitest";
import { validateSolution } from "../check/validate-solution";
import { buildRouteSolution } from "../core/schedule";
import { SolutionState } from "../core/solution-state";
import { compileProblem } from "../model/instance";
import type { Problem, Solution } from "../model/types";
import { euclidMatrix, randomPoints } from "../test-support/random-problems";
import { Rng } from "../util/rng";
import { buildNeighbours } from "./neighbours";
import { capacityRepair, savingsApplies, savingsConstruction } from "./savings";

/** The state's routes, and its left-out jobs as unassigned, for the independent checker. */
function routesOf(state: SolutionState): Solution {
  const inst = state.inst;
  const routes = state.routes.filter((r) => r.stops > 0).map((r) => buildRouteSolution(inst, r.v, r.tasks));
  const unassigned = state.unassignedRequests().map((q) => ({ type: "job" as const, id: inst.taskId[inst.requestFirst[q]!]!, reason: "capacity" as const }));
  return { routes, unassigned, cost: 0, travelTime: 0, distance: 0, duration: 0, waiting: 0, service: 0, setup: 0, computingTimeMs: 0, iterations: 0 };
}

describe("savings construction", () => {
  it("builds feasible routes that hold every job at most once, with time windows and two capacities", () => {
    for (let i = 0; i < 40; i++) {
      const rng = new Rng(900 + i);
      const n = 10 + rng.int(40);
      const problem: Problem = {
        matrices: { durations: euclidMatrix(randomPoints(rng, n + 1)) },
        jobs: Array.from({ length: n }, (_, j) => ({
          id: j + 1,
          location: j + 1,
          delivery: [1 + rng.int(9), rng.int(3)],
          ...(i % 2 ? { timeWindows: [[rng.int(200), 250 + rng.int(300)] as [number, number]] } : {}),
        })),
        vehicles: Array.from({ length: 3 }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [30, 8] })),
      };
      const inst = compileProblem(problem);
      expect(savingsApplies(inst)).toBe(true);
      const state = new SolutionState(inst);
      const left = savingsConstruction(state, buildNeighbours(inst, 40));
      expect(validateSolution(problem, routesOf(state)).violations).toEqual([]);
      const placed = state.routes.flatMap((r) => r.tasks);
      expect(new Set(placed).size).toBe(placed.length);
      expect(placed.length + left.length).toBe(n);
      expect(state.routes.filter((r) => r.stops > 0).length).toBeLessThanOrEqual(3);
    }
  });

  it("does not apply to mixed fleets, shipments or breaks", () => {
    const problem: Problem = {
      matrices: { durations: [[0, 1], [1, 0]] },
      jobs: [{ id: 1, location: 1 }],
      vehicles: [{ id: 1, start: 0, end: 0, capacity: [5] }, { id: 2, start: 0, end: 0, capacity: [6] }],
    };
    expect(savingsApplies(compileProblem(problem))).toBe(false);
  });
});

describe("capacity repair", () => {
  it("gathers the free room of a full fleet so that the left-out job fits", () => {
    // Jobs 1..4 with demands 6, 5, 5, 4 and two vehicles of 10: only {6, 4} + {5, 5} holds them all.
    const problem: Problem = {
      matrices: { durations: euclidMatrix([[0, 0], [10, 0], [0, 10], [-10, 0], [0, -10]]) },
      jobs: [6, 5, 5, 4].map((d, j) => ({ id: j + 1, location: j + 1, delivery: [d] })),
      vehicles: [{ id: 1, start: 0, end: 0, capacity: [10] }, { id: 2, start: 0, end: 0, capacity: [10] }],
    };
    const inst = compileProblem(problem);
    const state = new SolutionState(inst);
    state.setRoute(0, [1]);
    state.setRoute(1, [2, 3]);
    expect(state.unassignedRequests()).toEqual([0]);
    capacityRepair(state, new Rng(1));
    expect(state.unassignedRequests()).toEqual([]);
    expect(validateSolution(problem, routesOf(state)).violations).toEqual([]);
  });

  it("leaves a job no vehicle can reach out without touching the routes for it", () => {
    const durations: (number | null)[][] = euclidMatrix([[0, 0], [10, 0], [0, 10], [-10, 0], [0, -10], [5, 5]]);
    for (let i = 0; i < 6; i++) {
      durations[i]![5] = i === 5 ? 0 : null;
      durations[5]![i] = i === 5 ? 0 : null;
    }
    const problem: Problem = {
      matrices: { durations },
      jobs: [6, 5, 5, 4, 1].map((d, j) => ({ id: j + 1, location: j + 1, delivery: [d] })),
      vehicles: [{ id: 1, start: 0, end: 0, capacity: [11] }, { id: 2, start: 0, end: 0, capacity: [10] }],
    };
    const state = new SolutionState(compileProblem(problem));
    state.setRoute(0, [0, 3]);
    state.setRoute(1, [1, 2]);
    const before = state.snapshot();
    capacityRepair(state, new Rng(1));
    expect(state.snapshot()).toEqual(before);
    expect(state.unassignedRequests()).toEqual([4]);
  });
});
