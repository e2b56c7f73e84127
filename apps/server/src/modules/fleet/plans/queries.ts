import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, sql } from "drizzle-orm";
import type { PlanLock } from "@routepilot/contracts";
import { fleetDrivers, plans, routeStops, routes, teamMembers, teams, user, vehicles, type DbOrTx, type Tx } from "@routepilot/db";
import { firstOrThrow, NotFoundError } from "../../../lib/errors";
import type { PlanRow, PlanView, StoredResult, VehicleRow } from "./rows";

/** Every read and write of the fleet plans' tables; `db` may be a transaction. */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The team's vehicles among `ids` (archived ones too when asked); ids that are not UUIDs match nothing. */
export async function vehicleRowsOf(db: DbOrTx, teamId: string, ids: readonly string[], includeArchived: boolean): Promise<VehicleRow[]> {
  const valid = ids.filter((id) => UUID.test(id));
  return valid.length > 0 ? db.select().from(vehicles).where(and(eq(vehicles.teamId, teamId), inArray(vehicles.id, valid), includeArchived ? undefined : isNull(vehicles.archivedAt))) : [];
}

/** The team's row; 404 when there is none. */
export async function teamById(db: DbOrTx, teamId: string) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new NotFoundError("Team");
  return team;
}

/**
 * A plan's page polls its view while it is solved: reading the orders each time held the event
 * loop for tens of milliseconds on a large plan, so the view reads their count only.
 */
const { orders: _orders, contactsSealed: _contacts, legacyContacts: _legacy, ...viewColumns } = getTableColumns(plans);
const planViewColumns = { ...viewColumns, orderCount: sql<number>`jsonb_array_length(${plans.orders})`.mapWith(Number) };

/** The team's plan as it is shown (no orders); 404 for another team's plan or an id that is not one. */
export async function planView(db: DbOrTx, teamId: string, planId: string): Promise<PlanView> {
  if (!/^[0-9a-f-]{36}$/i.test(planId)) throw new NotFoundError("Plan");
  const [row] = await db.select(planViewColumns).from(plans).where(and(eq(plans.id, planId), eq(plans.teamId, teamId)));
  if (!row) throw new NotFoundError("Plan");
  return row;
}

