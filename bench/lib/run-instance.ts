/** Runs one instance with one seed and recomputes its cost with the independent checker. */
import { solve, solveParallel, validateSolution, type ObjectiveMode, type Solution, type Tuning } from "../../packages/solver/src/index";
import type { BenchInstance } from "./instances";

export interface RunResult {
  set: string;
  name: string;
  n: number;
  seed: number;
  timeLimitS: number;
  /** Cost recomputed by validateSolution from the instance data, in the literature's unit. */
  cost: number;
  /** The solver's own claim (for information; never used for the gap). */
  solverCost: number;
  bks: number;
  gapPct: number;
  timeS: number;
  feasible: boolean;
  unassigned: number;
  vehicles: number;
  bksVehicles?: number;
  violations: string[];
  iterations: number;
  /** VROOM 1.14's recorded answer on this instance (Li & Lim), for the equal-time comparison. */
  vroom?: { cost: number; routes: number; wallS: number };
}

export async function runInstance(
  inst: BenchInstance,
  seed: number,
  timeLimitS: number,
  threads: number,
  bksVehicles?: number,
  engine: Tuning["engine"] = "auto",
  vroom?: RunResult["vroom"],
  objective?: ObjectiveMode,
): Promise<RunResult> {
  const problem = objective ? { ...inst.problem, objective: { ...inst.problem.objective, mode: objective } } : inst.problem;
  const t0 = performance.now();
  const options = { seed, timeLimitMs: timeLimitS * 1000, tuning: { engine } };
  const solution: Solution = threads > 1 ? await solveParallel(problem, { ...options, threads }) : solve(problem, options);
  const timeS = (performance.now() - t0) / 1000;
  const check = validateSolution(problem, solution);
  const cost = check.cost / inst.costScale;
  const feasible = check.feasible && solution.unassigned.length === 0;
  return {
    set: inst.set,
    name: inst.name,
    n: inst.n,
    seed,
    timeLimitS,
    cost: Math.round(cost * 100) / 100,
    solverCost: solution.cost / inst.costScale,
    bks: inst.bks,
    gapPct: ((cost - inst.bks) / inst.bks) * 100,
    timeS,
    feasible,
    unassigned: solution.unassigned.length,
    vehicles: check.routesUsed,
    ...(bksVehicles !== undefined ? { bksVehicles } : {}),
    violations: check.violations.slice(0, 5),
    iterations: solution.iterations,
    ...(vroom ? { vroom } : {}),
  };
}

