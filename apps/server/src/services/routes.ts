import { randomBytes, randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, gt, ilike, isNull, or, sql } from "drizzle-orm";
import {
  routeMessages,
  type OptimizeRouteRequest,
  type OptimizeRouteResponse,
  type ReoptimizeRoute,
  type RouteDetail,
  type RouteList,
  type RouteProfile,
  type RouteShare,
  type RouteSummary,
  type SharedRoute,
  type UpdateRoute,
} from "@routepilot/contracts";
import { routeShares, routeStops, routes, type Database, type DbOrTx, type StoredPlace } from "@routepilot/db";
import type { RoutingProvider } from "@routepilot/geo";
import { NotFoundError, ValidationError } from "../lib/errors";
import type { Mailer } from "./mail";
import { resolveRequest } from "./place-resolution";
import { planRoute, presentProvider, type Plan, type PlanningDeps, type PlanStop } from "./route-planning";
import { assertCanOptimize, consumeRouteQuota, getUsageSummary, overageNotice, sendUsageWarnings } from "./usage";

type RouteRow = typeof routes.$inferSelect;
type StopRow = typeof routeStops.$inferSelect;

const round1 = (v: number) => Math.round(v * 10) / 10;

function saving(row: Pick<RouteRow, "distanceM" | "originalDistanceM">) {
  if (row.originalDistanceM === null) return { savingMeters: null, savingPercent: null };
  const savingMeters = row.originalDistanceM - row.distanceM;
  return { savingMeters, savingPercent: row.originalDistanceM > 0 ? round1((savingMeters / row.originalDistanceM) * 100) : 0 };
}

