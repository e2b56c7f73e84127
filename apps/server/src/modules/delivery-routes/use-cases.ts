import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  clockToSeconds,
  MAX_ROUTE_STOPS,
  routeMessages,
  secondsUntilEndOfDay,
  type AddRouteStops,
  type OptimizeRouteRequest,
  type OptimizeRouteResponse,
  type ReoptimizeRoute,
  type RouteDetail,
  type RouteList,
  type RouteProfile,
  type RouteShare,
  type SharedRoute,
  type UpdateRoute,
} from "@routepilot/contracts";
import { routeShares, routeStops, routes, type Database, type DbOrTx, type StoredPlace } from "@routepilot/db";
import { AppError, ConflictError, firstOrThrow, NotFoundError, ValidationError } from "../../lib/errors";
import type { RealtimeBus } from "../../platform/realtime/bus";
import type { Mailer } from "../../platform/mail/mail";
import { loadPlaceContext, resolveRequest } from "../maps/place-resolution";
import { planRoute, type OrderMode, type PlanningDeps, type PlanStop } from "./route-planning";
import { assertCanOptimize, consumeRouteQuota, getUsageSummary, overageNotice, sendUsageWarnings } from "../billing/usage";
import { presentRoute, presentRouteSummary, presentSharedRoute } from "./presenters";
import { activeShareByToken, activeShareOf, listRouteRows, newestActiveShare, ownedRoute, stopsOf, visibleRoute, type RouteListQuery } from "./queries";
import { planColumns, planStopFromRow, stopValues, type RouteRow, type StopRow } from "./rows";
import { assertNoUnsafeMarkup } from "../security/sanitize";

function defaultName(start: StoredPlace, stopCount: number): string {
  const name = `${start.label} · ${stopCount} stop${stopCount === 1 ? "" : "s"}`;
  return name.length > 120 ? `${name.slice(0, 119)}…` : name;
}

export interface OptimizeContext extends PlanningDeps {
  mailer: Mailer;
  baseUrl: string;
  /** Pushes the usage notices (80 %, 100 %) to the user's open tabs. */
  realtime: RealtimeBus;
  /** Bills a committed overage charge with the payment provider (Stripe configured), else absent. */
  billOverage?: (userId: string, chargeId: string) => Promise<void>;
  /** Tells a team's members that a member used its quota (realtime), after commit. */
  teamUsageChanged?: (teamId: string, userId: string) => Promise<void>;
}

/**
 * POST /api/routes/optimize: quota pre-check, geocoding, matrix, solver (worker thread), then in
 * one transaction the authoritative quota check + consumption and the stored route. A refused
 * or failed request consumes nothing and stores nothing.
 */
export async function optimizeRoute(db: Database, ctx: OptimizeContext, user: { id: string; email: string }, input: OptimizeRouteRequest): Promise<OptimizeRouteResponse> {
  await assertCanOptimize(db, user);
  assertNoUnsafeMarkup(Object.fromEntries([["name", input.name], ...input.stops.flatMap((s, i) => [[`stops.${i}.label`, s.label], [`stops.${i}.note`, s.note]])]));
  const resolved = await resolveRequest(ctx.geo, input, await loadPlaceContext(db, user.id, input.region));
  const profile = input.profile ?? "car";
  const roundTrip = input.roundTrip ?? false;
  const maxDurationS = input.endOfDay ? secondsUntilEndOfDay(clockToSeconds(resolved.departureTime), clockToSeconds(input.endOfDay)) : null;
  const plan = await planRoute(ctx, { profile, start: resolved.start, end: resolved.end, roundTrip, stops: resolved.stops, mode: { kind: "optimize" }, maxDurationS });
  const routeId = randomUUID();
  const { row, stops, consumption } = await db.transaction(async (tx) => {
    const consumption = await consumeRouteQuota(tx, user, { routeRequestId: routeId, destinationCount: input.stops.length, logger: ctx.logger });
    const row = firstOrThrow(
      await tx
        .insert(routes)
        .values({
          id: routeId,
          userId: user.id,
          name: input.name || defaultName(resolved.start, input.stops.length),
          profile,
          roundTrip,
          departureTime: resolved.departureTime,
          maxDurationS,
          start: resolved.start,
          end: resolved.end,
          ...planColumns(plan),
        })
        .returning(),
      "route insert returned no row",
    );
    const stops = await tx.insert(routeStops).values(stopValues(routeId, plan)).returning();
    return { row, stops, consumption };
  });
  if (consumption.overageChargeId) await ctx.billOverage?.(user.id, consumption.overageChargeId);
  if (consumption.teamId) await ctx.teamUsageChanged?.(consumption.teamId, user.id);
  await sendUsageWarnings({ db, mailer: ctx.mailer, baseUrl: ctx.baseUrl, realtime: ctx.realtime, logger: ctx.logger }, user, consumption);
  const summary = await getUsageSummary(db, user);
  return { route: presentRoute(row, stops), usage: { ...summary, overage: overageNotice(consumption) } };
}

