import type { createPlanSchema, PlanDetail, planSettingsSchema } from "@routepilot/contracts";
import type { plans, vehicles } from "@routepilot/db";
import type { z } from "zod";
import type { AppDeps } from "../../../lib/context";
import type { RouteStopRef, Violation } from "../check-plan";
import type { PlanResult, PlanRoute } from "../problem";

/** What the plans' use-cases need of the application. */
export type PlanDeps = Pick<AppDeps, "db" | "geo" | "solver" | "logger" | "realtime" | "mailer" | "baseUrl" | "encryption" | "auth"> & Partial<Pick<AppDeps, "env" | "queue">>;
export type Caller = { id: string; email: string };
export type PlanRow = typeof plans.$inferSelect;
export type VehicleRow = typeof vehicles.$inferSelect;
export type CreatePlan = z.output<typeof createPlanSchema>;
export type PlanSettings = z.output<typeof planSettingsSchema>;

/** A plan row without its orders and contacts: what every view of a plan reads. */
export type PlanHeaderRow = Omit<PlanRow, "orders" | "contactsSealed" | "legacyContacts">;

/**
 * A plan as it is shown: every column but the orders (up to 10,000 of them, read back only to
 * solve or edit), with their count.
 */
export type PlanView = PlanHeaderRow & { orderCount: number };

/** What the plan row's `result` holds: the engine's result, what edits broke, and the routes the quota already counted. */
export interface StoredResult extends PlanResult {
  violations: Violation[];
  latenessByVehicle: Record<string, number>;
  countedRoutes: number;
  /** The routes dispatched from the plan so far (one call may dispatch some, a later one the rest). */
  dispatched?: PlanDetail["dispatched"];
}

/** The plan's stored result; routes stored before issue 26 get their (empty) reloads. */
export const storedResult = (row: Pick<PlanRow, "result">): StoredResult | null => {
  const result = (row.result as unknown as StoredResult | null) ?? null;
  if (result) for (const route of result.routes) route.reloads ??= [];
  return result;
};

/** The route's stops as order references (order id and pickup or delivery). */
export const refs = (route: PlanRoute): RouteStopRef[] => route.stops.map((s) => ({ orderId: s.orderId, kind: s.kind }));
/** After how many stops the route reloads (issue 26; none for a plan stored before it). */
export const reloadsOf = (route: PlanRoute): number[] => (route.reloads ?? []).map((r) => r.afterStops);
