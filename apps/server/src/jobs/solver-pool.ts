import { Worker } from "node:worker_threads";
import { requireValidProblem, type Problem, type ProgressEvent, type Solution } from "@routepilot/solver";
import { ServiceBusyError } from "../lib/errors";

/** Options that cross the thread boundary (no functions). */
export interface PoolSolveOptions {
  seed?: number;
  timeLimitMs?: number;
  maxIterations?: number;
}

export interface SolverRequest {
  id: number;
  problem: Problem;
  options: PoolSolveOptions;
  /** Send progress messages (new best solutions, at most every PROGRESS_INTERVAL_MS). */
  progress?: boolean;
  /** The problem's matrices (its own `matrices` are then empty). */
  packed?: PackedMatrices;
}

/**
 * Matrices packed row-major into Float64Arrays (NaN = unreachable) and transferred, not cloned:
 * a structured clone of a 2,000-point matrix would hold the event loop for about a third of a second.
 */
export interface PackedMatrices {
  size: number;
  durations: Float64Array;
  distances?: Float64Array;
  costs?: Float64Array;
}

type Matrix = readonly (readonly (number | null)[])[];

function pack(m: Matrix): Float64Array {
  const n = m.length;
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    const row = m[i] as readonly (number | null)[];
    for (let j = 0; j < n; j++) out[i * n + j] = row[j] ?? Number.NaN;
  }
  return out;
}

/** The worker's side of `pack`. */
export function unpack(flat: Float64Array, n: number): (number | null)[][] {
  const rows: (number | null)[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<number | null>(n);
    for (let j = 0; j < n; j++) {
      const v = flat[i * n + j] as number;
      row[j] = Number.isNaN(v) ? null : v;
    }
    rows.push(row);
  }
  return rows;
}

/** The request's problem without its matrices, and the matrices packed for transfer. */
function packProblem(problem: Problem): { problem: Problem; packed: PackedMatrices; transfer: ArrayBuffer[] } {
  const { durations, distances, costs } = problem.matrices;
  const packed: PackedMatrices = { size: durations.length, durations: pack(durations), ...(distances ? { distances: pack(distances) } : {}), ...(costs ? { costs: pack(costs) } : {}) };
  const transfer = [packed.durations, packed.distances, packed.costs].filter((a): a is Float64Array => a !== undefined).map((a) => a.buffer as ArrayBuffer);
  return { problem: { ...problem, matrices: { durations: [] } }, packed, transfer };
}

export type SolverReply = { id: number; ok: true; solution: Solution } | { id: number; ok: false; name: string; message: string };
/** A progress message from a worker while it solves request `id`. */
export type SolverProgress = { id: number; progress: ProgressEvent };

/** Minimum time between two progress messages from a worker. */
export const PROGRESS_INTERVAL_MS = 250;

/** Runs the solver in warm worker threads so a request never blocks the event loop. */
export interface SolverPool {
  /**
   * Validates the problem (InvalidProblemError), then solves it on a free worker; when
   * `maxQueue` problems already wait for one, refuses at once with ServiceBusyError (503).
   */
  solve(problem: Problem, options?: PoolSolveOptions, onProgress?: (event: ProgressEvent) => void): Promise<Solution>;
  /** Starts the workers now instead of on the first request. */
  warm(): void;
  close(): Promise<void>;
}

const SHIM = new URL("./solver-worker-shim.mjs", import.meta.url);

interface Task {
  request: SolverRequest;
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  resolve(solution: Solution): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
}

/**
 * A fixed pool of `size` solver threads, started lazily and kept for the process's life.
 * (Starting a thread costs ~0.5 s of TypeScript loading, far more than solving 100 stops.)
 * A worker that dies fails its task and is replaced on the next request. At most `maxQueue`
 * problems wait for a thread, so a burst cannot pile up work (and memory) without bound.
 */
export function createSolverPool(size: number, maxQueue = 32): SolverPool {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;

  const spawn = (): Slot => {
    const worker = new Worker(SHIM);
    // Idle solver threads must not keep the process (or a test run) alive.
    worker.unref();
    const slot: Slot = { worker, task: null };
    worker.on("message", (reply: SolverReply | SolverProgress) => {
      if ("progress" in reply) {
        if (slot.task?.request.id === reply.id) slot.task.onProgress?.(reply.progress);
        return;
      }
      const task = slot.task;
      slot.task = null;
      if (task && task.request.id === reply.id) {
        if (reply.ok) task.resolve(reply.solution);
        else task.reject(Object.assign(new Error(reply.message), { name: reply.name }));
      }
      pump();
    });
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      slot.task?.reject(error);
      slot.task = null;
      if (!closed) pump();
    };
    worker.on("error", fail);
    worker.on("exit", (code) => fail(new Error(`solver worker exited with code ${code}`)));
    slots.push(slot);
    return slot;
  };

  const pump = () => {
    if (closed) return;
    while (queue.length > 0) {
      let slot = slots.find((s) => s.task === null);
      if (!slot && slots.length < size) slot = spawn();
      if (!slot) return;
      const task = queue.shift() as Task;
      slot.task = task;
      const { problem, packed, transfer } = packProblem(task.request.problem);
      slot.worker.postMessage({ ...task.request, problem, packed }, transfer);
    }
  };

  return {
    solve(problem, options = {}, onProgress) {
      if (closed) return Promise.reject(new Error("solver pool is closed"));
      requireValidProblem(problem);
      if (queue.length >= maxQueue) {
        return Promise.reject(new ServiceBusyError("The route optimiser is busy right now. Please try again in a few seconds."));
      }
      return new Promise<Solution>((resolve, reject) => {
        queue.push({ request: { id: nextId++, problem, options, ...(onProgress ? { progress: true } : {}) }, onProgress, resolve, reject });
        pump();
      });
    },
    warm() {
      while (!closed && slots.length < size) spawn();
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("solver pool is closed"));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
