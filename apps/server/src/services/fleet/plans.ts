import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, sql } from "drizzle-orm";
import {
  fleetMessages,
  planMessages,
  planRealtimeTypes,
  realtimeTopics,
  type createPlanSchema,
  type DispatchPlanInput,
  type PlanDetail,
  type PlanEvent,
  type PlanLock,
  type PlanObjective,
  type PlanVariantInput,
  type planMoveSchema,
  type planSettingsSchema,
  weekdays,
} from "@routepilot/contracts";
import { validateSolution } from "@routepilot/solver";
import { fleetDrivers, plans, routeStops, routes, teamMembers, teams, user, vehicles, type DbOrTx, type StoredPlace, type Tx } from "@routepilot/db";
import type { GeoServices, Profile } from "@routepilot/geo";
import type { z } from "zod";
import type { AppDeps } from "../../lib/context";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../../lib/errors";
import { afterDispatch } from "../customer-messages";
import { newTrackingToken, TRACKING_LINK_TTL_MS } from "../driver/tracking-token";
import { actionEmail } from "../mail";
import { matrixWithFallback } from "../route-planning";
import { TeamEvents } from "../teams/events";
import { formatterOf } from "../preferences";
import { assertCanOptimize, consumeRouteQuota, sendUsageWarnings, type Consumption } from "../usage";
import { requireFleetTeam } from "./access";
import { DEFAULT_WORKING_DAYS } from "./drivers";
import { insertAtStop, reloadsOfTokens, scheduleVehicleRoute, tokensOf, travelFromMatrix, type RouteStopRef, type Travel, type Violation } from "./check-plan";
import {
  buildProblem,
  layoutPlan,
  planTotals,
  toEngineMatrix,
  type LatLng,
  type TravelMatrix,
  secondsOnDate,
  toPlanResult,
  validatePlanOrders,
  type PlanOrder,
  type PlanResult,
  type PlanRoute,
  type PlanVehicle,
} from "./problem";
import { settingsOf } from "./settings";
import { presentVehicle } from "./vehicles";
import { assertNoUnsafeMarkup } from "../../security/sanitize";
import { isCutOff, resumeStalePlans, runPlan, runQueuedPlan, startStalePlanSweeps, type PlanWork } from "../../queue/plan-runner";
import { compactContact, openContacts, sealContact, sealContacts, type Contact } from "../../security/contacts";

/**
 * Fleet plans (issue 11): a day's orders split across the team's vehicles by the engine in the
 * background (matrix → worker pool → database), read, edited by hand (recomputed and checked,
 * never silently accepted), re-planned around locks, copied into variants, compared, dispatched.
 */

export type PlanDeps = Pick<AppDeps, "db" | "geo" | "solver" | "logger" | "realtime" | "mailer" | "baseUrl" | "encryption" | "auth"> & Partial<Pick<AppDeps, "env" | "queue">>;
type Caller = { id: string; email: string };
type PlanRow = typeof plans.$inferSelect;
type VehicleRow = typeof vehicles.$inferSelect;
type CreatePlan = z.output<typeof createPlanSchema>;
type PlanSettings = z.output<typeof planSettingsSchema>;

/** What the plan row's `result` holds: the engine's result, what edits broke, and the routes the quota already counted. */
interface StoredResult extends PlanResult {
  violations: Violation[];
  latenessByVehicle: Record<string, number>;
  countedRoutes: number;
  /** The routes dispatched from the plan so far (one call may dispatch some, a later one the rest). */
  dispatched?: PlanDetail["dispatched"];
}

export { waitForPlans } from "../../queue/plan-runner";


/** The team's vehicles with these ids, in that order; an id that is not one of them is a 400 naming it. */
async function teamVehicles(deps: Pick<PlanDeps, "encryption" | "logger">, db: DbOrTx, teamId: string, ids: readonly string[], field = "vehicleIds", includeArchived = false): Promise<PlanVehicle[]> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const valid = ids.filter((id) => uuid.test(id));
  const rows = valid.length > 0 ? await db.select().from(vehicles).where(and(eq(vehicles.teamId, teamId), inArray(vehicles.id, valid), includeArchived ? undefined : isNull(vehicles.archivedAt))) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string> = {};
  ids.forEach((id, i) => {
    if (!byId.has(id)) fields[`${field}.${i}`] ??= fleetMessages.unknownVehicle;
  });
  if (Object.keys(fields).length > 0) throw new ValidationError(fleetMessages.unknownVehicle, fields);
  return [...new Set(ids)].map((id) => presentVehicle(deps, byId.get(id) as VehicleRow));
}