/** Presents a route and its stops as the API shape. */
export function presentRoute(row: RouteRow, stops: StopRow[]): RouteDetail {
  const provider = row.provider as RoutingProvider["name"];
  return {
    id: row.id,
    name: row.name,
    status: row.status as RouteDetail["status"],
    profile: row.profile as RouteProfile,
    roundTrip: row.roundTrip,
    departureTime: row.departureTime,
    start: row.start,
    end: row.end ?? null,
    stops: [...stops]
      .sort((a, b) => a.sequence - b.sequence)
      .map((s) => ({
        id: s.id,
        sequence: s.sequence,
        inputIndex: s.inputIndex,
        label: s.label,
        address: s.address,
        note: s.note,
        lat: s.lat,
        lng: s.lng,
        serviceSeconds: s.serviceS,
        timeWindow: s.timeWindowStart !== null && s.timeWindowEnd !== null ? { start: s.timeWindowStart, end: s.timeWindowEnd } : null,
        arrivalSeconds: s.arrivalS,
        departureSeconds: s.departureS,
        legDistanceMeters: s.legDistanceM,
        legDurationSeconds: s.legDurationS,
        pinned: s.pinned,
        status: s.status as RouteDetail["stops"][number]["status"],
      })),
    unassigned: row.unassigned,
    distanceMeters: row.distanceM,
    durationSeconds: row.durationS,
    endArrivalSeconds: row.endArrivalS,
    endLegDistanceMeters: row.endLegDistanceM,
    endLegDurationSeconds: row.endLegDurationS,
    originalDistanceMeters: row.originalDistanceM,
    ...saving(row),
    geometry: row.geometry,
    provider,
    ...presentProvider(provider),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function stopValues(routeId: string, plan: Plan) {
  return plan.stops.map((s) => ({
    routeId,
    sequence: s.sequence,
    inputIndex: s.inputIndex,
    label: s.label,
    address: s.address,
    note: s.note,
    lat: s.lat,
    lng: s.lng,
    serviceS: s.serviceS,
    timeWindowStart: s.timeWindow?.[0] ?? null,
    timeWindowEnd: s.timeWindow?.[1] ?? null,
    arrivalS: s.arrivalS,
    departureS: s.departureS,
    legDistanceM: s.legDistanceM,
    legDurationS: s.legDurationS,
    pinned: s.pinned,
  }));
}

function planColumns(plan: Plan) {
  return {
    unassigned: plan.unassigned,
    distanceM: plan.distanceM,
    durationS: plan.durationS,
    endArrivalS: plan.endArrivalS,
    endLegDistanceM: plan.endLegDistanceM,
    endLegDurationS: plan.endLegDurationS,
    geometry: plan.geometry,
    provider: plan.provider,
  };
}

function defaultName(start: StoredPlace, stopCount: number): string {
  const name = `${start.label} · ${stopCount} stop${stopCount === 1 ? "" : "s"}`;
  return name.length > 120 ? `${name.slice(0, 119)}…` : name;
}

export interface OptimizeContext extends PlanningDeps {
  mailer: Mailer;
  baseUrl: string;
}

/**
 * POST /api/routes/optimize: quota pre-check, geocoding, matrix, solver (worker thread), then in
 * one transaction the authoritative quota check + consumption and the stored route. A refused
 * or failed request consumes nothing and stores nothing.
 */
export async function optimizeRoute(db: Database, ctx: OptimizeContext, user: { id: string; email: string }, input: OptimizeRouteRequest): Promise<OptimizeRouteResponse> {
  await assertCanOptimize(db, user);
  const resolved = await resolveRequest(ctx.geo, input);
  const profile = input.profile ?? "car";
  const roundTrip = input.roundTrip ?? false;
  const plan = await planRoute(ctx, { profile, start: resolved.start, end: resolved.end, roundTrip, stops: resolved.stops, mode: { kind: "optimize" } });
  const routeId = randomUUID();
  const { row, stops, consumption } = await db.transaction(async (tx) => {
    const consumption = await consumeRouteQuota(tx, user, { routeRequestId: routeId, destinationCount: input.stops.length, logger: ctx.logger });
    const [row] = await tx
      .insert(routes)
      .values({
        id: routeId,
        userId: user.id,
        name: input.name || defaultName(resolved.start, input.stops.length),
        profile,
        roundTrip,
        departureTime: resolved.departureTime,
        start: resolved.start,
        end: resolved.end,
        originalDistanceM: plan.inputOrderDistanceM,
        ...planColumns(plan),
      })
      .returning();
    const stops = await tx.insert(routeStops).values(stopValues(routeId, plan)).returning();
    return { row: row as RouteRow, stops, consumption };
  });
  await sendUsageWarnings(db, ctx.mailer, user, consumption, ctx.baseUrl);
  const summary = await getUsageSummary(db, user);
  return { route: presentRoute(row, stops), usage: { ...summary, overage: overageNotice(consumption) } };
}

async function ownedRoute(db: DbOrTx, userId: string, id: string): Promise<RouteRow> {
  const [row] = await db.select().from(routes).where(and(eq(routes.id, id), eq(routes.userId, userId)));
  if (!row) throw new NotFoundError("Route");
  return row;
}

async function stopsOf(db: DbOrTx, routeId: string): Promise<StopRow[]> {
  return db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(asc(routeStops.sequence));
}

/** A route the user owns; another user's route is reported as not found. */
export async function getRoute(db: DbOrTx, userId: string, id: string): Promise<RouteDetail> {
  const row = await ownedRoute(db, userId, id);
  return presentRoute(row, await stopsOf(db, id));
}

const shareIsActive = () => and(isNull(routeShares.revokedAt), or(isNull(routeShares.expiresAt), gt(routeShares.expiresAt, new Date())));
const activeShare = (routeId: typeof routes.id | string) => and(eq(routeShares.routeId, routeId), shareIsActive());

/** The user's routes, newest first; `q` matches the name, the start or any stop's label or address. */
export async function listRoutes(db: DbOrTx, userId: string, query: { q?: string | undefined; limit?: number | undefined; offset?: number | undefined }): Promise<RouteList> {
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(routes.userId, userId),
    pattern
      ? or(
          ilike(routes.name, pattern),
          sql`${routes.start}->>'label' ilike ${pattern}`,
          // Correlated subqueries name the outer table explicitly: drizzle renders bare column names inside sql``.
          sql`exists (select 1 from route_stops rs where rs.route_id = "routes"."id" and (rs.label ilike ${pattern} or rs.address ilike ${pattern}))`,
        )
      : undefined,
  );
  const rows = await db
    .select({
      route: routes,
      stopCount: sql<number>`(select count(*)::int from route_stops rs where rs.route_id = "routes"."id")`,
      shared: sql<boolean>`exists (select 1 from route_shares sh where sh.route_id = "routes"."id" and sh.revoked_at is null and (sh.expires_at is null or sh.expires_at > now()))`,
    })
    .from(routes)
    .where(where)
    .orderBy(desc(routes.createdAt), desc(routes.id))
    .limit(query.limit ?? 50)
    .offset(query.offset ?? 0);
  const [total] = await db.select({ n: count() }).from(routes).where(where);
  return {
    routes: rows.map(({ route, stopCount, shared }): RouteSummary => {
      const detail = presentRoute(route, []);
      return {
        id: detail.id,
        name: detail.name,
        status: detail.status,
        profile: detail.profile,
        roundTrip: detail.roundTrip,
        distanceMeters: detail.distanceMeters,
        durationSeconds: detail.durationSeconds,
        originalDistanceMeters: detail.originalDistanceMeters,
        savingMeters: detail.savingMeters,
        savingPercent: detail.savingPercent,
        provider: detail.provider,
        distanceKind: detail.distanceKind,
        createdAt: detail.createdAt,
        updatedAt: detail.updatedAt,
        stopCount: Number(stopCount),
        startLabel: route.start.label,
        shared: Boolean(shared),
      };
    }),
    total: Number(total?.n ?? 0),
  };
}

export async function updateRoute(db: DbOrTx, userId: string, id: string, patch: UpdateRoute): Promise<RouteDetail> {
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
    const [row] = await tx
      .insert(routes)
      .values({ ...rest, name: name.length > 120 ? source.name : name, status: "planned" })
      .returning();
    const copy = row as RouteRow;
    const copiedStops = stops.length
      ? await tx
          .insert(routeStops)
          .values(stops.map(({ id: _sid, routeId: _r, completedAt: _ca, proofObjectKey: _p, ...s }) => ({ ...s, routeId: copy.id, status: "pending" })))
          .returning()
      : [];
    return presentRoute(copy, copiedStops);
  });
}