/** A route the user owns; another user's route is reported as not found. */
export async function getRoute(db: DbOrTx, userId: string, id: string): Promise<RouteDetail> {
  const row = await visibleRoute(db, userId, id);
  return presentRoute(row, await stopsOf(db, id));
}

/** The user's routes, newest first; `q` matches the name, the start or any stop's label or address. */
export async function listRoutes(db: DbOrTx, userId: string, query: RouteListQuery): Promise<RouteList> {
  const { rows, total } = await listRouteRows(db, userId, query);
  return { routes: rows.map(({ route, stopCount, shared }) => presentRouteSummary(route, Number(stopCount), Boolean(shared))), total };
}

export async function updateRoute(db: DbOrTx, userId: string, id: string, patch: UpdateRoute): Promise<RouteDetail> {
  assertNoUnsafeMarkup({ name: patch.name });
  const [row] = await db
    .update(routes)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(routes.id, id), eq(routes.userId, userId)))
    .returning();
  if (!row) throw new NotFoundError("Route");
  return presentRoute(row, await stopsOf(db, id));
}

export async function deleteRoute(db: DbOrTx, userId: string, id: string): Promise<void> {
  const deleted = await db.delete(routes).where(and(eq(routes.id, id), eq(routes.userId, userId))).returning({ id: routes.id });
  if (deleted.length === 0) throw new NotFoundError("Route");
}

/** Copies a route and its stops (no quota: nothing is optimised). */
export async function duplicateRoute(db: Database, userId: string, id: string): Promise<RouteDetail> {
  return db.transaction(async (tx) => {
    const source = await ownedRoute(tx, userId, id);
    const stops = await stopsOf(tx, id);
    const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = source;
    const name = `${source.name} (copy)`;
    const copy = firstOrThrow(
      await tx
        .insert(routes)
        .values({ ...rest, name: name.length > 120 ? source.name : name, status: "planned" })
        .returning(),
      "route insert returned no row",
    );
    const copiedStops = stops.length
      ? await tx
          .insert(routeStops)
          // A copy is a new plan: the delivery run's state (arrival, failure, recipient, the customer's
          // tracking link — unique per stop — and the distance driven) stays with the original.
          .values(
            stops.map(
              ({ id: _sid, routeId: _r, completedAt: _ca, proofObjectKey: _p, arrivedAt: _a, failureReason: _f, recipientName: _n, trackingToken: _t, trackingExpiresAt: _te, actualLegDistanceM: _d, ...s }) => ({
                ...s,
                routeId: copy.id,
                status: "pending",
              }),
            ),
          )
          .returning()
      : [];
    return presentRoute(copy, copiedStops);
  });
}

/**
 * Plans a stored route again with these stops and stores the result as the same route. The
 * plan is computed outside the transaction (solving takes time); the transaction then locks the
 * row with the user's id in the WHERE (ownership checked where it is written) and refuses with
 * 409 when the route changed meanwhile, so a concurrent edit is never overwritten.
 * `keepUnassigned`: stops left out earlier stay listed after the newly left-out ones.
 */
