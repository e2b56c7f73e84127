/**
 * Fleet plans (issue 11): a day's orders split across the team's vehicles by the engine in the
 * background (matrix → worker pool → database), read, edited by hand (recomputed and checked,
 * never silently accepted), re-planned around locks, copied into variants, compared, dispatched.
 *
 * rows (stored shapes) ← queries (SQL) ← inputs, contacts, routing, events ← solve ← background
 * (binds solve to background/plan-runner) ← create, read, edits, variants; dispatch (with
 * dispatched-route). Presenters read rows only. This file is what the rest of the server imports.
 */
export type { PlanDeps } from "./rows";
export { waitForPlans, resumeInterruptedPlans, startPlanRecovery, solveQueuedPlan } from "./background";
export { planTimeLimitMs } from "./solve";
export { profilesOf } from "./routing";
export { createPlan } from "./create";
export { getPlan, listPlans } from "./read";
export { movePlanStop, putPlanLocks, replan } from "./edits";
export { createVariant, listPlanVariants, comparePlans } from "./variants";
export { dispatchPlan } from "./dispatch";
