import { randomUUID } from "node:crypto";
import { InvalidProblemError, defaultTimeLimitMs, fromVroomInput, toVroomOutput, type ProgressEvent, type VroomOutput } from "@routepilot/solver";
import { PUBLIC_API_LIMITS } from "@routepilot/contracts";
import type { Tx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { AppError, type VroomError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { billOverageCharge } from "../billing/billing";
import { TeamEvents } from "../teams/events";
import { assertCanOptimize, consumeRouteQuota, sendUsageWarnings, type Consumption } from "../billing/usage";
import { addLocations, checkProblemSize, locateProblem, readOptions, withRoadMatrices } from "./vroom-problem";

export type OptimizeDeps = Pick<AppDeps, "db" | "geo" | "solver" | "logger" | "mailer" | "baseUrl" | "realtime" | "env">;

export type OptimizeResult = { status: 200; body: VroomOutput } | { status: 400 | 500; body: VroomError };

/**
 * A VROOM input solved (the public API's synchronous and asynchronous paths): coordinates →
 * matrices from the routing provider, the engine on the worker pool with seed 1 unless
 * `options.seed`, `options.time_limit` up to `maxTimeLimitS`, else the engine's default budget
 * (defaultTimeLimitMs: 100 ms + 8 ms a task, at most 900 ms; solver README "API default") capped
 * at `capMs`; VROOM output with the coordinates put back. Bad input throws InvalidProblemError.
 */
export async function solveVroom(
  deps: Pick<OptimizeDeps, "geo" | "solver" | "logger" | "env">,
  input: Record<string, unknown>,
  limits: { maxTimeLimitS: number; capMs: number; onProgress?: (event: ProgressEvent, timeLimitMs: number) => void },
): Promise<VroomOutput> {
  const t0 = performance.now();
  const options = readOptions(input, limits.maxTimeLimitS);
  const located = locateProblem(input);
  const problem = fromVroomInput(located ? await withRoadMatrices(deps, located) : input);
  const loadingMs = performance.now() - t0;
  const tasks = (problem.jobs?.length ?? 0) + 2 * (problem.shipments?.length ?? 0);
  const timeLimitMs = options.timeLimitMs ?? Math.min(limits.capMs, defaultTimeLimitMs(tasks));
  const solution = await deps.solver.solve(problem, { seed: options.seed, timeLimitMs }, limits.onProgress && ((event) => limits.onProgress!(event, timeLimitMs)));
  const output = toVroomOutput(problem, solution, loadingMs);
  return located ? addLocations(output, located.points) : output;
}

/** One route of the owner's quota per vehicle route of the output (`requestId` names them in the usage log), inside the caller's transaction. */
export async function chargeVroomRoutes(tx: Tx, user: { id: string; email: string }, output: VroomOutput, requestId: string, logger: Logger): Promise<Consumption[]> {
  const consumptions: Consumption[] = [];
  for (const route of output.routes ?? []) {
    const stops = route.steps.filter((s) => s.type === "job" || s.type === "pickup" || s.type === "delivery").length;
    consumptions.push(await consumeRouteQuota(tx, user, { routeRequestId: `${requestId}:${route.vehicle}`, destinationCount: stops, logger }));
  }
  return consumptions;
}

/** After the charge committed: overage charges billed, the team's usage pushed to its managers, the usage notices written, pushed and mailed. */
export async function afterVroomCharges(deps: OptimizeDeps, user: { id: string; email: string }, consumptions: readonly Consumption[]): Promise<void> {
  for (const c of consumptions) if (c.overageChargeId) await billOverageCharge(deps, user.id, c.overageChargeId);
  const last = consumptions.at(-1);
  if (!last) return;
  if (last.teamId) {
    const events = new TeamEvents();
    await events.teamChanged(deps.db, last.teamId, "usage", user.id);
    await events.flush(deps.realtime, deps.logger);
  }
  await sendUsageWarnings(deps, user, last);
}

/**
 * POST /api/v1/optimize: up to PUBLIC_API_LIMITS.syncTasks tasks and `options.time_limit` ≤ 10 s,
 * solved while the caller waits. Each vehicle route returned uses one route of the owner's monthly
 * quota, all in one transaction (402 and nothing counted when they do not fit). Bad input →
 * `{ code: 2, error }`.
 */
export async function optimizeVroom(deps: OptimizeDeps, user: { id: string; email: string }, raw: unknown): Promise<OptimizeResult> {
  checkProblemSize(raw, true);
  await assertCanOptimize(deps.db, user);
  let output: VroomOutput;
  try {
    const syncLimitMs = PUBLIC_API_LIMITS.syncTimeLimitSeconds * 1000;
    output = await solveVroom(deps, raw as Record<string, unknown>, { maxTimeLimitS: PUBLIC_API_LIMITS.syncTimeLimitSeconds, capMs: Math.min(syncLimitMs, deps.env.SOLVER_TIME_LIMIT_MS) });
  } catch (error) {
    if (error instanceof InvalidProblemError) return { status: 400, body: { code: 2, error: error.message } };
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, userId: user.id }, "public API optimisation failed");
    return { status: 500, body: { code: 1, error: "Internal error while solving" } };
  }
  const requestId = `api:${randomUUID()}`;
  const consumptions = output.routes?.length ? await deps.db.transaction((tx) => chargeVroomRoutes(tx, user, output, requestId, deps.logger)) : [];
  await afterVroomCharges(deps, user, consumptions);
  return { status: 200, body: output };
}
