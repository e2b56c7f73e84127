import { assertNoUnsafeMarkup } from "../../security/sanitize";
import { assertCanOptimize } from "../../billing/usage";
import { requireFleetTeam } from "../access";
import { startSolving } from "./background";
import { sealedOrders } from "./contacts";
import { checkedInput, withIds } from "./inputs";
import { insertPlan, quotaHolder } from "./queries";
import type { Caller, CreatePlan, PlanDeps } from "./rows";

/** POST /api/teams/{teamId}/plans → 202 { id }: stored as queued, solved in the background. */
export async function createPlan(deps: PlanDeps, caller: Caller, teamId: string, input: CreatePlan): Promise<{ id: string }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  // Order labels, notes and contact names are shown to managers, drivers and customers (SPEC §5 sanitiser, decision 011).
  assertNoUnsafeMarkup(Object.fromEntries(input.orders.flatMap((o, i) => [[`orders.${i}.label`, o.label], [`orders.${i}.notes`, o.notes], [`orders.${i}.contact.name`, o.contact?.name]])));
  const orders = withIds(input.orders);
  await checkedInput(deps, teamId, input.vehicleIds, orders);
  await assertCanOptimize(deps.db, await quotaHolder(deps.db, teamId));
  const id = await insertPlan(deps.db, { teamId, createdBy: caller.id, date: input.date, objective: input.objective, settings: input.settings, vehicleIds: [...new Set(input.vehicleIds)], ...sealedOrders(deps, orders) });
  startSolving(deps, id);
  return { id };
}
