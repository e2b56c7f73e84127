import { parentPort, workerData } from "node:worker_threads";
import { solve, warmUp } from "@routepilot/solver";
import { PROGRESS_INTERVAL_MS, unpackProblem, type SolverProgress, type SolverReply, type SolverRequest } from "./solver-pool";

/** Milliseconds of warm-up solves a thread started by SolverPool.warm() runs first (decision 014). */
export const WARM_UP_MS = 600;

// Requests posted meanwhile wait on the port and are answered right after.
if ((workerData as { warm?: boolean } | undefined)?.warm) warmUp(WARM_UP_MS);

/** A long-lived solver thread: one request at a time, each answered with its id. */
const port = parentPort;
port?.on("message", (request: SolverRequest) => {
  let reply: SolverReply;
  try {
    const progress = request.progress
      ? { onProgress: (event: SolverProgress["progress"]) => port.postMessage({ id: request.id, progress: event } satisfies SolverProgress), progressIntervalMs: PROGRESS_INTERVAL_MS }
      : {};
    const problem = request.packed ? unpackProblem(request.problem, request.packed) : request.problem;
    reply = { id: request.id, ok: true, solution: solve(problem, { ...request.options, ...progress }) };
  } catch (e) {
    const error = e instanceof Error ? e : new Error(String(e));
    reply = { id: request.id, ok: false, name: error.name, message: error.message };
  }
  port.postMessage(reply);
});
