/** Runs one instance with one seed and recomputes its cost with the independent checker. */
import { solve, solveParallel, validateSolution, type Solution } from "../../packages/solver/src/index";
import { randomProblem } from "../../packages/solver/src/test-support/random-problems";
import { Rng } from "../../packages/solver/src/util/rng";
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
}

export async function runInstance(inst: BenchInstance, seed: number, timeLimitS: number, threads: number, bksVehicles?: number): Promise<RunResult> {
  const t0 = performance.now();
  const options = { seed, timeLimitMs: timeLimitS * 1000 };
  const solution: Solution = threads > 1 ? await solveParallel(inst.problem, { ...options, threads }) : solve(inst.problem, options);
  const timeS = (performance.now() - t0) / 1000;
  const check = validateSolution(inst.problem, solution);
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
  };
}

/**
 * Untimed warm-up before the first measured run: V8 compiles the engine's hot loops only after
 * they have run for a while, so without it the first instance of a run is measured on cold code.
 * Generated problems only (every constraint, a CVRP and a plain TSP), never a benchmark instance.
 */
export function warmUp(): void {
  const rng = new Rng(99);
  const pts = Array.from({ length: 201 }, () => [rng.int(1000), rng.int(1000)] as const);
  const durations = pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]))));
  const jobs = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, location: i + 1, delivery: [1 + rng.int(20)] }));
  const cvrp = { matrices: { durations }, jobs, vehicles: Array.from({ length: 12 }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [200] })) };
  const tsp = { matrices: { durations }, jobs: jobs.map(({ id, location }) => ({ id, location })), vehicles: [{ id: 1, start: 0, end: 0 }] };
  for (let seed = 1; seed <= 5; seed++) solve(randomProblem(seed), { seed, timeLimitMs: 100 });
  solve(cvrp, { seed: 1, timeLimitMs: 500 });
  // Small CVRPs too: V8 keeps re-optimising the search loops for a while on each new shape of problem.
  for (const n of [40, 60, 80, 100]) {
    const small = { ...cvrp, jobs: jobs.slice(0, n), vehicles: cvrp.vehicles.slice(0, Math.ceil(n / 8)).map((v) => ({ ...v, capacity: [100] })) };
    solve(small, { seed: 1, timeLimitMs: 400 });
  }
  solve(tsp, { seed: 1, timeLimitMs: 300 });
}
