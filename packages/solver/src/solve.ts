import { explainUnassigned } from "./core/explain-unassigned";
import { buildRouteSolution } from "./core/schedule";
import { SolutionState } from "./core/solution-state";
import { compileProblem } from "./model/instance";
import type { MatrixRow, Problem, ProgressEvent, RouteSolution, Solution, SolveOptions } from "./model/types";
import { Stopping } from "./search/stopping";
import { annealingEngine, DEFAULT_TUNING } from "./engines/annealing/annealing";
import { cvrpOf } from "./engines/hgs/cvrp";
import { geneticEngine } from "./engines/hgs/engine";
import { isPlainTsp, solvePlainTsp } from "./engines/tsp/tsp-solver";
import { Rng } from "./util/rng";

export { DEFAULT_TUNING };

const DEFAULT_TIME_LIMIT_MS = 1000;

/**
 * Solves a routing problem. Anytime: stops at `timeLimitMs` or `maxIterations`, returning
 * the best solution found. Deterministic for a given seed and iteration budget.
 * Throws InvalidProblemError only for malformed input; infeasible requests come back in
 * `unassigned` with a reason.
 */
export function solve(problem: Problem<MatrixRow>, options: SolveOptions = {}): Solution {
  const now = options.now ?? (() => performance.now());
  const t0 = now();
  const inst = compileProblem(problem);
  const seed = options.seed ?? 1;
  const maxIterations = options.maxIterations ?? Infinity;
  const timeLimitMs = options.timeLimitMs ?? (options.maxIterations !== undefined ? Infinity : DEFAULT_TIME_LIMIT_MS);
  // The time budget covers compilation too: the caller gets an answer within timeLimitMs.
  const stop = new Stopping(now, timeLimitMs - (now() - t0), maxIterations);
  const rng = new Rng(seed);
  const state = new SolutionState(inst);
  options = { ...options, onProgress: throttle(options.onProgress, options.progressIntervalMs ?? 0, now) };
  let iterations: number;
  // The TSP solvers minimise travel cost only: with one vehicle that is also the balance optimum
  // when cost is travel time.
  if (isPlainTsp(inst) && (inst.balanceCoef === 0 || inst.cost[0] === inst.dur[0])) {
    const res = solvePlainTsp(inst, rng, stop, options.onProgress);
    state.setRoute(0, res.tasks);
    iterations = res.iterations;
  } else {
    const cvrp = (options.tuning?.engine ?? DEFAULT_TUNING.engine) === "auto" ? cvrpOf(inst) : null;
    iterations = (cvrp && geneticEngine(inst, cvrp, state, rng, stop, options)) ?? annealingEngine(inst, state, rng, stop, options);
  }
  return buildSolution(state, iterations, now() - t0);
}

/** Lets at most one event through per `intervalMs` (the first always passes). */
function throttle(
  onProgress: SolveOptions["onProgress"],
  intervalMs: number,
  now: () => number,
): SolveOptions["onProgress"] {
  if (!onProgress || !(intervalMs > 0)) return onProgress;
  let last = -Infinity;
  return (event: ProgressEvent) => {
    const t = now();
    if (t - last < intervalMs) return;
    last = t;
    onProgress(event);
  };
}

function buildSolution(state: SolutionState, iterations: number, elapsedMs: number): Solution {
  const inst = state.inst;
  const routes: RouteSolution[] = [];
  for (const r of state.routes) {
    if (r.stops === 0) continue;
    routes.push(buildRouteSolution(inst, r.v, r.tasks));
  }
  const unassigned: Solution["unassigned"] = [];
  for (const q of state.unassignedRequests()) {
    const reason = explainUnassigned(state, q);
    const first = inst.requestFirst[q]!;
    if (inst.requestSecond[q]! < 0) unassigned.push({ type: "job", id: inst.taskId[first]!, reason });
    else {
      unassigned.push({ type: "pickup", id: inst.taskId[first]!, reason });
      unassigned.push({ type: "delivery", id: inst.taskId[inst.requestSecond[q]!]!, reason });
    }
  }
  const sum = (f: (r: (typeof routes)[number]) => number): number => routes.reduce((a, r) => a + f(r), 0);
  return {
    routes,
    unassigned,
    cost: sum((r) => r.cost),
    travelTime: sum((r) => r.travelTime),
    distance: sum((r) => r.distance),
    duration: sum((r) => r.duration),
    waiting: sum((r) => r.waiting),
    service: sum((r) => r.service),
    setup: sum((r) => r.setup),
    computingTimeMs: elapsedMs,
    iterations,
  };
}
