import { fleetMessages, planMessages } from "@routepilot/contracts";
import type { DbOrTx } from "@routepilot/db";
import { ValidationError } from "../../../lib/errors";
import { validatePlanOrders, type PlanOrder, type PlanVehicle } from "../problem";
import { settingsOf } from "../settings";
import { presentVehicle } from "../vehicles";
import { teamById, vehicleRowsOf } from "./queries";
import type { CreatePlan, PlanDeps, VehicleRow } from "./rows";

/** A plan's inputs: its vehicles, its orders and the team's capacity dimensions, checked against each other. */

/** The team's vehicles with these ids, in that order; an id that is not one of them is a 400 naming it. */
export async function teamVehicles(deps: Pick<PlanDeps, "encryption" | "logger">, db: DbOrTx, teamId: string, ids: readonly string[], field = "vehicleIds", includeArchived = false): Promise<PlanVehicle[]> {
  const rows = await vehicleRowsOf(db, teamId, ids, includeArchived);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!byId.has(id)) fields[`${field}.${i}`] ??= fleetMessages.unknownVehicle;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fleetMessages.unknownVehicle, fields);
  return [...new Set(ids)].map((id) => presentVehicle(deps, byId.get(id) as VehicleRow));
}

/** Orders with ids: the client's, else "o1", "o2"… by position; a repeated id is a 400 naming the order. */
export function withIds(orders: CreatePlan["orders"]): PlanOrder[] {
  const seen = new Set<string>();
  const fields: Record<string, string> = {};
  const out = orders.map((o, i) => {
    const id = o.id ?? `o${i + 1}`;
    if (seen.has(id)) fields[`orders.${i}.id`] ??= planMessages.duplicateOrderId;
    seen.add(id);
    return { ...o, id };
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(planMessages.duplicateOrderId, fields);
  return out;
}

/** The team's capacity dimension names ("kg", "crates"): their number is the plans' `dims`; the names word the explanations. */
export async function dimensionNamesOf(db: DbOrTx, teamId: string): Promise<string[]> {
  const team = await teamById(db, teamId);
  return (await settingsOf(db, team)).capacityDimensions;
}

/** Checks the chosen vehicles and the orders against each other (400 naming the order and field). */
export async function checkedInput(deps: PlanDeps, teamId: string, vehicleIds: readonly string[], orders: readonly PlanOrder[]): Promise<PlanVehicle[]> {
  const vehicleList = await teamVehicles(deps, deps.db, teamId, vehicleIds);
  validatePlanOrders(vehicleList, orders, (await dimensionNamesOf(deps.db, teamId)).length);
  return vehicleList;
}