async function replanStored(
  db: Database,
  deps: PlanningDeps,
  userId: string,
  row: RouteRow,
  stops: PlanStop[],
  mode: OrderMode,
  keepUnassigned: boolean,
): Promise<RouteDetail> {
  const plan = await planRoute(deps, { profile: row.profile as RouteProfile, start: row.start, end: row.end, roundTrip: row.roundTrip, stops, mode, maxDurationS: row.maxDurationS });
  return db.transaction(async (tx) => {
    const locked = await ownedRoute(tx, userId, row.id, { forUpdate: true });
    if (locked.updatedAt.getTime() !== row.updatedAt.getTime()) throw new ConflictError(routeMessages.routeChanged);
    const updated = firstOrThrow(
      await tx
        .update(routes)
        // Planned again as one trip: a dispatched multi-trip route's reloads (issue 26) no longer apply.
        .set({ ...planColumns(plan), unassigned: keepUnassigned ? [...row.unassigned, ...plan.unassigned] : plan.unassigned, reloads: [], updatedAt: new Date() })
        .where(and(eq(routes.id, row.id), eq(routes.userId, userId)))
        .returning(),
      "route update returned no row",
    );
    await tx.delete(routeStops).where(eq(routeStops.routeId, row.id));
    const fresh = await tx.insert(routeStops).values(stopValues(row.id, plan)).returning();
    return presentRoute(updated, fresh);
  });
}

/** With pinned stops, the others are re-optimised around them; without, the whole route is optimised (time windows and the day honoured). */
function optimiseMode(stops: PlanStop[], order: number[]): OrderMode {
  return stops.some((s) => s.pinned) ? { kind: "pinned", order } : { kind: "optimize" };
}

/**
 * Re-plans a stored route: a new order and/or pinned stops (kept at their positions, the others
 * re-optimised around them), or a fresh optimisation. Recomputes legs, ETAs, totals and geometry.
 * `dropUnassigned` forgets the stops that could not be included (re-plan without them).
 */
export async function reoptimizeRoute(db: Database, deps: PlanningDeps, userId: string, id: string, input: ReoptimizeRoute): Promise<RouteDetail> {
  const row = await ownedRoute(db, userId, id);
  const current = await stopsOf(db, id);
  const index = new Map(current.map((s, i) => [s.id, i]));
  let order = current.map((_, i) => i);
  if (input.order) {
    const seen = new Set(input.order);
    if (input.order.length !== current.length || seen.size !== current.length || input.order.some((sid) => !index.has(sid))) {
      throw new ValidationError(routeMessages.orderMismatch, { order: routeMessages.orderMismatch });
    }
    order = input.order.map((sid) => index.get(sid) as number);
  }
  const pinnedIds = new Set(input.pinned ?? current.filter((s) => s.pinned).map((s) => s.id));
  for (const sid of pinnedIds) {
    if (!index.has(sid)) throw new ValidationError(routeMessages.unknownStop, { pinned: routeMessages.unknownStop });
  }
  const stops = current.map((s) => planStopFromRow(s, pinnedIds.has(s.id)));
  const mode: OrderMode = input.optimize === false ? { kind: "fixed", order } : optimiseMode(stops, order);
  return replanStored(db, deps, userId, row, stops, mode, !input.dropUnassigned);
}

/** The next typed positions after every stop the route has had (planned or left out), so added stops count as typed last. */
function nextInputIndex(row: RouteRow, stops: StopRow[]): number {
  return Math.max(-1, ...stops.map((s) => s.inputIndex), ...row.unassigned.map((u) => u.inputIndex)) + 1;
}

/**
 * POST /api/routes/:id/stops: geocodes the new destinations as an optimisation does (near the
 * route's start), adds them and re-plans the route as the same route (no quota; ADR 005).
 * Pinned stops keep their places; the new ones are fitted in around them.
 */