/** Orders with ids: the client's, else "o1", "o2"… by position; a repeated id is a 400 naming the order. */
function withIds(orders: CreatePlan["orders"]): PlanOrder[] {
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

/**
 * The orders as plans.orders stores them (no contacts) and their contacts sealed as one value
 * (plans.contacts_sealed): customers' names, addresses and phones are encrypted at rest (decision 011).
 */
function sealedOrders(deps: Pick<AppDeps, "encryption">, orders: readonly PlanOrder[]): { orders: PlanRow["orders"]; contactsSealed: string | null } {
  const stored = orders.map(({ contact: _contact, ...rest }) => rest);
  return { orders: stored as unknown as PlanRow["orders"], contactsSealed: sealContacts(deps.encryption, orders.map((o) => [o.id, o.contact] as const)) };
}

/**
 * A plan's contacts by order id: the sealed ones, and those of a plan from before migration 0012
 * the start-up sealing has not reached yet (legacy_contacts).
 */
function planContacts(deps: Pick<AppDeps, "encryption" | "logger">, row: Pick<PlanRow, "contactsSealed" | "legacyContacts" | "orders">): Map<string, Contact> {
  const contacts = openContacts(deps.encryption, row.contactsSealed, deps.logger, row.orders.map((o) => o.id));
  for (const [id, contact] of Object.entries(row.legacyContacts ?? {})) {
    const compact = compactContact(contact);
    if (compact && !contacts.has(id)) contacts.set(id, compact);
  }
  return contacts;
}

/** The team's capacity dimension names ("kg", "crates"): their number is the plans' `dims`; the names word the explanations. */
async function dimensionNamesOf(db: DbOrTx, teamId: string): Promise<string[]> {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new NotFoundError("Team");
  return (await settingsOf(db, team)).capacityDimensions;
}

async function dimensionsOf(db: DbOrTx, teamId: string): Promise<number> {
  return (await dimensionNamesOf(db, teamId)).length;
}

/**
 * A plan as it is shown: every column but the orders (up to 10,000 of them, read back only to
 * solve or edit), with their count. A plan's page polls this while it is solved: reading the
 * orders each time held the event loop for tens of milliseconds on a large plan.
 */
type PlanView = Omit<PlanRow, "orders" | "contactsSealed" | "legacyContacts"> & { orderCount: number };
const { orders: _orders, contactsSealed: _contacts, legacyContacts: _legacy, ...viewColumns } = getTableColumns(plans);
const planViewColumns = { ...viewColumns, orderCount: sql<number>`jsonb_array_length(${plans.orders})`.mapWith(Number) };

async function planView(db: DbOrTx, teamId: string, planId: string): Promise<PlanView> {
  if (!/^[0-9a-f-]{36}$/i.test(planId)) throw new NotFoundError("Plan");
  const [row] = await db.select(planViewColumns).from(plans).where(and(eq(plans.id, planId), eq(plans.teamId, teamId)));
  if (!row) throw new NotFoundError("Plan");
  return row;
}

async function planOf(db: DbOrTx, teamId: string, planId: string, forUpdate = false): Promise<PlanRow> {
  if (!/^[0-9a-f-]{36}$/i.test(planId)) throw new NotFoundError("Plan");
  const query = db.select().from(plans).where(and(eq(plans.id, planId), eq(plans.teamId, teamId)));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new NotFoundError("Plan");
  return row;
}

/** The plan's stored result; routes stored before issue 26 get their (empty) reloads. */
const storedResult = (row: Pick<PlanRow, "result">): StoredResult | null => {
  const result = (row.result as unknown as StoredResult | null) ?? null;
  if (result) for (const route of result.routes) route.reloads ??= [];
  return result;
};

/** What every view of a plan shows of it: identity, state, vehicles and totals. */
function planHeader(row: Omit<PlanRow, "orders" | "contactsSealed" | "legacyContacts">) {
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

function presentPlan(row: Omit<PlanRow, "orders" | "contactsSealed" | "legacyContacts">): PlanDetail {
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

/** The owner, admins and managers of a team: who hears of its plans. */
async function managersOf(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role, ownerId: teams.ownerId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.teamId, teamId));
  const ids = rows.filter((r) => r.userId === r.ownerId || ["owner", "admin", "manager"].includes(r.role)).map((r) => r.userId);
  const owner = rows[0]?.ownerId;
  return [...new Set([...ids, ...(owner ? [owner] : [])])];
}

/** Tells the team's managers (`managers` when already known: a solve reads them once, not at every progress event). */
async function publishPlan(deps: PlanDeps, teamId: string, type: string, event: PlanEvent, managers?: readonly string[]): Promise<void> {
  try {
    const userIds = managers ? [...managers] : await managersOf(deps.db, teamId);
    await deps.realtime.publish({ userIds, message: { topic: realtimeTopics.team(teamId), type, data: event } });
  } catch (err) {
    deps.logger.warn({ err, planId: event.planId }, "plan realtime publish failed");
  }
}

/** Engine budget: the plan's setting, else 1 s + 10 ms per order, at most 50 s (the rest of a minute is matrix and storage). */
export function planTimeLimitMs(settings: PlanSettings | Record<string, unknown>, orderCount: number): number {
  const seconds = (settings as PlanSettings).timeLimitSeconds;
  return seconds ? seconds * 1000 : Math.min(50_000, 1000 + orderCount * 10);
}

/** The vehicles' routing profiles, each once, the most common first (its matrix is the engine's default). */
export function profilesOf(vehicleList: readonly PlanVehicle[]): Profile[] {
  const counts = new Map<string, number>();
  for (const v of vehicleList) counts.set(v.profile, (counts.get(v.profile) ?? 0) + 1);
  const profiles = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([p]) => p as Profile);
  return profiles.length > 0 ? profiles : ["van"];
}

async function driverByVehicle(db: DbOrTx, teamId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: fleetDrivers.userId, vehicleId: fleetDrivers.defaultVehicleId })
    .from(fleetDrivers)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, fleetDrivers.teamId), eq(teamMembers.userId, fleetDrivers.userId)))
    .where(and(eq(fleetDrivers.teamId, teamId), eq(teamMembers.role, "driver")));
  return new Map(rows.filter((r) => r.vehicleId !== null).map((r) => [r.vehicleId as string, r.userId]));
}

/**
 * The plan's matrix from the configured routing provider (straight-line estimates if a road
 * provider fails), in the engine's form. Straight-line estimates are computed here a block of
 * rows at a time, so a 2,000-point matrix does not hold the event loop.
 */
async function planMatrix(deps: PlanDeps, points: LatLng[], profile: Profile): Promise<TravelMatrix> {
  const geo = await deps.geo.get();
  if (geo.routing === geo.haversine) return toEngineMatrix(points.length, (i, j) => geo.haversine.estimate(points[i] as LatLng, points[j] as LatLng, profile));
  const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, points, profile);
  return toEngineMatrix(points.length, (i, j) => ({ duration: matrix.durations[i]![j]!, distance: matrix.distances[i]![j]! }));
}

/** One matrix per routing profile of the plan's vehicles (each vehicle travels by its own), the most common profile first. */
async function planMatrices(deps: PlanDeps, points: LatLng[], vehicleList: readonly PlanVehicle[]): Promise<Map<string, TravelMatrix>> {
  const out = new Map<string, TravelMatrix>();
  for (const profile of profilesOf(vehicleList)) out.set(profile, await planMatrix(deps, points, profile));
  return out;
}

/**
 * Each vehicle's travel (its own profile's matrix) between the places of `vehicleList` and
 * `orders`: how edits are recomputed and checked.
 */
