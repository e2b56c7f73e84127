import type { PlanDetail, PlanObjective } from "@routepilot/contracts";
import { storedResult, type PlanHeaderRow, type PlanView } from "./rows";

/** What every view of a plan shows of it: identity, state, vehicles and totals. */
export function planHeader(row: PlanHeaderRow) {
  return {
    id: row.id,
    date: row.date,
    name: row.name,
    objective: row.objective as PlanObjective,
    status: row.status as PlanDetail["status"],
    progress: row.progress,
    vehicleIds: row.vehicleIds,
    totals: storedResult(row)?.totals ?? null,
    parentPlanId: row.parentPlanId,
    version: row.version,
    dispatchedAt: row.dispatchedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A plan with its routes, unassigned orders, locks, what edits broke and what was dispatched. */
export function presentPlan(row: PlanHeaderRow): PlanDetail {
  const result = storedResult(row);
  return {
    ...planHeader(row),
    teamId: row.teamId,
    routes: result?.routes ?? [],
    unassigned: result?.unassigned ?? [],
    error: row.error,
    locks: row.locks,
    violations: result?.violations ?? [],
    dispatched: result?.dispatched ?? [],
  };
}

/** A plan in a list: its header and how many orders it has. */
export const presentPlanListItem = (row: PlanView) => ({ ...planHeader(row), orderCount: row.orderCount });

/** A plan in a comparison: its header and how many violations its edits left. */
export const presentPlanComparison = (row: PlanView) => ({ ...planHeader(row), violations: storedResult(row)?.violations.length ?? 0 });