/** The team's whole plan row (locked until the transaction ends when `forUpdate`); 404 as planView. */
export async function planOf(db: DbOrTx, teamId: string, planId: string, forUpdate = false): Promise<PlanRow> {
  if (!/^[0-9a-f-]{36}$/i.test(planId)) throw new NotFoundError("Plan");
  const query = db.select().from(plans).where(and(eq(plans.id, planId), eq(plans.teamId, teamId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Plan");
  return row;
}

/** A plan by id whatever its team (the background solve), or undefined; locked when `forUpdate`. */
export async function planById(db: DbOrTx, planId: string, forUpdate = false): Promise<PlanRow | undefined> {
  const query = db.select().from(plans).where(eq(plans.id, planId));
  const [row] = forUpdate ? await query.for("update") : await query;
  return row;
}

/** The team's plans (of `date` when given) as shown, newest first, at most 200. */
export async function listPlanViews(db: DbOrTx, teamId: string, date?: string): Promise<PlanView[]> {
  return db
    .select(planViewColumns)
    .from(plans)
    .where(and(eq(plans.teamId, teamId), date ? eq(plans.date, date) : undefined))
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(200);
}

/** Which plan each of the team's plans of `date` was copied from: the links of its variant families. */
export async function planParentLinks(db: DbOrTx, teamId: string, date: string): Promise<{ id: string; parentPlanId: string | null }[]> {
  return db.select({ id: plans.id, parentPlanId: plans.parentPlanId }).from(plans).where(and(eq(plans.teamId, teamId), eq(plans.date, date)));
}

/** These plans as shown, oldest first. */
export async function planViewsByIds(db: DbOrTx, ids: string[]): Promise<PlanView[]> {
  return db.select(planViewColumns).from(plans).where(inArray(plans.id, ids)).orderBy(asc(plans.createdAt), asc(plans.id));
}

/** Stores a new plan; its id. */
export async function insertPlan(db: DbOrTx, values: typeof plans.$inferInsert): Promise<string> {
  return firstOrThrow(await db.insert(plans).values(values).returning({ id: plans.id }), "plan insert returned no row").id;
}

/** Sets these columns of the plan and touches it (updatedAt): with no values, the solve's heartbeat. */
export async function setPlanState(db: DbOrTx, planId: string, values: Partial<typeof plans.$inferInsert>): Promise<void> {
  await db.update(plans).set({ ...values, updatedAt: new Date() }).where(eq(plans.id, planId));
}

/** The plan solved: done, its stored result. */
export async function storeSolvedPlan(tx: Tx, planId: string, result: StoredResult): Promise<void> {
  await tx
    .update(plans)
    .set({ status: "done", progress: 1, result: result as unknown as Record<string, unknown>, error: null, solvedAt: new Date(), updatedAt: new Date() })
    .where(eq(plans.id, planId));
}

/** Queued again to be solved (a re-plan, or a plan cut off by a restart). */
export async function requeuePlan(tx: Tx, planId: string): Promise<void> {
  await tx.update(plans).set({ status: "queued", progress: 0, error: null, updatedAt: new Date() }).where(eq(plans.id, planId));
}

/** A manual edit stored: the recomputed result and the locks; the updated row. */
export async function storePlanEdit(tx: Tx, planId: string, result: StoredResult, locks: PlanLock[]): Promise<PlanRow> {
  const updated = await tx
    .update(plans)
    .set({ result: result as unknown as Record<string, unknown>, locks, updatedAt: new Date() })
    .where(eq(plans.id, planId))
    .returning();
  return firstOrThrow(updated, "plan update returned no row");
}

/** The plan's locks replaced; the updated row. */
export async function storePlanLocks(tx: Tx, planId: string, locks: PlanLock[]): Promise<PlanRow> {
  return firstOrThrow(await tx.update(plans).set({ locks, updatedAt: new Date() }).where(eq(plans.id, planId)).returning(), "plan update returned no row");
}

/** The dispatch stored on the plan: the routes out so far, and when the first dispatch was. */
export async function storeDispatch(tx: Tx, planId: string, result: StoredResult, dispatchedAt: Date): Promise<void> {
  await tx
    .update(plans)
    .set({ result: result as unknown as Record<string, unknown>, dispatchedAt, updatedAt: new Date() })
    .where(eq(plans.id, planId));
}

/**
 * Claims the plans queued or solving, untouched since `cutoff` and not dispatched (only `planId`
 * when given): queued again in one UPDATE … RETURNING, so two processes never claim one plan; their ids.
 */
export async function claimInterruptedPlans(db: DbOrTx, cutoff: Date, planId?: string): Promise<string[]> {
  const claimed = await db
    .update(plans)
    .set({ status: "queued", progress: 0, error: null, updatedAt: new Date() })
    .where(and(inArray(plans.status, ["queued", "solving"]), lte(plans.updatedAt, cutoff), isNull(plans.dispatchedAt), planId ? eq(plans.id, planId) : undefined))
    .returning({ id: plans.id });
  return claimed.map((p) => p.id);
}

/** Whether the plan still waits for a solve: queued or solving, and not dispatched. */
export async function planAwaitsSolve(db: DbOrTx, planId: string): Promise<boolean> {
  const [row] = await db.select({ status: plans.status, dispatchedAt: plans.dispatchedAt }).from(plans).where(eq(plans.id, planId));
  return !!row && row.dispatchedAt === null && (row.status === "queued" || row.status === "solving");
}

/** The owner, admins and managers of a team: who hears of its plans. */
export async function managersOf(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role, ownerId: teams.ownerId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.teamId, teamId));
  const ids = rows.filter((r) => r.userId === r.ownerId || ["owner", "admin", "manager"].includes(r.role)).map((r) => r.userId);
  const owner = rows[0]?.ownerId;
  return [...new Set([...ids, ...(owner ? [owner] : [])])];
}

/** The team's drivers by the vehicle they drive by default. */
export async function driverByVehicle(db: DbOrTx, teamId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: fleetDrivers.userId, vehicleId: fleetDrivers.defaultVehicleId })
    .from(fleetDrivers)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, fleetDrivers.teamId), eq(teamMembers.userId, fleetDrivers.userId)))
    .where(and(eq(fleetDrivers.teamId, teamId), eq(teamMembers.role, "driver")));
  return new Map(rows.filter((r) => r.vehicleId !== null).map((r) => [r.vehicleId as string, r.userId]));
}

/**
 * Whose quota a plan's routes count against: the team owner's (the Fleet Pro subscription the
 * team's fleet access comes from), whoever on the team plans.
 */
export async function quotaHolder(db: DbOrTx, teamId: string): Promise<{ id: string; email: string }> {
  const [owner] = await db.select({ id: user.id, email: user.email }).from(teams).innerJoin(user, eq(user.id, teams.ownerId)).where(eq(teams.id, teamId));
  if (!owner) throw new NotFoundError("Team");
  return owner;
}

/** The team's members with the driver role, with their e-mail and name. */
export async function teamDrivers(db: DbOrTx, teamId: string) {
  return db
    .select({ userId: teamMembers.userId, email: user.email, name: user.name })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "driver")));
}

/** The team's driver profiles: their skills and working days. */
export async function driverProfilesOf(db: DbOrTx, teamId: string) {
  return db.select({ userId: fleetDrivers.userId, skills: fleetDrivers.skills, workingDays: fleetDrivers.workingDays }).from(fleetDrivers).where(eq(fleetDrivers.teamId, teamId));
}

/** The routes rows made from this plan so far (a deleted one frees its vehicle). */
export async function routesFromPlan(db: DbOrTx, planId: string) {
  return db.select({ id: routes.id, vehicleId: routes.vehicleId, driverUserId: routes.driverUserId }).from(routes).where(eq(routes.planId, planId));
}

/** Stores a dispatched route and its stops; the route's id. */
export async function insertDispatchedRoute(tx: Tx, values: typeof routes.$inferInsert, stops: Omit<typeof routeStops.$inferInsert, "routeId">[]): Promise<string> {
  const routeId = firstOrThrow(await tx.insert(routes).values(values).returning({ id: routes.id }), "route insert returned no row").id;
  if (stops.length > 0) await tx.insert(routeStops).values(stops.map((s) => ({ ...s, routeId })));
  return routeId;
}
