import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { clockToSeconds, failureReasons, localDate, type DriverStop, type FailureReason, type ProofFile, type RouteReload } from "@routepilot/contracts";
import { plans, routeStops, routes, stopProofs, teamMembers, teams, type DbOrTx } from "@routepilot/db";
import { settingsOf } from "../fleet/settings";
import type { TeamRow } from "../teams/access";
import type { EtaStop } from "./eta";
import { zonedEpoch } from "./time";
import type { AppDeps } from "../../lib/context";
import { stopContact } from "../security/contacts";

/**
 * A dispatched route as the driver and live services read it: the row, its team, its date (the
 * plan's) and the instant of its departure in the team's time zone, from which every planned
 * arrival follows (arrival_s are seconds after departure).
 */
export type RouteRow = typeof routes.$inferSelect;
export type StopRow = typeof routeStops.$inferSelect;

export interface RouteContext {
  route: RouteRow;
  team: TeamRow;
  date: string;
  timeZone: string;
  /** Departure, epoch milliseconds. */
  base: number;
}

/** Dispatched routes (team set) matching `where`, with their team, date and departure instant. */
export async function routeContexts(db: DbOrTx, where: SQL | undefined, options: { forUpdate?: boolean } = {}): Promise<RouteContext[]> {
  const query = db
    .select({ route: routes, team: teams, planDate: plans.date })
    .from(routes)
    .innerJoin(teams, eq(teams.id, routes.teamId))
    .leftJoin(plans, eq(plans.id, routes.planId))
    .where(where)
    .orderBy(asc(routes.name), asc(routes.id));
  const rows = options.forUpdate ? await query.for("update", { of: routes }) : await query;
  const zones = new Map<string, string>();
  const out: RouteContext[] = [];
  for (const row of rows) {
    let timeZone = zones.get(row.team.id);
    if (!timeZone) {
      timeZone = (await settingsOf(db, row.team)).timeZone;
      zones.set(row.team.id, timeZone);
    }
    const date = row.planDate ?? localDate(row.route.createdAt.getTime(), timeZone);
    out.push({ route: row.route, team: row.team, date, timeZone, base: zonedEpoch(date, clockToSeconds(row.route.departureTime), timeZone) });
  }
  return out;
}

/** One dispatched route by id (null when it does not exist or has no team). */
export async function routeContext(db: DbOrTx, routeId: string, options: { forUpdate?: boolean } = {}): Promise<RouteContext | null> {
  return (await routeContexts(db, eq(routes.id, routeId), options))[0] ?? null;
}

/** The stops of these routes in sequence order, by route id. */
export async function stopsByRoute(db: DbOrTx, routeIds: readonly string[]): Promise<Map<string, StopRow[]>> {
  const out = new Map<string, StopRow[]>(routeIds.map((id) => [id, []]));
  if (routeIds.length === 0) return out;
  const rows = await db
    .select()
    .from(routeStops)
    .where(inArray(routeStops.routeId, [...routeIds]))
    .orderBy(asc(routeStops.routeId), asc(routeStops.sequence));
  for (const row of rows) out.get(row.routeId)?.push(row);
  return out;
}

/** Where a proof file is served (to the stop's driver and the team's managers). */
export const proofUrl = (id: string) => `/api/driver/proof/${id}`;

/** The proof files of these stops, oldest first, by stop id. */
export async function proofsByStop(db: DbOrTx, stopIds: readonly string[]): Promise<Map<string, ProofFile[]>> {
  const out = new Map<string, ProofFile[]>();
  if (stopIds.length === 0) return out;
  const rows = await db
    .select({ id: stopProofs.id, stopId: stopProofs.routeStopId, kind: stopProofs.kind })
    .from(stopProofs)
    .where(inArray(stopProofs.routeStopId, [...stopIds]))
    .orderBy(asc(stopProofs.createdAt), asc(stopProofs.objectKey));
  for (const row of rows) {
    const list = out.get(row.stopId) ?? [];
    list.push({ id: row.id, kind: row.kind === "signature" ? "signature" : "photo", url: proofUrl(row.id) });
    out.set(row.stopId, list);
  }
  return out;
}

export const plannedArrival = (ctx: RouteContext, stop: StopRow) => ctx.base + stop.arrivalS * 1000;
export const plannedDeparture = (ctx: RouteContext, stop: StopRow) => ctx.base + stop.departureS * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const asStatus = (s: string): EtaStop["status"] => (s === "arrived" || s === "done" || s === "failed" ? s : "pending");
export const asFailureReason = (r: string | null): FailureReason | null => (r && (failureReasons as readonly string[]).includes(r) ? (r as FailureReason) : null);

/** The stops as eta.ts reads them (planned instants, what happened). */
export function etaStopsOf(ctx: RouteContext, stops: readonly StopRow[]): EtaStop[] {
  return stops.map((s) => ({
    plannedArrival: plannedArrival(ctx, s),
    plannedDeparture: plannedDeparture(ctx, s),
    status: asStatus(s.status),
    arrivedAt: s.arrivedAt?.getTime() ?? null,
    completedAt: s.completedAt?.getTime() ?? null,
  }));
}

/** A stop as the driver's app shows it. */
export function presentDriverStop(deps: Pick<AppDeps, "encryption" | "logger">, ctx: RouteContext, stop: StopRow, proof: ProofFile[]): DriverStop {
  const window =
    stop.timeWindowStart !== null && stop.timeWindowEnd !== null ? { start: iso(ctx.base + stop.timeWindowStart * 1000), end: iso(ctx.base + stop.timeWindowEnd * 1000) } : null;
  const open = stopContact(deps.encryption, stop, deps.logger);
  const contact = open && (open.name || open.phone) ? { name: open.name ?? null, phone: open.phone ?? null } : null;
  return {
    id: stop.id,
    sequence: stop.sequence,
    orderId: stop.orderId,
    kind: stop.kind,
    label: stop.label,
    address: stop.address,
    lat: stop.lat,
    lng: stop.lng,
    note: stop.note,
    serviceMinutes: Math.round(stop.serviceS / 6) / 10,
    plannedArrival: iso(plannedArrival(ctx, stop)),
    plannedDeparture: iso(plannedDeparture(ctx, stop)),
    timeWindow: window,
    status: asStatus(stop.status),
    arrivedAt: isoOrNull(stop.arrivedAt),
    completedAt: isoOrNull(stop.completedAt),
    failureReason: asFailureReason(stop.failureReason),
    recipientName: stop.recipientName,
    contact,
    proof,
  };
}

/** A multi-trip route's reloads at its start depot (issue 26) with planned instants; only those between two of its stops. */
export function presentReloads(ctx: RouteContext, stops: readonly StopRow[]): RouteReload[] {
  const last = stops[stops.length - 1]?.sequence ?? 0;
  return ctx.route.reloads
    .filter((r) => r.afterSequence > 0 && r.afterSequence < last)
    .map((r) => ({ afterSequence: r.afterSequence, plannedArrival: iso(ctx.base + r.arrivalS * 1000), plannedDeparture: iso(ctx.base + r.departureS * 1000) }));
}

export const routeStatus = (s: string): "planned" | "in_progress" | "completed" => (s === "in_progress" || s === "completed" ? s : "planned");
export { isoOrNull };

/** The team's managers (owner, admin, manager): who hears live operations (decision 008). */
export async function managerIds(db: DbOrTx, teamId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), inArray(teamMembers.role, ["owner", "admin", "manager"])));
  return rows.map((r) => r.userId);
}
