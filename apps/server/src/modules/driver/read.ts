import { and, eq, gte, inArray, min } from "drizzle-orm";
import type { DriverRoute, LiveRoute } from "@routepilot/contracts";
import { plans, routes, user, vehicles } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { requireFleetTeam } from "../fleet/access";
import { routeDelayMinutes } from "./eta";
import { etaStopsOf, isoOrNull, plannedArrival, presentDriverStop, presentReloads, proofsByStop, routeContexts, routeStatus, stopsByRoute, type RouteContext, type StopRow } from "./model";

type Db = AppDeps["db"];

async function withStops(db: Db, contexts: RouteContext[]) {
  const stops = await stopsByRoute(
    db,
    contexts.map((c) => c.route.id),
  );
  const proofs = await proofsByStop(
    db,
    [...stops.values()].flat().map((s) => s.id),
  );
  const vehicleIds = [...new Set(contexts.map((c) => c.route.vehicleId).filter((id): id is string => id !== null))];
  const vehicleRows = vehicleIds.length > 0 ? await db.select({ id: vehicles.id, name: vehicles.name, plate: vehicles.plate }).from(vehicles).where(inArray(vehicles.id, vehicleIds)) : [];
  const vehicleById = new Map(vehicleRows.map((v) => [v.id, v]));
  return { stopsOf: (c: RouteContext) => stops.get(c.route.id) ?? [], proofsOf: (s: StopRow) => proofs.get(s.id) ?? [], vehicleOf: (c: RouteContext) => (c.route.vehicleId ? (vehicleById.get(c.route.vehicleId) ?? null) : null) };
}

/** GET /api/driver/routes?date=: the caller's own dispatched routes of that day (any team). */
export async function driverRoutes(deps: Pick<AppDeps, "db" | "encryption" | "logger">, caller: { id: string }, date: string): Promise<{ date: string; routes: DriverRoute[] }> {
  const contexts = await routeContexts(deps.db, and(eq(routes.driverUserId, caller.id), eq(plans.date, date)));
  const { stopsOf, proofsOf, vehicleOf } = await withStops(deps.db, contexts);
  return {
    date,
    routes: contexts.map((c) => {
      const vehicle = vehicleOf(c);
      return {
        id: c.route.id,
        name: c.route.name,
        date: c.date,
        team: { id: c.team.id, name: c.team.name },
        vehicle: vehicle ? { id: vehicle.id, name: vehicle.name, plate: vehicle.plate ?? null } : null,
        status: routeStatus(c.route.status),
        proofRequired: c.route.proofRequired,
        start: c.route.start,
        end: c.route.end ?? null,
        geometry: c.route.geometry,
        distanceMeters: c.route.distanceM,
        durationSeconds: c.route.durationS,
        updatedAt: c.route.updatedAt.toISOString(),
        stops: stopsOf(c).map((s) => presentDriverStop(deps, c, s, proofsOf(s))),
        reloads: presentReloads(c, stopsOf(c)),
      };
    }),
  };
}

/** Today's date (YYYY-MM-DD) in the server's zone. */
function serverToday(now = new Date()): string {
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/**
 * GET /api/driver/routes/next?from=: the first day on or after `from` (the phone's today: the
 * driver's calendar, not the server's) with a route dispatched to the caller, and its routes.
 */
export async function nextDriverRoutes(deps: Pick<AppDeps, "db" | "encryption" | "logger">, caller: { id: string }, from: string = serverToday()): Promise<{ date: string | null; routes: DriverRoute[] }> {
  const [row] = await deps.db
    .select({ date: min(plans.date) })
    .from(routes)
    .innerJoin(plans, eq(plans.id, routes.planId))
    .where(and(eq(routes.driverUserId, caller.id), gte(plans.date, from)));
  const date = row?.date ?? null;
  if (!date) return { date: null, routes: [] };
  return driverRoutes(deps, caller, date);
}

/** GET /api/teams/{teamId}/routes/next?from= (managers): the first day on or after `from` with a dispatched route of the team. */
export async function nextLiveDay(deps: Pick<AppDeps, "db">, caller: { id: string }, teamId: string, from: string = serverToday()): Promise<{ date: string | null }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const [row] = await deps.db
    .select({ date: min(plans.date) })
    .from(routes)
    .innerJoin(plans, eq(plans.id, routes.planId))
    .where(and(eq(routes.teamId, teamId), gte(plans.date, from)));
  return { date: row?.date ?? null };
}

