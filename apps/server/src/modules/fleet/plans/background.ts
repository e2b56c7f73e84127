import type { AppDeps } from "../../../lib/context";
import { resumeStalePlans, runPlan, runQueuedPlan, startStalePlanSweeps, type PlanWork } from "../../../background/plan-runner";
import { claimInterruptedPlans, planAwaitsSolve, setPlanState } from "./queries";
import type { PlanDeps } from "./rows";
import { solvePlan } from "./solve";

/**
 * How fleet plans run in the background: the runner (background/plan-runner: here or on a worker,
 * heartbeat, recovery after a restart) given this module's solve and queries. The only file of
 * the module that knows the runner.
 */

export { isCutOff, waitForPlans } from "../../../background/plan-runner";

/** What the background runner does to this module's plans. */
function planWork(deps: PlanDeps): PlanWork {
  return {
    solve: (planId) => solvePlan(deps, planId),
    touch: (planId) => setPlanState(deps.db, planId, {}),
    claimInterrupted: (cutoff, planId) => claimInterruptedPlans(deps.db, cutoff, planId),
    isWaiting: (planId) => planAwaitsSolve(deps.db, planId),
  };
}

/** Starts solving the plan in the background (here, or on a worker when this process consumes nothing). */
export function startSolving(deps: PlanDeps, planId: string): void {
  runPlan(deps, planWork(deps), planId);
}

/** Re-queues and solves here the plans a previous process left queued or solving (see resumeStalePlans). */
export function resumeInterruptedPlans(deps: PlanDeps & Partial<Pick<AppDeps, "database">>, options: { planId?: string; staleAfterMs?: number } = {}): Promise<string[]> {
  return resumeStalePlans(deps, planWork(deps), options);
}

/** On server start: resumes interrupted plans at once, then checks every `everyMs`; returns the function that stops the checks. */
export function startPlanRecovery(deps: PlanDeps & Pick<AppDeps, "database">, everyMs = 60_000): () => void {
  return startStalePlanSweeps(deps, planWork(deps), everyMs);
}

/** The fleet-plans queue's consumer: solves a plan still waiting or being solved; any other is left as it is. */
export function solveQueuedPlan(deps: PlanDeps, planId: string): Promise<void> {
  return runQueuedPlan(planWork(deps), planId);
}
