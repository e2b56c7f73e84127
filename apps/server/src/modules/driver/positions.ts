import { and, desc, eq, gte, inArray, lte, or, sql } from "drizzle-orm";
import { driverMessages, liveMessageTypes, liveTopic, localDate, type DriverPosition, type PositionInput } from "@routepilot/contracts";
import { driverPositions, plans, routes, teamMembers, user } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { ConflictError } from "../../lib/errors";
import { requireFleetTeam } from "../fleet/access";
import { settingsOf } from "../fleet/settings";
import { TeamEvents } from "../teams/events";
import { managerIds, routeContexts, type RouteContext } from "./model";
import { zonedEpoch } from "./time";

/** Fixes less precise than this (metres) are kept but not counted in the distance driven. */
export const MAX_ACCURACY_M = 100;

const R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;
/** Great-circle distance in metres. */
export function haversineMeters(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Metres driven along `points` (oldest first) after `from`, skipping fixes less precise than 100 m. */
export function distanceDriven(from: { lat: number; lng: number } | null, points: readonly PositionInput[]): number {
  let previous = from;
  let total = 0;
  for (const p of points) {
    if (p.accuracy !== null && p.accuracy !== undefined && p.accuracy > MAX_ACCURACY_M) continue;
    if (previous) total += haversineMeters(previous, p);
    previous = p;
  }
  return total;
}

/**
 * Positions arrive every few seconds from every driver: which route a driver is on and who manages
 * the team are kept for a few seconds rather than read on every call (a route that starts, ends or
 * changes hands is seen within CACHE_MS; the distance update itself checks the route is in progress).
 */
const CACHE_MS = 10_000;
const routeCache = new Map<string, { at: number; ctx: RouteContext | null }>();
const managerCache = new Map<string, { at: number; ids: string[] }>();

async function cachedRoute(db: AppDeps["db"], driverId: string, now: number): Promise<RouteContext | null> {
  const hit = routeCache.get(driverId);
  if (hit?.ctx && now - hit.at < CACHE_MS && (hit.ctx.route.status === "in_progress" || hit.ctx.date === localDate(now, hit.ctx.timeZone))) return hit.ctx;
  const ctx = await currentRoute(db, driverId, now);
  if (routeCache.size > 10_000) routeCache.clear();
  routeCache.set(driverId, { at: now, ctx });
  return ctx;
}

async function cachedManagers(db: AppDeps["db"], teamId: string, now: number): Promise<string[]> {
  const hit = managerCache.get(teamId);
  if (hit && now - hit.at < CACHE_MS) return hit.ids;
  const ids = await managerIds(db, teamId);
  if (managerCache.size > 10_000) managerCache.clear();
  managerCache.set(teamId, { at: now, ids });
  return ids;
}

/**
 * The route the driver's positions belong to: the one in progress, whatever its day (a route of
 * Monday worked early, or past midnight), else today's (in its team's zone) next one not completed.
 */
async function currentRoute(db: AppDeps["db"], driverId: string, now: number): Promise<RouteContext | null> {
  const [running] = await routeContexts(db, and(eq(routes.driverUserId, driverId), eq(routes.status, "in_progress")));
  if (running) return running;
  const day = 86_400_000;
  const dates = [now - day, now + day].map((t) => new Date(t).toISOString().slice(0, 10));
  const candidates = await routeContexts(
    db,
    and(eq(routes.driverUserId, driverId), inArray(routes.status, ["planned", "in_progress"]), gte(plans.date, dates[0] as string), lte(plans.date, dates[1] as string)),
  );
  const today = candidates.filter((c) => c.date === localDate(now, c.timeZone));
  return today.find((c) => c.route.status === "in_progress") ?? today[0] ?? null;
}

export type PositionDeps = Pick<AppDeps, "db" | "realtime" | "logger">;

/**
 * POST /api/driver/positions: one multi-row insert for the driver's route of today; the distance
 * driven added to the route and to the leg of its next stop; one driver_position message (latest
 * point and the batch) to the team's managers. 409 noActiveRoute without a route today.
 */
export async function recordPositions(deps: PositionDeps, caller: { id: string; name: string }, points: PositionInput[]): Promise<{ accepted: number; routeId: string }> {
  const now = Date.now();
  const ctx = await cachedRoute(deps.db, caller.id, now);
  if (!ctx) throw new ConflictError(driverMessages.noActiveRoute);
  const managers = await cachedManagers(deps.db, ctx.team.id, now);
  const sorted = [...points].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const teamId = ctx.team.id;
  const routeId = ctx.route.id;
  const events = new TeamEvents();
  // No transaction around the batch (it would hold PGlite's one connection across every await):
  // the insert is one statement and the distances are added atomically in SQL.
  {
    const tx = deps.db;
    const [previous] = await tx
      .select({ lat: driverPositions.lat, lng: driverPositions.lng })
      .from(driverPositions)
      .where(and(eq(driverPositions.driverUserId, caller.id), eq(driverPositions.routeId, routeId), or(sql`${driverPositions.accuracy} is null`, lte(driverPositions.accuracy, MAX_ACCURACY_M))))
      .orderBy(desc(driverPositions.at))
      .limit(1);
    await tx.insert(driverPositions).values(
      sorted.map((p) => ({ teamId, driverUserId: caller.id, routeId, lat: p.lat, lng: p.lng, accuracy: p.accuracy ?? null, heading: p.heading ?? null, speed: p.speed ?? null, at: new Date(p.at) })),
    );
    const metres = distanceDriven(previous ?? null, sorted);
    if (metres > 0) {
      const counted = await tx
        .update(routes)
        .set({ actualDistanceM: sql`coalesce(${routes.actualDistanceM}, 0) + ${metres}` })
        .where(and(eq(routes.id, routeId), eq(routes.status, "in_progress")))
        .returning({ id: routes.id });
      // The leg being driven: the first stop not reached yet.
      if (counted.length > 0)
        await tx.execute(
          sql`update route_stops set actual_leg_distance_m = coalesce(actual_leg_distance_m, 0) + ${metres}
              where id = (select id from route_stops where route_id = ${routeId} and status = 'pending' order by sequence limit 1)`,
        );
    }
    const latest = sorted[sorted.length - 1] as PositionInput;
    const present = (p: PositionInput) => ({ driverUserId: caller.id, routeId, lat: p.lat, lng: p.lng, accuracy: p.accuracy ?? null, heading: p.heading ?? null, speed: p.speed ?? null, at: p.at });
    events.publish(managers, liveTopic(teamId), liveMessageTypes.driverPosition, {
      ...present(latest),
      driverName: caller.name,
      positions: sorted.map(present),
    });
  }
  await events.flush(deps.realtime, deps.logger);
  return { accepted: sorted.length, routeId };
}

/** Points of the trail per driver. */
export const TRAIL_POINTS = 50;

/** GET /api/teams/{teamId}/positions (managers): each driver's latest position of today with the last ≤ 50 points. */
export async function teamPositions(deps: Pick<AppDeps, "db">, caller: { id: string }, teamId: string): Promise<{ positions: DriverPosition[] }> {
  const { team } = await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const { timeZone } = await settingsOf(deps.db, team);
  const now = Date.now();
  const since = new Date(zonedEpoch(localDate(now, timeZone), 0, timeZone));
  const recent = deps.db
    .select({
      driverUserId: driverPositions.driverUserId,
      routeId: driverPositions.routeId,
      lat: driverPositions.lat,
      lng: driverPositions.lng,
      accuracy: driverPositions.accuracy,
      heading: driverPositions.heading,
      speed: driverPositions.speed,
      at: driverPositions.at,
      n: sql<number>`row_number() over (partition by ${driverPositions.driverUserId} order by ${driverPositions.at} desc, ${driverPositions.id} desc)`.as("n"),
    })
    .from(driverPositions)
    .where(and(eq(driverPositions.teamId, teamId), gte(driverPositions.at, since)))
    .as("recent");
  const rows = await deps.db
    .select({
      driverUserId: recent.driverUserId,
      routeId: recent.routeId,
      lat: recent.lat,
      lng: recent.lng,
      accuracy: recent.accuracy,
      heading: recent.heading,
      speed: recent.speed,
      at: recent.at,
      name: user.name,
    })
    .from(recent)
    .innerJoin(user, eq(user.id, recent.driverUserId))
    .innerJoin(teamMembers, and(eq(teamMembers.userId, recent.driverUserId), eq(teamMembers.teamId, teamId)))
    .where(lte(recent.n, TRAIL_POINTS))
    .orderBy(recent.driverUserId, recent.n);
  const byDriver = new Map<string, DriverPosition>();
  for (const { name, ...p } of rows) {
    let entry = byDriver.get(p.driverUserId);
    if (!entry) {
      entry = { driverUserId: p.driverUserId, driverName: name, routeId: p.routeId, lat: p.lat, lng: p.lng, accuracy: p.accuracy, heading: p.heading, speed: p.speed, at: p.at.toISOString(), trail: [] };
      byDriver.set(p.driverUserId, entry);
    }
    entry.trail.unshift([p.lat, p.lng]);
  }
  return { positions: [...byDriver.values()].sort((a, b) => a.driverName.localeCompare(b.driverName)) };
}
