import { Worker } from "node:worker_threads";
import { InvalidProblemError } from "../model/errors";
import { requireValidProblem } from "../model/require-valid-problem";
import type { Problem, ProgressEvent, Solution } from "../model/types";
import { objectiveStats } from "../check/objective-stats";
import type { WorkerMessage, WorkerSolveOptions } from "./protocol";

export interface WorkerOptions extends Omit<WorkerSolveOptions, "progress"> {
  onProgress?: (event: ProgressEvent) => void;
}

const SHIM = new URL("./worker-shim.mjs", import.meta.url);

/**
 * Solves in a Node worker thread so the caller's event loop stays free.
 * Rejects with InvalidProblemError for malformed input (checked before starting the worker).
 */
export async function solveInWorker(problem: Problem, options: WorkerOptions = {}): Promise<Solution> {
  requireValidProblem(problem);
  const { onProgress, ...rest } = options;
  return new Promise<Solution>((resolve, reject) => {
    const worker = new Worker(SHIM, { workerData: { problem, options: { ...rest, progress: onProgress !== undefined } } });
    let settled = false;
    worker.on("message", (m: WorkerMessage) => {
      if (m.type === "progress") onProgress?.(m.event);
      else if (m.type === "result") {
        settled = true;
        resolve(m.solution);
        void worker.terminate();
      } else {
        settled = true;
        reject(m.field !== undefined ? new InvalidProblemError(m.field, m.message.replace(`${m.field}: `, "")) : new Error(`${m.name}: ${m.message}`));
        void worker.terminate();
      }
    });
    worker.on("error", (e) => {
      if (!settled) reject(e);
      settled = true;
    });
    worker.on("exit", (code) => {
      if (!settled) reject(new Error(`solver worker exited with code ${code}`));
      settled = true;
    });
  });
}

/**
 * Ranks solutions: fewer unassigned first, then lower cost — or, when the problem is given and
 * its objective mode is min_vehicles or balance, the lower objective value (objectiveStats).
 */
export function isBetter(a: Solution, b: Solution, problem?: Problem): boolean {
  if (a.unassigned.length !== b.unassigned.length) return a.unassigned.length < b.unassigned.length;
  if (problem && (problem.objective?.mode ?? "min_time") !== "min_time") return objectiveStats(problem, a).value < objectiveStats(problem, b).value;
  return a.cost < b.cost;
}

/**
 * Runs `threads` seeds (seed, seed+1, …) in as many workers and keeps the best solution.
 * Progress events report the best cost over all workers.
 */
export async function solveParallel(problem: Problem, options: WorkerOptions & { threads?: number } = {}): Promise<Solution> {
  const threads = Math.max(1, Math.floor(options.threads ?? 1));
  const seed = options.seed ?? 1;
  const { onProgress, threads: _t, ...rest } = options;
  let bestCost = Infinity;
  const runs = Array.from({ length: threads }, (_, i) =>
    solveInWorker(problem, {
      ...rest,
      seed: seed + i,
      onProgress: onProgress
        ? (e) => {
            if (e.bestCost < bestCost) {
              bestCost = e.bestCost;
              onProgress(e);
            }
          }
        : undefined,
    }),
  );
  const solutions = await Promise.all(runs);
  let best = solutions[0]!;
  for (const s of solutions) if (isBetter(s, best, problem)) best = s;
  return best;
}