async function profileTravel(deps: PlanDeps, geo: GeoServices, vehicleList: readonly PlanVehicle[], orders: readonly PlanOrder[]): Promise<(vehicle: PlanVehicle) => Travel> {
  const points = layoutPlan(vehicleList, orders).points;
  const travel = new Map<string, Travel>();
  for (const profile of profilesOf(vehicleList)) {
    const { matrix } = await matrixWithFallback({ geo, logger: deps.logger }, points, profile);
    travel.set(profile, travelFromMatrix(points, matrix));
  }
  return (vehicle) => travel.get(vehicle.profile) as Travel;
}

/** Solves a queued plan: matrix, engine in the worker pool, then result and quota in one transaction. */
async function solvePlan(deps: PlanDeps, planId: string): Promise<void> {
  const row = (await deps.db.select().from(plans).where(eq(plans.id, planId)))[0];
  if (!row) return;
  const teamId = row.teamId;
  const setStatus = async (values: Partial<typeof plans.$inferInsert>) => {
    await deps.db.update(plans).set({ ...values, updatedAt: new Date() }).where(eq(plans.id, planId));
  };
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
      const [locked] = await tx.select().from(plans).where(eq(plans.id, planId)).for("update");
      if (!locked) return null;
      // One route of quota per non-empty route; a re-plan counts only the routes beyond what this plan already counted.
      const owner = await quotaHolder(tx, teamId);
      let last: Consumption | null = null;
      for (let k = previous; k < used.length; k++) {
        last = await consumeRouteQuota(tx, owner, { routeRequestId: `${planId}:${k}`, destinationCount: used[k]!.stops.length, logger: deps.logger });
      }
      const stored: StoredResult = { ...result, ...placed, countedRoutes: Math.max(previous, used.length) };
      await tx
        .update(plans)
        .set({ status: "done", progress: 1, result: stored as unknown as Record<string, unknown>, error: null, solvedAt: new Date(), updatedAt: new Date() })
        .where(eq(plans.id, planId));
      return last ? { owner, last } : null;
    });
    await publishPlan(deps, teamId, planRealtimeTypes.done, { planId, status: "done", progress: 1 });
    // The quota holder's usage notices (80 %, 100 %), like any optimisation's: bell, push, e-mail.
    if (charged) await sendUsageWarnings(deps, charged.owner, charged.last).catch((err: unknown) => deps.logger.error({ err, planId }, "plan usage notices failed"));
  } catch (error) {
    const message = error instanceof AppError ? error.message : planMessages.planFailed;
    if (!(error instanceof AppError)) deps.logger.error({ err: error, planId }, "fleet plan failed");
    await setStatus({ status: "failed", error: message }).catch((err: unknown) => deps.logger.error({ err, planId }, "could not mark the plan failed"));
    await publishPlan(deps, teamId, planRealtimeTypes.done, { planId, status: "failed", progress: row.progress });
  }
}

/**
 * Whose quota a plan's routes count against: the team owner's (the Fleet Pro subscription the
 * team's fleet access comes from), whoever on the team plans.
 */
async function quotaHolder(db: DbOrTx, teamId: string): Promise<{ id: string; email: string }> {
  const [owner] = await db.select({ id: user.id, email: user.email }).from(teams).innerJoin(user, eq(user.id, teams.ownerId)).where(eq(teams.id, teamId));
  if (!owner) throw new NotFoundError("Team");
  return owner;
}

/**
 * The engine keeps locked orders on their vehicles; a lock with a position also puts the stop at
 * that position in its route (where the route is long enough). A route changed this way is
 * recomputed and checked like a manual edit, so anything the position breaks shows as a violation.
 */
function placeLockedPositions(input: { date: string; vehicles: PlanVehicle[]; orders: PlanOrder[]; result: PlanResult; locks: readonly PlanLock[]; travelOf: (vehicle: PlanVehicle) => Travel; dims: number; dimensionNames?: readonly string[] }) {
  const violations: Violation[] = [];
  const latenessByVehicle: Record<string, number> = {};
  const byId = new Map(input.orders.map((o) => [o.id, o]));
  for (const route of input.result.routes) {
    const positioned = input.locks.filter((l) => l.vehicleId === route.vehicleId && l.position !== undefined).sort((a, b) => (a.position as number) - (b.position as number));
    if (positioned.length === 0) continue;
    // The route as stops with its reloads in place (issue 26): a stop moved keeps the others' trips.
    let tokens = tokensOf(refs(route), reloadsOf(route));
    for (const lock of positioned) {
      const moving = tokens.filter((s): s is RouteStopRef => s !== null && s.orderId === lock.orderId);
      if (moving.length === 0) continue;
      tokens = insertAtStop(
        tokens.filter((s) => s === null || s.orderId !== lock.orderId),
        lock.position as number,
        moving,
      );
    }
    const { stops, reloads } = reloadsOfTokens(tokens);
    if (stops.every((s, i) => s.orderId === route.stops[i]?.orderId && s.kind === route.stops[i]?.kind)) continue;
    const vehicle = input.vehicles.find((v) => v.id === route.vehicleId) as PlanVehicle;
    const scheduled = scheduleVehicleRoute({ date: input.date, vehicle, orders: byId, stops, reloads, travel: input.travelOf(vehicle), dims: input.dims, dimensionNames: input.dimensionNames, driverId: route.driverId });
    Object.assign(route, scheduled.route);
    violations.push(...scheduled.violations);
    latenessByVehicle[vehicle.id] = scheduled.latenessSeconds;
  }
  if (Object.keys(latenessByVehicle).length > 0) {
    const lateness = Object.values(latenessByVehicle).reduce((a, b) => a + b, 0);
    input.result.totals = planTotals(input.result.routes, input.orders.length, input.result.unassigned.length, lateness);
  }
  return { violations, latenessByVehicle };
}

/** What the background runner (queue/plan-runner) does to this module's plans. */
function planWork(deps: PlanDeps): PlanWork {
  return {
    solve: (planId) => solvePlan(deps, planId),
    touch: (planId) => deps.db.update(plans).set({ updatedAt: new Date() }).where(eq(plans.id, planId)),
    async claimInterrupted(cutoff, planId) {
      const claimed = await deps.db
        .update(plans)
        .set({ status: "queued", progress: 0, error: null, updatedAt: new Date() })
        .where(and(inArray(plans.status, ["queued", "solving"]), lte(plans.updatedAt, cutoff), isNull(plans.dispatchedAt), planId ? eq(plans.id, planId) : undefined))
        .returning({ id: plans.id });
      return claimed.map((p) => p.id);
    },
    async isWaiting(planId) {
      const [row] = await deps.db.select({ status: plans.status, dispatchedAt: plans.dispatchedAt }).from(plans).where(eq(plans.id, planId));
      return !!row && row.dispatchedAt === null && (row.status === "queued" || row.status === "solving");
    },
  };
}

