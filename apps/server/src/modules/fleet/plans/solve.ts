import { planMessages, planRealtimeTypes, type PlanObjective } from "@routepilot/contracts";
import { validateSolution } from "@routepilot/solver";
import { AppError } from "../../../lib/errors";
import { billOverageCharge } from "../../billing/billing";
import { consumeRouteQuota, sendUsageWarnings, type Consumption } from "../../billing/usage";
import { travelFromMatrix, type Travel } from "../check-plan";
import { buildProblem, layoutPlan, toPlanResult, type PlanOrder } from "../problem";
import { publishPlan } from "./events";
import { dimensionNamesOf, teamVehicles } from "./inputs";
import { placeLockedPositions } from "./locked-positions";
import { driverByVehicle, managersOf, planById, quotaHolder, setPlanState, storeSolvedPlan } from "./queries";
import { planMatrices, withGeometry } from "./routing";
import { storedResult, type PlanDeps, type PlanSettings, type StoredResult } from "./rows";

/** Engine budget: the plan's setting, else 1 s + 10 ms per order, at most 50 s (the rest of a minute is matrix and storage). */
export function planTimeLimitMs(settings: PlanSettings | Record<string, unknown>, orderCount: number): number {
  const seconds = (settings as PlanSettings).timeLimitSeconds;
  return seconds ? seconds * 1000 : Math.min(50_000, 1000 + orderCount * 10);
}

/** Solves a queued plan: matrix, engine in the worker pool, then result and quota in one transaction. */
export async function solvePlan(deps: PlanDeps, planId: string): Promise<void> {
  const row = await planById(deps.db, planId);
  if (!row) return;
  const teamId = row.teamId;
  const setStatus = (values: Parameters<typeof setPlanState>[2]) => setPlanState(deps.db, planId, values);
  try {
    await setStatus({ status: "solving", progress: 0, error: null });
    const managers = await managersOf(deps.db, teamId);
    await publishPlan(deps, teamId, planRealtimeTypes.progress, { planId, status: "solving", progress: 0 }, managers);
    const vehicleList = await teamVehicles(deps, deps.db, teamId, row.vehicleIds, "vehicleIds", true);
    const orders = row.orders as unknown as PlanOrder[];
    const dimensionNames = await dimensionNamesOf(deps.db, teamId);
    const dims = dimensionNames.length;
    const layout = layoutPlan(vehicleList, orders);
    const matrices = await planMatrices(deps, layout.points, vehicleList);
    const problem = buildProblem({ vehicles: vehicleList, orders, objective: row.objective as PlanObjective, layout, matrices, dims, locks: row.locks, engineReady: true });
    const limitMs = planTimeLimitMs(row.settings, orders.length);
    let lastStored = 0;
    const solution = await deps.solver.solve(problem, { seed: 1, timeLimitMs: limitMs }, (event) => {
      const now = Date.now();
      if (now - lastStored < 500) return;
      lastStored = now;
      const progress = Math.min(0.99, event.elapsedMs / limitMs);
      void setStatus({ progress }).catch(() => {});
      void publishPlan(deps, teamId, planRealtimeTypes.progress, { planId, status: "solving", progress }, managers);
    });
    const drivers = await driverByVehicle(deps.db, teamId);
    const result = toPlanResult({ date: row.date, vehicles: vehicleList, orders, solution, dims, dimensionNames, driverOf: (id) => drivers.get(id) ?? null });
    const travel = new Map([...matrices].map(([profile, m]) => [profile, travelFromMatrix(layout.points, m)]));
    const placed = placeLockedPositions({ date: row.date, vehicles: vehicleList, orders, result, locks: row.locks, travelOf: (v) => travel.get(v.profile) as Travel, dims, dimensionNames });
    // Every engine plan is replayed by the independent checker (each vehicle with its own profile's matrix); never expected to fail.
    const check = validateSolution(problem, solution);
    if (check.violations.length > 0) {
      deps.logger.error({ planId, violations: check.violations.slice(0, 10) }, "fleet plan failed the independent check");
      placed.violations.push(...check.violations.map((message) => ({ vehicleId: "", kind: "unknown" as const, message: `${planMessages.engineCheckFailed} (${message})` })));
    }
    await withGeometry(deps, vehicleList, result.routes);
    const previous = storedResult(row)?.countedRoutes ?? 0;
    const used = result.routes.filter((r) => r.stops.length > 0);
    const charged = await deps.db.transaction(async (tx) => {
      const locked = await planById(tx, planId, true);
      if (!locked) return null;
      // One route of quota per non-empty route; a re-plan counts only the routes beyond what this plan already counted.
      const owner = await quotaHolder(tx, teamId);
      const consumptions: Consumption[] = [];
      for (let k = previous; k < used.length; k++) {
        consumptions.push(await consumeRouteQuota(tx, owner, { routeRequestId: `${planId}:${k}`, destinationCount: used[k]!.stops.length, logger: deps.logger }));
      }
      const stored: StoredResult = { ...result, ...placed, countedRoutes: Math.max(previous, used.length) };
      await storeSolvedPlan(tx, planId, stored);
      return consumptions.length > 0 ? { owner, consumptions } : null;
    });
    await publishPlan(deps, teamId, planRealtimeTypes.done, { planId, status: "done", progress: 1 });
    if (charged) {
      // Routes above the quota holder's limit are billed like the planner's and the public API's
      // (an invoice item per charge, idempotent; nothing is sent where Stripe is not configured).
      const env = deps.env;
      if (env) {
        for (const c of charged.consumptions) {
          if (c.overageChargeId) await billOverageCharge({ ...deps, env }, charged.owner.id, c.overageChargeId).catch((err: unknown) => deps.logger.error({ err, planId, chargeId: c.overageChargeId }, "plan overage billing failed"));
        }
      }
      // The quota holder's usage notices (80 %, 100 %), like any optimisation's: bell, push, e-mail.
      await sendUsageWarnings(deps, charged.owner, charged.consumptions.at(-1)!).catch((err: unknown) => deps.logger.error({ err, planId }, "plan usage notices failed"));
    }
  } catch (error) {
    const message = error instanceof AppError ? error.message : planMessages.planFailed;
    if (!(error instanceof AppError)) deps.logger.error({ err: error, planId }, "fleet plan failed");
    await setStatus({ status: "failed", error: message }).catch((err: unknown) => deps.logger.error({ err, planId }, "could not mark the plan failed"));
    await publishPlan(deps, teamId, planRealtimeTypes.done, { planId, status: "failed", progress: row.progress });
  }
}
