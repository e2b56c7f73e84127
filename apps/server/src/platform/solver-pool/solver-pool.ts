import { Worker } from "node:worker_threads";
import { InvalidProblemError, requireValidProblem, type Matrices, type Problem, type ProgressEvent, type Solution } from "@routepilot/solver";
import { ServiceBusyError } from "../../lib/errors";
import type { PoolSolveOptions, SolverPool } from "../../lib/ports";
export type { PoolSolveOptions, SolverPool } from "../../lib/ports";

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
  /** The problem's profileMatrices, packed the same way. */
  profiles?: Record<string, Omit<PackedMatrices, "size" | "profiles">>;
}

type Matrix = readonly (readonly (number | null)[])[];

/** Rows packed between two turns of the event loop (2,000 rows: ~16 short blocks per matrix). */
const ROWS_PER_BLOCK = 128;
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Packs a matrix a block of rows at a time, checking each value as requireValidProblem would
 * (the pool checks the matrices' shapes only, so that no n² pass holds the event loop).
 */
async function pack(m: Matrix, field: string): Promise<Float64Array> {
  const n = m.length;
  const out = new Float64Array(n * n);
  for (let i = 0; i < n; i++) {
    if (i % ROWS_PER_BLOCK === ROWS_PER_BLOCK - 1) await yieldToEventLoop();
    const row = m[i] as readonly (number | null)[];
    for (let j = 0; j < n; j++) {
      const v = row[j];
      if (v === null || v === undefined) out[i * n + j] = Number.NaN;
      else if (typeof v !== "number" || !Number.isFinite(v) || v < 0) throw new InvalidProblemError(`${field}[${i}][${j}]`, "must be a non-negative finite number or null");
      else out[i * n + j] = v;
    }
  }
  return out;
}

async function packMatrices(m: Matrices, field: string): Promise<Omit<PackedMatrices, "size" | "profiles">> {
  return {
    durations: await pack(m.durations, `${field}.durations`),
    ...(m.distances ? { distances: await pack(m.distances, `${field}.distances`) } : {}),
    ...(m.costs ? { costs: await pack(m.costs, `${field}.costs`) } : {}),
  };
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
async function packProblem(problem: Problem): Promise<{ problem: Problem; packed: PackedMatrices; transfer: ArrayBuffer[] }> {
  const profiles: NonNullable<PackedMatrices["profiles"]> = {};
  for (const [name, m] of Object.entries(problem.profileMatrices ?? {})) profiles[name] = await packMatrices(m, `profileMatrices.${name}`);
  const packed: PackedMatrices = { size: problem.matrices.durations.length, ...(await packMatrices(problem.matrices, "matrices")), ...(problem.profileMatrices ? { profiles } : {}) };
  const transfer = [packed, ...Object.values(profiles)]
    .flatMap((m) => [m.durations, m.distances, m.costs])
    .filter((a): a is Float64Array => a !== undefined)
    .map((a) => a.buffer as ArrayBuffer);
  const { profileMatrices: _profiles, ...rest } = problem;
  return { problem: { ...rest, matrices: { durations: [] } }, packed, transfer };
}

/** The worker's side of `packProblem`. */
export function unpackProblem(problem: Problem, packed: PackedMatrices): Problem {
  const matrices = (m: Omit<PackedMatrices, "size" | "profiles">): Matrices => ({
    durations: unpack(m.durations, packed.size),
    ...(m.distances ? { distances: unpack(m.distances, packed.size) } : {}),
    ...(m.costs ? { costs: unpack(m.costs, packed.size) } : {}),
  });
  return {
    ...problem,
    matrices: matrices(packed),
    ...(packed.profiles ? { profileMatrices: Object.fromEntries(Object.entries(packed.profiles).map(([name, m]) => [name, matrices(m)])) } : {}),
  };
}

export type SolverReply = { id: number; ok: true; solution: Solution } | { id: number; ok: false; name: string; message: string };
/** A progress message from a worker while it solves request `id`. */
export type SolverProgress = { id: number; progress: ProgressEvent };

/** Minimum time between two progress messages from a worker. */
export const PROGRESS_INTERVAL_MS = 250;

const SHIM = new URL("./solver-worker-shim.mjs", import.meta.url);

interface Task {
  /** The request with its matrices packed, and the buffers to transfer with it. */
  request: SolverRequest & { packed: PackedMatrices };
  transfer: ArrayBuffer[];
  onProgress?: ((event: ProgressEvent) => void) | undefined;
  resolve(solution: Solution): void;
  reject(error: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  /** When the task was posted to the worker (performance.now()). */
  postedAt: number;
}

export interface SolverPoolOptions {
  /** Called when a worker answers a problem (or dies on it), with the worker time in milliseconds. */
  onSolved?: (ms: number, ok: boolean) => void;
}

/**
 * A fixed pool of `size` solver threads, started lazily and kept for the process's life.
 * (Starting a thread costs ~0.5 s of TypeScript loading, far more than solving 100 stops.)
 * A worker that dies fails its task and is replaced on the next request. At most `maxQueue`
 * problems wait for a thread, so a burst cannot pile up work (and memory) without bound.
 */
export function createSolverPool(size: number, maxQueue = 32, poolOptions: SolverPoolOptions = {}): SolverPool {
  const slots: Slot[] = [];
  const queue: Task[] = [];
  let nextId = 1;
  let closed = false;
  /** Problems being packed: they count against maxQueue like the queued ones (once the free threads are taken). */
  let packing = 0;

  /** `warm`: the thread first runs warm-up solves (solver-worker.ts), for threads started ahead of requests. */
  const spawn = (warm = false): Slot => {
    const worker = new Worker(SHIM, { workerData: { warm } });
    // Idle solver threads must not keep the process (or a test run) alive.
    worker.unref();
    const slot: Slot = { worker, task: null, postedAt: 0 };
    worker.on("message", (reply: SolverReply | SolverProgress) => {
      if ("progress" in reply) {
        if (slot.task?.request.id === reply.id) slot.task.onProgress?.(reply.progress);
        return;
      }
      const task = slot.task;
      slot.task = null;
      if (task && task.request.id === reply.id) {
        poolOptions.onSolved?.(performance.now() - slot.postedAt, reply.ok);
        if (reply.ok) task.resolve(reply.solution);
        else task.reject(Object.assign(new Error(reply.message), { name: reply.name }));
      }
      pump();
    });
    const fail = (error: Error) => {
      const index = slots.indexOf(slot);
      if (index >= 0) slots.splice(index, 1);
      if (slot.task) poolOptions.onSolved?.(performance.now() - slot.postedAt, false);
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
      slot.postedAt = performance.now();
      slot.worker.postMessage(task.request, task.transfer);
    }
  };

  return {
    async solve(problem, options = {}, onProgress) {
      if (closed) throw new Error("solver pool is closed");
      // Shapes here; the matrices' n² values while they are packed, a block of rows at a time.
      requireValidProblem(problem, { matrixValues: false });
      // Waiting: the queued problems and those being packed, less the threads free to take them.
      const free = size - slots.filter((s) => s.task !== null).length;
      if (queue.length + packing - free >= maxQueue) throw new ServiceBusyError("The route optimiser is busy right now. Please try again in a few seconds.");
      packing++;
      const { problem: bare, packed, transfer } = await packProblem(problem).finally(() => packing--);
      if (closed) throw new Error("solver pool is closed");
      return new Promise<Solution>((resolve, reject) => {
        queue.push({ request: { id: nextId++, problem: bare, packed, options, ...(onProgress ? { progress: true } : {}) }, transfer, onProgress, resolve, reject });
        pump();
      });
    },
    warm() {
      while (!closed && slots.length < size) spawn(true);
    },
    stats() {
      return { workers: size, busy: slots.filter((s) => s.task !== null).length, queued: queue.length + packing, maxQueue };
    },
    async close() {
      closed = true;
      for (const task of queue.splice(0)) task.reject(new Error("solver pool is closed"));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