/** Re-queues and solves here the plans a previous process left queued or solving (queue/plan-runner resumeStalePlans). */
export function resumeInterruptedPlans(deps: PlanDeps & Partial<Pick<AppDeps, "database">>, options: { planId?: string; staleAfterMs?: number } = {}): Promise<string[]> {
  return resumeStalePlans(deps, planWork(deps), options);
}

/** On server start: resumes interrupted plans at once, then checks every `everyMs`; returns the function that stops the checks. */
export function startPlanRecovery(deps: PlanDeps & Pick<AppDeps, "database">, everyMs = 60_000): () => void {
  return startStalePlanSweeps(deps, planWork(deps), everyMs);
}

function startSolving(deps: PlanDeps, planId: string): void {
  runPlan(deps, planWork(deps), planId);
}

/** The fleet-plans queue's consumer: solves a plan still waiting or being solved; any other is left as it is. */
export function solveQueuedPlan(deps: PlanDeps, planId: string): Promise<void> {
  return runQueuedPlan(planWork(deps), planId);
}

/** Checks the chosen vehicles and the orders against each other (400 naming the order and field). */
async function checkedInput(deps: PlanDeps, teamId: string, vehicleIds: readonly string[], orders: readonly PlanOrder[]): Promise<PlanVehicle[]> {
  const vehicleList = await teamVehicles(deps, deps.db, teamId, vehicleIds);
  validatePlanOrders(vehicleList, orders, await dimensionsOf(deps.db, teamId));
  return vehicleList;
}

/** POST /api/teams/{teamId}/plans → 202 { id }: stored as queued, solved in the background. */
export async function createPlan(deps: PlanDeps, caller: Caller, teamId: string, input: CreatePlan): Promise<{ id: string }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  // Order labels, notes and contact names are shown to managers, drivers and customers (SPEC §5 sanitiser, decision 011).
  assertNoUnsafeMarkup(Object.fromEntries(input.orders.flatMap((o, i) => [[`orders.${i}.label`, o.label], [`orders.${i}.notes`, o.notes], [`orders.${i}.contact.name`, o.contact?.name]])));
  const orders = withIds(input.orders);
  await checkedInput(deps, teamId, input.vehicleIds, orders);
  await assertCanOptimize(deps.db, await quotaHolder(deps.db, teamId));
  const [row] = await deps.db
    .insert(plans)
    .values({ teamId, createdBy: caller.id, date: input.date, objective: input.objective, settings: input.settings, vehicleIds: [...new Set(input.vehicleIds)], ...sealedOrders(deps, orders) })
    .returning({ id: plans.id });
  const id = (row as { id: string }).id;
  startSolving(deps, id);
  return { id };
}

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
  const rows = await deps.db
    .select(planViewColumns)
    .from(plans)
    .where(and(eq(plans.teamId, teamId), date ? eq(plans.date, date) : undefined))
    .orderBy(desc(plans.createdAt), desc(plans.id))
    .limit(200);
  return { plans: rows.map((row) => ({ ...planHeader(row), orderCount: row.orderCount })) };
}

/**
 * GET …/plans/{id}/variants: the plan's family — the plan it was first copied from, every variant
 * and version made from it or from them, this plan included — oldest first.
 */
export async function listPlanVariants(deps: PlanDeps, caller: Caller, teamId: string, planId: string) {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const plan = await planView(deps.db, teamId, planId);
  // Variants are copies of the parent's orders for its date: the family is among the team's plans of that date.
  const links = await deps.db.select({ id: plans.id, parentPlanId: plans.parentPlanId }).from(plans).where(and(eq(plans.teamId, teamId), eq(plans.date, plan.date)));
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
  const rows = await deps.db.select(planViewColumns).from(plans).where(inArray(plans.id, family)).orderBy(asc(plans.createdAt), asc(plans.id));
  return { plans: rows.map((row) => ({ ...planHeader(row), orderCount: row.orderCount })) };
}

/** A plan a manager may change: not dispatched (409 frozen), and solved unless `solved` is false (409 not ready). */
async function editablePlan(tx: Tx, caller: Caller, teamId: string, planId: string, needsResult = true): Promise<PlanRow> {
  await requireFleetTeam(tx, caller, teamId, { manager: true });
  const row = await planOf(tx, teamId, planId, true);
  if (row.dispatchedAt) throw new ConflictError(fleetMessages.planFrozen);
  if (row.status === "queued" || row.status === "solving" || (needsResult && !storedResult(row))) throw new ConflictError(planMessages.notReady);
  return row;
}

const refs = (route: PlanRoute): RouteStopRef[] => route.stops.map((s) => ({ orderId: s.orderId, kind: s.kind }));
/** After how many stops the route reloads (issue 26; none for a plan stored before it). */
const reloadsOf = (route: PlanRoute): number[] => (route.reloads ?? []).map((r) => r.afterStops);

/**
 * POST …/plans/{id}/moves: moves an order (its pickup too) to a vehicle and position; the two
 * routes are recomputed (times, loads) without the engine and checked; what the move breaks is
 * stored and returned as violations.
 */
