import { planMessages, type PlanVariantInput } from "@routepilot/contracts";
import { ValidationError } from "../../../lib/errors";
import { assertCanOptimize } from "../../billing/usage";
import { requireFleetTeam } from "../access";
import type { PlanOrder } from "../problem";
import { startSolving } from "./background";
import { checkedInput } from "./inputs";
import { presentPlanComparison, presentPlanListItem } from "./presenters";
import { insertPlan, planOf, planParentLinks, planView, planViewsByIds, quotaHolder } from "./queries";
import type { Caller, PlanDeps } from "./rows";

/** A plan's variants: copies of its orders with other vehicles, objective or settings, listed as a family and compared. */

/** POST …/plans/{id}/variants → 202 { id }: a copy of the plan's orders with other vehicles, objective or settings, solved in the background. */
export async function createVariant(deps: PlanDeps, caller: Caller, teamId: string, planId: string, input: PlanVariantInput): Promise<{ id: string }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const parent = await planOf(deps.db, teamId, planId);
  const vehicleIds = input.vehicleIds ?? parent.vehicleIds;
  const orders = parent.orders as unknown as PlanOrder[];
  await checkedInput(deps, teamId, vehicleIds, orders);
  await assertCanOptimize(deps.db, await quotaHolder(deps.db, teamId));
  const id = await insertPlan(deps.db, {
    teamId,
    createdBy: caller.id,
    date: parent.date,
    name: input.name,
    objective: input.objective ?? parent.objective,
    settings: input.settings ?? parent.settings,
    vehicleIds: [...new Set(vehicleIds)],
    orders: parent.orders,
    contactsSealed: parent.contactsSealed,
    legacyContacts: parent.legacyContacts,
    locks: parent.locks.filter((l) => vehicleIds.includes(l.vehicleId)),
    parentPlanId: parent.id,
    version: parent.version + 1,
  });
  startSolving(deps, id);
  return { id };
}

/**
 * GET …/plans/{id}/variants: the plan's family — the plan it was first copied from, every variant
 * and version made from it or from them, this plan included — oldest first.
 */
export async function listPlanVariants(deps: PlanDeps, caller: Caller, teamId: string, planId: string) {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const plan = await planView(deps.db, teamId, planId);
  // Variants are copies of the parent's orders for its date: the family is among the team's plans of that date.
  const links = await planParentLinks(deps.db, teamId, plan.date);
  const parentOf = new Map(links.map((l) => [l.id, l.parentPlanId]));
  const rootOf = (id: string) => {
    let at = id;
    for (let guard = 0; guard < links.length; guard++) {
      const parent = parentOf.get(at);
      if (!parent || !parentOf.has(parent)) break;
      at = parent;
    }
    return at;
  };
  const root = rootOf(plan.id);
  const family = links.filter((l) => rootOf(l.id) === root).map((l) => l.id);
  const rows = await planViewsByIds(deps.db, family);
  return { plans: rows.map(presentPlanListItem) };
}

/** GET …/plans/{id}/compare?with=a,b: the plans' totals side by side (each must be the team's, 404 otherwise). */
export async function comparePlans(deps: PlanDeps, caller: Caller, teamId: string, planId: string, withIds: string[]) {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const ids = [planId, ...withIds.filter((id) => id !== planId)];
  if (ids.length > 5) throw new ValidationError(planMessages.tooManyCompared, { with: planMessages.tooManyCompared });
  const rows = await Promise.all(ids.map((id) => planView(deps.db, teamId, id)));
  return { plans: rows.map(presentPlanComparison) };
}