/** A route as the manager's live view shows it (done/total, delay, proof, tracking links, planned vs actual). */
function presentLiveRoute(
  c: RouteContext,
  stops: StopRow[],
  extras: { driverName: string | null; vehicle: { id: string; name: string } | null; proofsOf: (s: StopRow) => LiveRoute["stops"][number]["proof"]; baseUrl: string; now: number },
): LiveRoute {
  return {
    id: c.route.id,
    name: c.route.name,
    planId: c.route.planId,
    driver: c.route.driverUserId ? { userId: c.route.driverUserId, name: extras.driverName ?? "" } : null,
    vehicle: extras.vehicle ? { id: extras.vehicle.id, name: extras.vehicle.name } : null,
    status: routeStatus(c.route.status),
    done: stops.filter((s) => s.status === "done" || s.status === "failed").length,
    total: stops.length,
    delayMinutes: c.route.status === "planned" ? null : routeDelayMinutes(etaStopsOf(c, stops), c.route.completedAt?.getTime() ?? extras.now),
    distanceMeters: c.route.distanceM,
    actualDistanceMeters: c.route.actualDistanceM,
    startedAt: isoOrNull(c.route.startedAt),
    completedAt: isoOrNull(c.route.completedAt),
    geometry: c.route.geometry,
    stops: stops.map((s) => ({
      id: s.id,
      sequence: s.sequence,
      label: s.label,
      lat: s.lat,
      lng: s.lng,
      status: s.status as LiveRoute["stops"][number]["status"],
      plannedArrival: new Date(plannedArrival(c, s)).toISOString(),
      arrivedAt: isoOrNull(s.arrivedAt),
      completedAt: isoOrNull(s.completedAt),
      failureReason: (s.failureReason as LiveRoute["stops"][number]["failureReason"]) ?? null,
      proof: extras.proofsOf(s),
      trackingUrl: s.trackingToken ? `${extras.baseUrl}/track/${s.trackingToken}` : null,
      plannedServiceSeconds: s.serviceS,
      actualServiceSeconds: s.arrivedAt && s.completedAt ? Math.round((s.completedAt.getTime() - s.arrivedAt.getTime()) / 1000) : null,
      plannedLegDistanceMeters: s.legDistanceM,
      actualLegDistanceMeters: s.actualLegDistanceM,
    })),
    reloads: presentReloads(c, stops),
  };
}

/** GET /api/teams/{teamId}/routes?date= (managers): the day's dispatched routes of the team. */
export async function liveRoutes(deps: Pick<AppDeps, "db" | "baseUrl">, caller: { id: string }, teamId: string, date: string): Promise<{ date: string; routes: LiveRoute[] }> {
  await requireFleetTeam(deps.db, caller, teamId, { manager: true });
  const contexts = await routeContexts(deps.db, and(eq(routes.teamId, teamId), eq(plans.date, date)));
  const { stopsOf, proofsOf, vehicleOf } = await withStops(deps.db, contexts);
  const driverIds = [...new Set(contexts.map((c) => c.route.driverUserId).filter((id): id is string => id !== null))];
  const names = driverIds.length > 0 ? await deps.db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, driverIds)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const now = Date.now();
  return {
    date,
    routes: contexts.map((c) =>
      presentLiveRoute(c, stopsOf(c), { driverName: c.route.driverUserId ? (nameOf.get(c.route.driverUserId) ?? null) : null, vehicle: vehicleOf(c), proofsOf, baseUrl: deps.baseUrl, now }),
    ),
  };
}
