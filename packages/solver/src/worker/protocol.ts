import type { Problem, ProgressEvent, Solution } from "../model/types";

/** Options that can cross a thread boundary (no functions). */
export interface WorkerSolveOptions {
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
  /** Send progress events to the caller. */
  progress?: boolean;
  /** Minimum time between two progress events (default 250 ms in a worker). */
  progressIntervalMs?: number;
}

export interface WorkerRequest {
  problem: Problem;
  options: WorkerSolveOptions;
}

export type WorkerMessage =
  | { type: "progress"; event: ProgressEvent }
  | { type: "result"; solution: Solution }
  | { type: "error"; name: string; message: string; field?: string };
