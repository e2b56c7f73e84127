import { asc, eq } from "drizzle-orm";
import type { Tracking } from "@routepilot/contracts";
import { plans, routeStops, routes, teams, user, type DbOrTx } from "@routepilot/db";
import { settingsOf } from "../../fleet/settings";
import { arrivalWindow, stopEta, type EtaStop } from "../../driver/eta";
import { etaStops, localParts, nextStopIndex } from "./timing";

export type StopRow = typeof routeStops.$inferSelect;

/**
 * One dispatched route as the customer side sees it: its team (name, time zone), its date, the
 * driver's first name and its stops in order with their planned instants. What the e-mails and the
 * tracking page both read, so they always agree.
 */
export interface RouteView {
  routeId: string;
  teamId: string;
  teamName: string;
  timeZone: string;
  date: string;
  started: boolean;
  driverUserId: string | null;
  driverFirstName: string | null;
  stops: StopRow[];
  eta: EtaStop[];
}

/** The first word of a name ("Ann Smith" → "Ann"); never the rest. */
export function firstName(name: string | null | undefined): string | null {
  const first = name?.trim().split(/\s+/)[0];
  return first ? first : null;
}

/** Loads a dispatched route (null when it does not exist or belongs to no team). */
export async function loadRouteView(db: DbOrTx, routeId: string): Promise<RouteView | null> {
  const [row] = await db
    .select({ route: routes, planDate: plans.date, team: teams, driverName: user.name })
    .from(routes)
    .innerJoin(teams, eq(teams.id, routes.teamId))
    .leftJoin(plans, eq(plans.id, routes.planId))
    .leftJoin(user, eq(user.id, routes.driverUserId))
    .where(eq(routes.id, routeId));
  if (!row) return null;
  const { timeZone } = await settingsOf(db, row.team);
  const stops = await db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(asc(routeStops.sequence));
  const date = row.planDate ?? localParts(row.route.createdAt.getTime(), timeZone).date;
  const started = row.route.status !== "planned" || row.route.startedAt !== null;
  return {
    routeId,
    teamId: row.team.id,
    teamName: row.team.name,
    timeZone,
    date,
    started,
    driverUserId: row.route.driverUserId,
    driverFirstName: firstName(row.driverName),
    stops,
    eta: etaStops({ date, departureTime: row.route.departureTime, timeZone }, stops),
  };
}

/** Where a stop stands for its customer. */
export function trackingStatusOf(view: RouteView, index: number): Tracking["status"] {
  const stop = view.stops[index] as StopRow;
  if (stop.status === "done") return "delivered";
  if (stop.status === "failed") return "failed";
  if (stop.status === "arrived") return "arrived";
  if (nextStopIndex(view.stops, view.started) === index) return "next";
  const anyReached = view.stops.some((s) => s.status !== "pending");
  return view.started || anyReached ? "on_its_way" : "scheduled";
}

/** The customer's arrival window of a pending stop (the route's delay included), else null. */
export function windowOf(view: RouteView, index: number, now: number): { start: number; end: number } | null {
  const eta = stopEta(view.eta, index, now);
  return eta === null ? null : arrivalWindow(eta);
}
