import { parentPort, workerData } from "node:worker_threads";
import { InvalidProblemError } from "../model/errors";
import { solve } from "../solve";
import type { WorkerMessage, WorkerRequest } from "./protocol";

const DEFAULT_PROGRESS_INTERVAL_MS = 250;

/** Runs one solve with the request passed as workerData and posts progress and the result. */
function run(): void {
  const port = parentPort;
  if (!port) return;
  const { problem, options } = workerData as WorkerRequest;
  const post = (m: WorkerMessage): void => port.postMessage(m);
  try {
    const solution = solve(problem, {
      seed: options.seed,
      timeLimitMs: options.timeLimitMs,
      maxIterations: options.maxIterations,
      onProgress: options.progress ? (event) => post({ type: "progress", event }) : undefined,
      progressIntervalMs: options.progressIntervalMs ?? DEFAULT_PROGRESS_INTERVAL_MS,
    });
    post({ type: "result", solution });
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    post({ type: "error", name: err.name, message: err.message, field: e instanceof InvalidProblemError ? e.field : undefined });
  }
}

run();
