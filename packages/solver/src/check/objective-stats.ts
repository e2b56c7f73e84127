import { compileProblem } from "../model/instance";
import type { ObjectiveMode, Problem, Solution } from "../model/types";

/** Figures of a solution under the problem's objective mode (README "Objectives"). */
export interface ObjectiveStats {
  mode: ObjectiveMode;
  /** Routes with at least one stop. */
  vehiclesUsed: number;
  /** Unassigned tasks (a shipment counts twice, as in Solution.unassigned). */
  unassigned: number;
  /** Travel cost plus fixed costs (Solution.cost). */
  cost: number;
  /** Longest route duration. */
  maxDuration: number;
  /** Shortest duration over all the problem's vehicles (0 when a vehicle is unused). */
  minDuration: number;
  /** Shortest duration of a used route (0 when none is used). */
  minUsedDuration: number;
  /** maxDuration − minDuration. */
  spread: number;
  /** Working time (travel + setup + service, no waiting) of the busiest route, of the least busy vehicle (0 when unused), and their difference. */
  maxWork: number;
  minWork: number;
  workSpread: number;
  /**
   * What the mode minimises once every assignable task is placed: min_time `cost`;
   * min_vehicles `cost + vehiclesUsed × vehicleCost` (vehicleCost exceeds any total cost,
   * so fewer vehicles always win); balance `cost + balanceCoef × Σ working time²`.
   */
  value: number;
  vehicleCost: number;
  balanceCoef: number;
}

/** Computes ObjectiveStats from a solution's routes (durations as reported in the routes). */
export function objectiveStats(problem: Problem, solution: Solution): ObjectiveStats {
  const inst = compileProblem(problem);
  const used = solution.routes.filter((r) => r.steps.some((s) => s.type === "job" || s.type === "pickup" || s.type === "delivery"));
  const durations = used.map((r) => r.duration);
  const maxDuration = durations.length ? Math.max(...durations) : 0;
  const minUsedDuration = durations.length ? Math.min(...durations) : 0;
  const unused = used.length < problem.vehicles.length;
  const minDuration = unused ? 0 : minUsedDuration;
  const work = used.map((r) => r.travelTime + r.setup + r.service);
  const maxWork = work.length ? Math.max(...work) : 0;
  const minWork = unused || !work.length ? 0 : Math.min(...work);
  let value = solution.cost;
  if (inst.mode === "min_vehicles") value += used.length * inst.vehicleCost;
  if (inst.mode === "balance") for (const w of work) value += inst.balanceCoef * w * w;
  return {
    mode: inst.mode,
    vehiclesUsed: used.length,
    unassigned: solution.unassigned.length,
    cost: solution.cost,
    maxDuration,
    minDuration,
    minUsedDuration,
    spread: maxDuration - minDuration,
    maxWork,
    minWork,
    workSpread: maxWork - minWork,
    value,
    vehicleCost: inst.vehicleCost,
    balanceCoef: inst.balanceCoef,
  };
}