export async function movePlanStop(deps: PlanDeps, caller: Caller, teamId: string, planId: string, move: z.output<typeof planMoveSchema>): Promise<PlanDetail> {
  const geo = await deps.geo.get();
  return deps.db.transaction(async (tx) => {
    const row = await editablePlan(tx, caller, teamId, planId);
    const result = storedResult(row) as StoredResult;
    const orders = row.orders as unknown as PlanOrder[];
    const order = orders.find((o) => o.id === move.orderId);
    if (!order) throw new ValidationError(planMessages.unknownOrder, { orderId: planMessages.unknownOrder });
    const toVehicleId = move.toVehicleId;
    if (toVehicleId !== null && !row.vehicleIds.includes(toVehicleId)) throw new ValidationError(fleetMessages.unknownVehicle, { toVehicleId: fleetMessages.unknownVehicle });
    const vehicleList = await teamVehicles(deps, tx, teamId, row.vehicleIds, "vehicleIds", true);
    const from = result.routes.find((r) => r.stops.some((s) => s.orderId === move.orderId));
    // Each changed route as its stops with its reloads in place (issue 26): the other stops keep their trips.
    const changed = new Map<string, { stops: RouteStopRef[]; reloads: number[] }>();
    const without = (route: PlanRoute) => tokensOf(refs(route), reloadsOf(route)).filter((s) => s === null || s.orderId !== move.orderId);
    if (from) changed.set(from.vehicleId, reloadsOfTokens(without(from)));
    if (toVehicleId !== null) {
      let target = result.routes.find((r) => r.vehicleId === toVehicleId);
      if (!target) {
        target = { vehicleId: toVehicleId, driverId: null, stops: [], breaks: [], reloads: [], start: null, end: null, distanceMeters: 0, durationSeconds: 0, drivingSeconds: 0, serviceSeconds: 0, waitingSeconds: 0, load: [], costPence: 0 };
        result.routes.push(target);
      }
      const moved = (from ?? target).stops.filter((s) => s.orderId === move.orderId);
      const movedRefs = moved.length > 0 ? moved.map((s) => ({ orderId: s.orderId, kind: s.kind })) : [...(order.pickup ? [{ orderId: order.id, kind: "pickup" as const }] : []), { orderId: order.id, kind: "delivery" as const }];
      changed.set(target.vehicleId, reloadsOfTokens(insertAtStop(without(target), move.position, movedRefs)));
    }

    const dimensionNames = await dimensionNamesOf(tx, teamId);
    const dims = dimensionNames.length;
    const byId = new Map(orders.map((o) => [o.id, o]));
    const touched = vehicleList.filter((v) => changed.has(v.id));
    let violations = result.violations.filter((v) => !changed.has(v.vehicleId) && v.orderId !== move.orderId);
    const travelByProfile = await profileTravel(
      deps,
      geo,
      touched,
      [...changed.values()].flatMap((r) => r.stops).map((r) => byId.get(r.orderId) as PlanOrder),
    );
    for (const vehicle of touched) {
      const old = result.routes.find((r) => r.vehicleId === vehicle.id) as PlanRoute;
      const { stops, reloads } = changed.get(vehicle.id) ?? { stops: [], reloads: [] };
      const scheduled = scheduleVehicleRoute({ date: row.date, vehicle, orders: byId, stops, reloads, travel: travelByProfile(vehicle), dims, dimensionNames, driverId: old.driverId });
      Object.assign(old, scheduled.route);
      violations = [...violations, ...scheduled.violations];
      result.latenessByVehicle[vehicle.id] = scheduled.latenessSeconds;
    }
    await withGeometry(deps, touched, result.routes.filter((r) => changed.has(r.vehicleId)));
    const unassigned = result.unassigned.filter((u) => u.orderId !== move.orderId);
    if (toVehicleId === null) unassigned.push({ orderId: order.id, label: order.label, reason: "dropped", explanation: planMessages.unassignedByHand });
    const lateness = Object.values(result.latenessByVehicle).reduce((a, b) => a + b, 0);
    const next: StoredResult = { ...result, unassigned, violations, totals: planTotals(result.routes, orders.length, unassigned.length, lateness) };
    const locks = toVehicleId === null ? row.locks.filter((l) => l.orderId !== move.orderId) : row.locks;
    const [updated] = await tx
      .update(plans)
      .set({ result: next as unknown as Record<string, unknown>, locks, updatedAt: new Date() })
      .where(eq(plans.id, planId))
      .returning();
    return presentPlan(updated as PlanRow);
  });
}

/** PUT …/plans/{id}/locks: replaces the plan's locks (orders and vehicles of the plan, 400 otherwise). */
export async function putPlanLocks(deps: PlanDeps, caller: Caller, teamId: string, planId: string, locks: PlanLock[]): Promise<PlanDetail> {
  return deps.db.transaction(async (tx) => {
    const row = await editablePlan(tx, caller, teamId, planId, false);
    const orderIds = new Set((row.orders as unknown as PlanOrder[]).map((o) => o.id));
    const fields: Record<string, string> = {};
    locks.forEach((lock, i) => {
      if (!orderIds.has(lock.orderId)) fields[`locks.${i}.orderId`] ??= planMessages.unknownOrder;
      if (!row.vehicleIds.includes(lock.vehicleId)) fields[`locks.${i}.vehicleId`] ??= fleetMessages.unknownVehicle;
    });
    const first = Object.values(fields)[0];
    if (first) throw new ValidationError(first, fields);
    const unique = [...new Map(locks.map((l) => [l.orderId, l])).values()];
    const [updated] = await tx.update(plans).set({ locks: unique, updatedAt: new Date() }).where(eq(plans.id, planId)).returning();
    return presentPlan(updated as PlanRow);
  });
}

/** POST …/plans/{id}/replan → 202: solves the plan again in the background, locked orders kept on their vehicles. */
export async function replan(deps: PlanDeps, caller: Caller, teamId: string, planId: string): Promise<{ id: string }> {
  await deps.db.transaction(async (tx) => {
    await editablePlan(tx, caller, teamId, planId, false);
    await tx.update(plans).set({ status: "queued", progress: 0, error: null, updatedAt: new Date() }).where(eq(plans.id, planId));
  });
  startSolving(deps, planId);
  return { id: planId };
}

/** POST …/plans/{id}/variants → 202 { id }: a copy of the plan's orders with other vehicles, objective or settings, solved in the background. */
export async function createVariant(deps: PlanDeps, caller: Caller, teamId: string, planId: string, input: PlanVariantInput): Promise<{ id: string }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const parent = await planOf(deps.db, teamId, planId);
  const vehicleIds = input.vehicleIds ?? parent.vehicleIds;
  const orders = parent.orders as unknown as PlanOrder[];
  await checkedInput(deps, teamId, vehicleIds, orders);
  await assertCanOptimize(deps.db, await quotaHolder(deps.db, teamId));
  const [row] = await deps.db
    .insert(plans)
    .values({
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
    })
    .returning({ id: plans.id });
  const id = (row as { id: string }).id;
  startSolving(deps, id);
  return { id };
}