export async function addRouteStops(db: Database, deps: PlanningDeps, userId: string, id: string, input: AddRouteStops): Promise<RouteDetail> {
  const row = await ownedRoute(db, userId, id);
  const current = await stopsOf(db, id);
  if (current.length + input.stops.length > MAX_ROUTE_STOPS) throw new ValidationError(routeMessages.tooManyStops, { stops: routeMessages.tooManyStops });
  const start = { address: row.start.address ?? undefined, lat: row.start.lat, lng: row.start.lng };
  // The route's own stops go along as confirmed coordinates, so a new address is chosen near them
  // and a new stop far from all of them is flagged (409, confirm to add) like on a new route.
  const existing = current.map((s) => ({ label: s.label, lat: s.lat, lng: s.lng, confirmed: true }));
  const context = await loadPlaceContext(db, userId);
  const resolved = await resolveRequest(deps.geo, { start, stops: [...existing, ...input.stops], departureTime: row.departureTime, roundTrip: true }, context).catch(
    (error: unknown) => {
      throw renumberStopFields(error, existing.length);
    },
  );
  const first = nextInputIndex(row, current);
  const added = resolved.stops.slice(existing.length).map((s, i): PlanStop => ({ ...s, inputIndex: first + i }));
  const stops = [...current.map((s) => planStopFromRow(s)), ...added];
  return replanStored(db, deps, userId, row, stops, optimiseMode(stops, stops.map((_, i) => i)), true);
}

/** An error about `stops.{n}…` of a request that had `offset` stops put in front: the same error about the caller's `stops.{n - offset}…`. */
function renumberStopFields(error: unknown, offset: number): unknown {
  if (!(error instanceof AppError) || offset === 0) return error;
  const renumber = (field: string) => field.replace(/^stops\.(\d+)/, (_, n: string) => `stops.${Number(n) - offset}`);
  const fields = error.fields ? Object.fromEntries(Object.entries(error.fields).map(([k, v]) => [renumber(k), v])) : undefined;
  const places = error.extra?.places;
  const extra = Array.isArray(places) ? { ...error.extra, places: places.map((p: { field: string }) => ({ ...p, field: renumber(p.field) })) } : error.extra;
  return new AppError(error.status, error.code, error.message, fields, error.headers, extra);
}

/**
 * DELETE /api/routes/:id/stops/:stopId: removes one stop and recomputes the route in its current
 * order (legs, ETAs, totals); "Re-optimise" then re-plans it. The last stop cannot be removed.
 */
export async function removeRouteStop(db: Database, deps: PlanningDeps, userId: string, id: string, stopId: string): Promise<RouteDetail> {
  const row = await ownedRoute(db, userId, id);
  const current = await stopsOf(db, id);
  const kept = current.filter((s) => s.id !== stopId);
  if (kept.length === current.length) throw new NotFoundError("Stop");
  if (kept.length === 0) throw new ValidationError(routeMessages.lastStop, { stopId: routeMessages.lastStop });
  return replanStored(db, deps, userId, row, kept.map((s) => planStopFromRow(s)), { kind: "fixed", order: kept.map((_, i) => i) }, true);
}

/** Creates (or returns the active) share link: a token of 256 random bits. */
export async function shareRoute(db: DbOrTx, userId: string, id: string, baseUrl: string): Promise<RouteShare> {
  await ownedRoute(db, userId, id);
  const existing = await newestActiveShare(db, id);
  const token = existing?.token ?? randomBytes(32).toString("base64url");
  if (!existing) await db.insert(routeShares).values({ routeId: id, token });
  return { token, url: `${baseUrl}/shared-route/${token}` };
}

/** Revokes every active share link of the route; the old URLs then answer 404. */
export async function unshareRoute(db: DbOrTx, userId: string, id: string): Promise<void> {
  await ownedRoute(db, userId, id);
  await db.update(routeShares).set({ revokedAt: new Date() }).where(activeShareOf(id));
}

/** A shared route, read-only and without owner, notes or record ids; revoked, expired or unknown → 404. */
export async function getSharedRoute(db: DbOrTx, token: string): Promise<SharedRoute> {
  const share = await activeShareByToken(db, token);
  if (!share) throw new NotFoundError("Shared route");
  const [row] = await db.select().from(routes).where(eq(routes.id, share.routeId));
  if (!row) throw new NotFoundError("Shared route");
  return presentSharedRoute(row, await stopsOf(db, row.id));
}
