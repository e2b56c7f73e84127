import { expect } from "vitest";
import { SolutionState } from "../core/solution-state";
import { validateSolution } from "../check/validate-solution";
import { compileProblem, isVehicleTask } from "../model/instance";
import type { Operator } from "../search/operators/operator";
import { recreate } from "../search/ruin-recreate";
import { buildRouteSolution } from "../core/schedule";
import type { Problem, Solution } from "../model/types";
import { Rng } from "../util/rng";
import { randomProblem } from "./random-problems";

/** A solution built from the state's routes (no unassigned list): for the checker's route checks. */
function snapshotSolution(state: SolutionState): Solution {
  const routes = state.routes.filter((r) => r.stops > 0).map((r) => buildRouteSolution(state.inst, r.v, r.tasks));
  const unassigned: Solution["unassigned"] = [];
  for (const q of state.unassignedRequests()) {
    const inst = state.inst;
    const first = inst.requestFirst[q]!;
    if (inst.requestSecond[q]! < 0) unassigned.push({ type: "job", id: inst.taskId[first]!, reason: "dropped" });
    else {
      unassigned.push({ type: "pickup", id: inst.taskId[first]!, reason: "dropped" });
      unassigned.push({ type: "delivery", id: inst.taskId[inst.requestSecond[q]!]!, reason: "dropped" });
    }
  }
  return { routes, unassigned, cost: 0, travelTime: 0, distance: 0, duration: 0, waiting: 0, service: 0, setup: 0, computingTimeMs: 0, iterations: 0 };
}

/**
 * Operator contract check on random constrained problems: whenever `evaluate` reports an
 * improvement, `apply` changes the total cost by exactly that delta and the result passes
 * the independent checker. Returns how many improving moves were applied.
 */
export function checkOperatorContract(make: () => Operator, problems = 120, extra: Problem[] = []): number {
  let applied = 0;
  const all = [...extra, ...Array.from({ length: problems }, (_, i) => randomProblem(1000 + i))];
  for (const problem of all) {
    const inst = compileProblem(problem);
    const op = make();
    if (!op.supports(inst)) continue;
    const state = new SolutionState(inst);
    const rng = new Rng(5);
    for (let v = 0; v < inst.nVehicles; v++) if (inst.vBreaks[v]!.length > 0) state.setRoute(v, inst.vBreaks[v]!.slice());
    recreate(state, Array.from({ length: inst.nRequests }, (_, q) => q), rng, 0.3, null);
    for (let trial = 0; trial < 200; trial++) {
      const u = rng.int(inst.nTasks);
      const v = rng.int(inst.nTasks);
      if (u === v || state.taskRoute[u]! < 0 || state.taskRoute[v]! < 0 || isVehicleTask(inst.taskKind[u]) || isVehicleTask(inst.taskKind[v])) continue;
      const before = state.totalCost();
      const delta = op.evaluate(state, u, v);
      expect(delta).toBeLessThanOrEqual(0);
      if (delta < -1e-9) {
        op.apply(state);
        applied++;
        expect(state.totalCost()).toBeCloseTo(before + delta, 6);
        expect(validateSolution(problem, snapshotSolution(state)).violations).toEqual([]);
      }
    }
  }
  return applied;
}
