import type { PlanDetail } from "@routepilot/contracts";
import { requireFleetTeam } from "../access";
import { isCutOff, resumeInterruptedPlans } from "./background";
import { presentPlan, presentPlanListItem } from "./presenters";
import { listPlanViews, planView } from "./queries";
import type { Caller, PlanDeps } from "./rows";

/** GET …/plans/{id}: the plan as a manager sees it; a plan a restart cut off is queued again as it is read. */
export async function getPlan(deps: PlanDeps, caller: Caller, teamId: string, planId: string): Promise<PlanDetail> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  let row = await planView(deps.db, teamId, planId);
  if ((row.status === "queued" || row.status === "solving") && isCutOff(row.id, row.updatedAt)) {
    // Cut off by a restart and not yet picked up by the recovery sweep: re-queued here.
    if ((await resumeInterruptedPlans(deps, { planId: row.id })).length > 0) row = await planView(deps.db, teamId, planId);
  }
  return presentPlan(row);
}

/** GET /api/teams/{teamId}/plans?date=: newest first. */
export async function listPlans(deps: PlanDeps, caller: Caller, teamId: string, date?: string) {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const rows = await listPlanViews(deps.db, teamId, date);
  return { plans: rows.map(presentPlanListItem) };
}