/**
 * Re-plans a stored route: a new order and/or pinned stops (kept at their positions, the others
 * re-optimised around them), or a fresh optimisation. Recomputes legs, ETAs, totals and geometry.
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
  const stops: PlanStop[] = current.map((s) => ({
    inputIndex: s.inputIndex,
    label: s.label,
    address: s.address,
    note: s.note,
    lat: s.lat,
    lng: s.lng,
    serviceS: s.serviceS,
    timeWindow: s.timeWindowStart !== null && s.timeWindowEnd !== null ? [s.timeWindowStart, s.timeWindowEnd] : null,
    pinned: pinnedIds.has(s.id),
  }));
  const optimize = input.optimize ?? true;
  // With nothing pinned, a full optimisation (which also honours time windows) is the best answer.
  const mode = !optimize ? { kind: "fixed" as const, order } : pinnedIds.size > 0 ? { kind: "pinned" as const, order } : { kind: "optimize" as const };
  const plan = await planRoute(deps, { profile: row.profile as RouteProfile, start: row.start, end: row.end, roundTrip: row.roundTrip, stops, mode });
  // Stops the solver could not place keep their record: append them after the planned ones.
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(routes)
      .set({ ...planColumns(plan), unassigned: [...row.unassigned, ...plan.unassigned], updatedAt: new Date() })
      .where(eq(routes.id, id))
      .returning();
    await tx.delete(routeStops).where(eq(routeStops.routeId, id));
    const fresh = await tx.insert(routeStops).values(stopValues(id, plan)).returning();
    return presentRoute(updated as RouteRow, fresh);
  });
}

/** Creates (or returns the active) share link: a token of 256 random bits. */
export async function shareRoute(db: DbOrTx, userId: string, id: string, baseUrl: string): Promise<RouteShare> {
  await ownedRoute(db, userId, id);
  const [existing] = await db.select().from(routeShares).where(activeShare(id)).orderBy(desc(routeShares.createdAt)).limit(1);
  const token = existing?.token ?? randomBytes(32).toString("base64url");
  if (!existing) await db.insert(routeShares).values({ routeId: id, token });
  return { token, url: `${baseUrl}/shared-route/${token}` };
}

/** Revokes every active share link of the route; the old URLs then answer 404. */
export async function unshareRoute(db: DbOrTx, userId: string, id: string): Promise<void> {
  await ownedRoute(db, userId, id);
  await db.update(routeShares).set({ revokedAt: new Date() }).where(activeShare(id));
}

/** A shared route, read-only and without owner, notes or record ids; revoked, expired or unknown → 404. */
export async function getSharedRoute(db: DbOrTx, token: string): Promise<SharedRoute> {
  const [share] = await db.select().from(routeShares).where(and(eq(routeShares.token, token), shareIsActive()));
  if (!share) throw new NotFoundError("Shared route");
  const [row] = await db.select().from(routes).where(eq(routes.id, share.routeId));
  if (!row) throw new NotFoundError("Shared route");
  const detail = presentRoute(row, await stopsOf(db, row.id));
  return {
    name: detail.name,
    profile: detail.profile,
    roundTrip: detail.roundTrip,
    start: detail.start,
    end: detail.end,
    stops: detail.stops.map((s) => ({
      sequence: s.sequence,
      label: s.label,
      address: s.address,
      lat: s.lat,
      lng: s.lng,
      arrivalSeconds: s.arrivalSeconds,
      legDistanceMeters: s.legDistanceMeters,
      legDurationSeconds: s.legDurationSeconds,
    })),
    distanceMeters: detail.distanceMeters,
    durationSeconds: detail.durationSeconds,
    geometry: detail.geometry,
    provider: detail.provider,
    distanceKind: detail.distanceKind,
    attribution: detail.attribution,
    createdAt: detail.createdAt,
  };
}