/** GET …/plans/{id}/compare?with=a,b: the plans' totals side by side (each must be the team's, 404 otherwise). */
export async function comparePlans(deps: PlanDeps, caller: Caller, teamId: string, planId: string, withIds: string[]) {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const ids = [planId, ...withIds.filter((id) => id !== planId)];
  if (ids.length > 5) throw new ValidationError(planMessages.tooManyCompared, { with: planMessages.tooManyCompared });
  const rows = await Promise.all(ids.map((id) => planView(deps.db, teamId, id)));
  return { plans: rows.map((row) => ({ ...planHeader(row), violations: storedResult(row)?.violations.length ?? 0 })) };
}

const hhmm = (date: string, iso: string | null) => (iso ? iso.slice(11, 16) : null);

/** Legs and geometry along `path` from the routing provider, straight lines if it fails (none for fewer than two points). */
async function routeAlong(geo: GeoServices, deps: Pick<PlanDeps, "logger">, path: readonly LatLng[], profile: Profile) {
  if (path.length < 2) return { legs: [] as { distance: number; duration: number }[], geometry: null, provider: geo.routing.name as string };
  try {
    const r = await geo.routing.route(path, profile);
    return { legs: r.legs, geometry: r.geometry, provider: geo.routing.name as string };
  } catch (err) {
    deps.logger.warn({ err }, "route geometry unavailable; straight-line legs");
    const r = await geo.haversine.route(path, profile);
    return { legs: r.legs, geometry: r.geometry, provider: geo.haversine.name as string };
  }
}

/**
 * The places a route passes in order: its stops, with the start depot before the first stop, at
 * each reload (issue 26) and the end depot after the last. `depot` is what stands for the start
 * depot at a reload.
 */
function pathThrough<S extends LatLng, D extends LatLng>(route: PlanRoute, stops: readonly S[], depot: D | null, start: readonly D[], end: readonly D[]): (S | D)[] {
  const reloads = depot ? reloadsOf(route) : [];
  const middle = tokensOf(stops, reloads).map((s) => s ?? (depot as D));
  return [...start, ...middle, ...end];
}

/** The plan route's line on the map, depot to depot through its stops and reloads (null when it has no stop). */
async function routeGeometry(geo: GeoServices, deps: Pick<PlanDeps, "logger">, vehicle: PlanVehicle, route: PlanRoute): Promise<string | null> {
  if (route.stops.length === 0) return null;
  const path = pathThrough(route, route.stops, vehicle.start, vehicle.start ? [vehicle.start] : [], vehicle.end ? [vehicle.end] : []);
  return (await routeAlong(geo, deps, path, vehicle.profile as Profile)).geometry;
}

/**
 * Sets the geometry of each of `routes`: one routing call per route, one after the other with a
 * turn of the event loop between them (the built-in road router computes on this thread).
 */
