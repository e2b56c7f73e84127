import { randomUUID } from "node:crypto";
import { InvalidProblemError, fromVroomInput, toVroomOutput, type VroomOutput } from "@routepilot/solver";
import { PUBLIC_API_LIMITS } from "@routepilot/contracts";
import type { AppDeps } from "../../lib/context";
import { AppError } from "../../lib/errors";
import { assertCanOptimize, consumeRouteQuota, sendUsageWarnings, type Consumption } from "../usage";
import { solverBudgetMs } from "../route-planning";
import { addLocations, checkProblemSize, locateProblem, readOptions, withRoadMatrices, type VroomError } from "./vroom-problem";

export type OptimizeDeps = Pick<AppDeps, "db" | "geo" | "solver" | "logger" | "mailer" | "baseUrl"> & { env: Pick<AppDeps["env"], "SOLVER_TIME_LIMIT_MS"> };

/** What happened after commit: overage charges to bill, a team whose usage changed. */
export interface OptimizeAfterCommit {
  billOverage?: (userId: string, chargeId: string) => Promise<void>;
  teamUsageChanged?: (teamId: string, userId: string) => Promise<void>;
}

export type OptimizeResult = { status: 200; body: VroomOutput } | { status: 400 | 500; body: VroomError };

/**
 * Solves a VROOM input for the key's owner (POST /api/v1/optimize): size limits, coordinates →
 * matrices from the routing provider, the engine on the worker pool (seed 1 unless
 * `options.seed`; `options.time_limit` up to 10 s, else the planner's budget), VROOM output.
 * Each vehicle route returned uses one route of the owner's monthly quota, all in one
 * transaction (402 and nothing counted when they do not fit). Bad input → `{ code: 2, error }`.
 */
export async function optimizeVroom(deps: OptimizeDeps, user: { id: string; email: string }, raw: unknown, after: OptimizeAfterCommit = {}): Promise<OptimizeResult> {
  const tasks = checkProblemSize(raw, true);
  await assertCanOptimize(deps.db, user);
  const t0 = performance.now();
  let output: VroomOutput;
  try {
    const input = raw as Record<string, unknown>;
    const syncLimitMs = PUBLIC_API_LIMITS.syncTimeLimitSeconds * 1000;
    const options = readOptions(input, PUBLIC_API_LIMITS.syncTimeLimitSeconds);
    const located = locateProblem(input);
    const problem = fromVroomInput(located ? await withRoadMatrices(deps, located) : input);
    const loadingMs = performance.now() - t0;
    const timeLimitMs = options.timeLimitMs ?? solverBudgetMs(tasks, Math.min(syncLimitMs, deps.env.SOLVER_TIME_LIMIT_MS));
    const solution = await deps.solver.solve(problem, { seed: options.seed, timeLimitMs });
    output = toVroomOutput(problem, solution, loadingMs);
    if (located) output = addLocations(output, located.points);
  } catch (error) {
    if (error instanceof InvalidProblemError) return { status: 400, body: { code: 2, error: error.message } };
    if (error instanceof AppError) throw error;
    deps.logger.error({ err: error, userId: user.id }, "public API optimisation failed");
    return { status: 500, body: { code: 1, error: "Internal error while solving" } };
  }

  const routeCount = output.routes?.length ?? 0;
  const requestId = randomUUID();
  const consumptions: Consumption[] = [];
  if (routeCount > 0) {
    await deps.db.transaction(async (tx) => {
      for (let k = 0; k < routeCount; k++) {
        const route = output.routes![k]!;
        const stops = route.steps.filter((s) => s.type === "job" || s.type === "pickup" || s.type === "delivery").length;
        consumptions.push(await consumeRouteQuota(tx, user, { routeRequestId: `api:${requestId}:${route.vehicle}`, destinationCount: stops, logger: deps.logger }));
      }
    });
  }
  for (const c of consumptions) if (c.overageChargeId) await after.billOverage?.(user.id, c.overageChargeId);
  const last = consumptions.at(-1);
  if (last?.teamId) await after.teamUsageChanged?.(last.teamId, user.id);
  if (last) await sendUsageWarnings(deps.db, deps.mailer, user, last, deps.baseUrl);
  return { status: 200, body: output };
}