async function withGeometry(deps: PlanDeps, vehicles: readonly PlanVehicle[], routes: readonly PlanRoute[]): Promise<void> {
  const geo = await deps.geo.get();
  const byId = new Map(vehicles.map((v) => [v.id, v]));
  for (const route of routes) {
    const vehicle = byId.get(route.vehicleId);
    route.geometry = vehicle ? await routeGeometry(geo, deps, vehicle, route) : null;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The routes row and stops of one dispatched plan route; legs and geometry from the routing provider. */
async function dispatchedRoute(geo: GeoServices, deps: PlanDeps, date: string, vehicle: PlanVehicle, route: PlanRoute, orders: readonly PlanOrder[], contacts: ReadonlyMap<string, Contact>) {
  const first = route.stops[0] as PlanRoute["stops"][number];
  const startPlace: StoredPlace = vehicle.start
    ? { label: vehicle.start.address ?? `${vehicle.name} depot`, address: vehicle.start.address ?? null, lat: vehicle.start.lat, lng: vehicle.start.lng }
    : { label: first.label, address: null, lat: first.lat, lng: first.lng };
  const endPlace: StoredPlace | null = vehicle.end ? { label: vehicle.end.address ?? `${vehicle.name} depot`, address: vehicle.end.address ?? null, lat: vehicle.end.lat, lng: vehicle.end.lng } : null;
  // Through the start depot at each reload (issue 26): the leg to the first stop of a trip is the two legs via the depot.
  const path = pathThrough<LatLng, StoredPlace>(route, route.stops, vehicle.start ? startPlace : null, vehicle.start ? [startPlace] : [], endPlace ? [endPlace] : []);
  const profile = vehicle.profile as Profile;
  const { legs, geometry, provider } = await routeAlong(geo, deps, path, profile);
  const reloads = vehicle.start ? reloadsOf(route) : [];
  /** Leg into stop i: the legs since the place before it (the previous stop, or the depot before the first). */
  const legInto = (i: number) => {
    // Path position of stop i: after the start depot (when there is one) and the reloads before it.
    const at = i + (vehicle.start ? 1 : 0) + reloads.filter((r) => r <= i).length;
    const parts = reloads.includes(i) ? [legs[at - 2], legs[at - 1]] : [legs[at - 1]];
    if (parts.some((leg) => leg === undefined)) return undefined;
    return { distance: parts.reduce((t, leg) => t + leg!.distance, 0), duration: parts.reduce((t, leg) => t + leg!.duration, 0) };
  };
  // The routes row keeps its departure to the minute (HH:MM) and every planned time relative to
  // it; counting from that same minute keeps the driver's and customers' ETAs to the second of the
  // plan (a route leaving as late as its windows allow may leave at any second, issue 25).
  const departure = Math.floor(secondsOnDate(date, route.start ?? first.arrival) / 60) * 60;
  const rel = (iso: string) => secondsOnDate(date, iso) - departure;
  const index = new Map(orders.map((o, i) => [o.id, i]));
  const stops = route.stops.map((s, i) => {
    const order = orders[index.get(s.orderId) as number] as PlanOrder;
    const place = s.kind === "pickup" && order.pickup ? order.pickup : order;
    const window = place.timeWindows[0];
    const leg = legInto(i);
    return {
      sequence: i + 1,
      inputIndex: index.get(s.orderId) as number,
      label: s.label,
      address: place.address ?? null,
      note: s.kind === "delivery" ? (order.notes ?? null) : null,
      lat: s.lat,
      lng: s.lng,
      serviceS: Math.round(place.serviceMinutes * 60),
      timeWindowStart: window ? secondsOnDate(date, `${date}T${window.start}:00`) - departure : null,
      timeWindowEnd: window ? secondsOnDate(date, `${date}T${window.end}:00`) - departure : null,
      arrivalS: rel(s.arrival),
      departureS: rel(s.departure),
      legDistanceM: leg?.distance ?? 0,
      legDurationS: leg?.duration ?? 0,
      // Driver app and customer tracking (issue 12).
      orderId: order.id,
      kind: s.kind,
      contactSealed: sealContact(deps.encryption, contacts.get(order.id)),
      trackingToken: newTrackingToken(),
      trackingExpiresAt: new Date(Date.now() + TRACKING_LINK_TTL_MS),
    };
  });
  const endLeg = endPlace ? legs[legs.length - 1] : undefined;
  return {
    values: {
      name: `${vehicle.name} · ${date}`,
      profile,
      roundTrip: false,
      departureTime: hhmm(date, route.start) ?? hhmm(date, first.arrival) ?? "09:00",
      start: startPlace,
      end: endPlace,
      distanceM: route.distanceMeters,
      durationS: route.durationSeconds,
      endArrivalS: route.end ? rel(route.end) : null,
      endLegDistanceM: endLeg?.distance ?? null,
      endLegDurationS: endLeg?.duration ?? null,
      reloads: (route.reloads ?? []).filter(() => vehicle.start !== null).map((r) => ({ afterSequence: r.afterStops, arrivalS: rel(r.arrival), departureS: rel(r.departure) })),
      geometry,
      provider,
    },
    stops,
  };
}

const dayNames = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"];

/**
 * 409 naming every assignment whose driver does not work on the plan's weekday or lacks a driver
 * skill the route's orders need (a skill that some driver of the team lists; the others are vehicle
 * equipment the engine matched). The manager may dispatch anyway (contracts: dispatchPlanSchema).
 */
async function warnUnfitDrivers(
  tx: Tx,
  teamId: string,
  row: PlanRow,
  used: readonly PlanRoute[],
  assigned: ReadonlyMap<string, string>,
  given: readonly { vehicleId: string }[],
  vehicleById: ReadonlyMap<string, PlanVehicle>,
  driverById: ReadonlyMap<string, { name: string }>,
): Promise<void> {
  const profiles = await tx.select({ userId: fleetDrivers.userId, skills: fleetDrivers.skills, workingDays: fleetDrivers.workingDays }).from(fleetDrivers).where(eq(fleetDrivers.teamId, teamId));
  const profileOf = new Map(profiles.map((p) => [p.userId, p]));
  const driverSkills = new Set(profiles.flatMap((p) => p.skills));
  const weekday = new Date(`${row.date}T00:00:00Z`).getUTCDay();
  const day = weekdays[(weekday + 6) % 7] as string;
  const orders = new Map((row.orders as unknown as PlanOrder[]).map((o) => [o.id, o]));
  const fields: Record<string, string> = {};
  for (const route of used) {
    const driverUserId = assigned.get(route.vehicleId) as string;
    const index = given.findIndex((a) => a.vehicleId === route.vehicleId);
    const key = index >= 0 ? `assignments.${index}.driverUserId` : `vehicles.${route.vehicleId}`;
    const vehicle = vehicleById.get(route.vehicleId)?.name ?? route.vehicleId;
    const driver = driverById.get(driverUserId)?.name ?? driverUserId;
    const profile = profileOf.get(driverUserId);
    const workingDays: readonly string[] = profile?.workingDays ?? DEFAULT_WORKING_DAYS;
    if (!workingDays.includes(day)) {
      fields[key] = planMessages.driverOffDay(vehicle, driver, dayNames[weekday] as string);
      continue;
    }
    const has = new Set(profile?.skills ?? []);
    const needed = new Set(route.stops.flatMap((s) => orders.get(s.orderId)?.skills ?? []).filter((skill) => driverSkills.has(skill) && !has.has(skill)));
    if (needed.size > 0) fields[key] = planMessages.driverLacksSkill(vehicle, driver, [...needed].join(", "));
  }
  if (Object.keys(fields).length > 0) throw new AppError(409, "CONFLICT", planMessages.unfitDrivers, fields);
}

/**
 * POST …/plans/{id}/dispatch: the chosen non-empty routes (`vehicleIds`; by default every route
 * not dispatched yet that has a driver) become routes rows of the team assigned to their driver
 * (given, or the driver whose default vehicle it is) and vehicle; each driver gets a notification
 * (realtime) and an e-mail. The plan's edits are frozen from the first dispatch on; the routes left
 * planned (a van with no driver today) can be dispatched by a later call. All or nothing per call.
 */
export async function dispatchPlan(deps: PlanDeps, caller: Caller, teamId: string, planId: string, input: DispatchPlanInput) {
  const geo = await deps.geo.get();
  const events = new TeamEvents();
  const mails: { email: string; name: string; routeId: string; date: string; vehicle: string; stops: number; team: string }[] = [];
  const out = await deps.db.transaction(async (tx) => {
    const { team } = await requireFleetTeam(tx, caller, teamId, { manager: true });
    const row = await planOf(tx, teamId, planId, true);
    if (row.status === "queued" || row.status === "solving" || !storedResult(row)) throw new ConflictError(planMessages.notReady);
    const result = storedResult(row) as StoredResult;
    const nonEmpty = result.routes.filter((r) => r.stops.length > 0);
    if (nonEmpty.length === 0) throw new ConflictError(planMessages.nothingToDispatch);
    // Which routes are out already: the routes rows made from this plan (a deleted one frees its vehicle).
    const existing = await tx.select({ id: routes.id, vehicleId: routes.vehicleId, driverUserId: routes.driverUserId }).from(routes).where(eq(routes.planId, planId));
    const done = new Set(existing.map((r) => r.vehicleId));
    const open = nonEmpty.filter((r) => !done.has(r.vehicleId));
    if (open.length === 0) throw new ConflictError(fleetMessages.planFrozen);
    const drivers = await tx
      .select({ userId: teamMembers.userId, email: user.email, name: user.name })
      .from(teamMembers)
      .innerJoin(user, eq(user.id, teamMembers.userId))
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, "driver")));
    const driverById = new Map(drivers.map((d) => [d.userId, d]));
    const vehicleList = await teamVehicles(deps, tx, teamId, row.vehicleIds, "vehicleIds", true);
    const vehicleById = new Map(vehicleList.map((v) => [v.id, v]));
    const nameOf = (vehicleId: string) => vehicleById.get(vehicleId)?.name ?? vehicleId;
    const fields: Record<string, string> = {};
    let conflict: string | null = null;
    const assigned = new Map<string, string>();
    (input.assignments ?? []).forEach((a, i) => {
      if (!nonEmpty.some((r) => r.vehicleId === a.vehicleId)) fields[`assignments.${i}.vehicleId`] ??= planMessages.notARoute;
      else if (done.has(a.vehicleId)) conflict ??= planMessages.alreadyDispatched(nameOf(a.vehicleId));
      if (!driverById.has(a.driverUserId)) fields[`assignments.${i}.driverUserId`] ??= planMessages.notADriver;
      assigned.set(a.vehicleId, a.driverUserId);
    });
    (input.vehicleIds ?? []).forEach((id, i) => {
      if (!nonEmpty.some((r) => r.vehicleId === id)) fields[`vehicleIds.${i}`] ??= planMessages.notARoute;
      else if (done.has(id)) conflict ??= planMessages.alreadyDispatched(nameOf(id));
    });
    const defaults = await driverByVehicle(tx, teamId);
    for (const r of open) {
      const driver = assigned.get(r.vehicleId) ?? defaults.get(r.vehicleId);
      if (driver) assigned.set(r.vehicleId, driver);
    }
    // The routes of this call: those asked for (each needs a driver), else every open route that has one.
    const chosen = input.vehicleIds ? open.filter((r) => input.vehicleIds?.includes(r.vehicleId)) : open.filter((r) => assigned.has(r.vehicleId));
    (input.vehicleIds ?? []).forEach((id, i) => {
      if (open.some((r) => r.vehicleId === id) && !assigned.has(id)) fields[`vehicleIds.${i}`] ??= planMessages.noDriver(nameOf(id));
    });
    if (!input.vehicleIds && chosen.length === 0) fields.assignments ??= planMessages.noDriver(nameOf((open[0] as PlanRoute).vehicleId));
    const first = Object.values(fields)[0];
    if (first) throw new ValidationError(first, fields);
    if (conflict) throw new ConflictError(conflict);
    // What edits broke was shown as violations; dispatching them takes the manager's word for it.
    if (!input.dispatchAnyway && result.violations.length > 0) throw new AppError(409, "CONFLICT", planMessages.hasViolations(result.violations.length));
    if (!input.dispatchAnyway) await warnUnfitDrivers(tx, teamId, row, chosen, assigned, input.assignments ?? [], vehicleById, driverById);

    const orders = row.orders as unknown as PlanOrder[];
    const contacts = planContacts(deps, row);
    const created: { routeId: string; vehicleId: string; driverUserId: string }[] = [];
    for (const r of chosen) {
      const vehicle = vehicleById.get(r.vehicleId) as PlanVehicle;
      const driverUserId = assigned.get(r.vehicleId) as string;
      const { values, stops } = await dispatchedRoute(geo, deps, row.date, vehicle, r, orders, contacts);
      const [inserted] = await tx
        .insert(routes)
        .values({ ...values, userId: caller.id, teamId, planId, vehicleId: vehicle.id, driverUserId, unassigned: [], proofRequired: (row.settings as PlanSettings).proofRequired === true })
        .returning({ id: routes.id });
      const routeId = (inserted as { id: string }).id;
      if (stops.length > 0) await tx.insert(routeStops).values(stops.map((s) => ({ ...s, routeId })));
      created.push({ routeId, vehicleId: vehicle.id, driverUserId });
      // The plan's day as the driver reads it ("Monday 23 November", in their language).
      const day = (await formatterOf(tx, driverUserId)).day(row.date, "weekday");
      await events.notify(tx, driverUserId, "fleet_communication", planMessages.dispatchedTitle, planMessages.dispatched(team.name, day, vehicle.name, r.stops.length));
      const driver = driverById.get(driverUserId) as { email: string; name: string };
      mails.push({ email: driver.email, name: driver.name, routeId, date: day, vehicle: vehicle.name, stops: r.stops.length, team: team.name });
    }
    const dispatched = [...existing.filter((e): e is typeof e & { vehicleId: string } => e.vehicleId !== null).map((e) => ({ vehicleId: e.vehicleId, routeId: e.id, driverUserId: e.driverUserId })), ...created];
    const next: StoredResult = { ...result, dispatched };
    await tx
      .update(plans)
      .set({ result: next as unknown as Record<string, unknown>, dispatchedAt: row.dispatchedAt ?? new Date(), updatedAt: new Date() })
      .where(eq(plans.id, planId));
    await events.teamChanged(tx, teamId, "plan_dispatched", caller.id);
    const remaining = open.filter((r) => !created.some((c) => c.vehicleId === r.vehicleId)).map((r) => r.vehicleId);
    return { routes: created, remaining };
  });
  await events.flush(deps.realtime, deps.logger);
  await afterDispatch(deps, out.routes.map((r) => r.routeId));
  for (const m of mails) {
    await deps.mailer.send(
      actionEmail({
        to: m.email,
        kind: "route-dispatch",
        subject: planMessages.dispatchedMailSubject(m.date),
        greeting: `Hello ${m.name},`,
        body: planMessages.dispatched(m.team, m.date, m.vehicle, m.stops),
        action: "Open your route",
        link: `${deps.baseUrl}/driver`,
        footer: "You receive this e-mail because you are a driver of this team on RoutePilot.",
      }),
    );
  }
  return out;
}

