import { and, eq, inArray, isNull, or } from "drizzle-orm";
import {
  addToDate,
  clockToSeconds,
  periodDays,
  teamAnalyticsMessages,
  type AnalyticsRange,
  type FailedByReason,
  type TeamAnalytics,
  type TeamAnalyticsDay,
  type TeamAnalyticsDriver,
  type TeamAnalyticsVehicle,
} from "@routepilot/contracts";
import { teamMembers, user, vehicles, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../../lib/context";
import { ForbiddenError } from "../../../lib/errors";
import { isFleetManager, teamHasFleet } from "../../fleet/access";
import { settingsOf } from "../../fleet/settings";
import { asFailureReason } from "../../driver/model";
import { asTeamRole, teamForMember } from "../../teams/access";
import { deliveredLoad, failuresOf, fleetRollup, memberRoutesByDay, memberTotals, type FleetDayRow, type FleetTotalsRow, type Period } from "./queries";

type Caller = { id: string };

/** a / b, or null when b is 0. */
const ratio = (a: number, b: number) => (b > 0 ? a / b : null);

function addFailure(into: FailedByReason, reason: string | null, n: number): void {
  const key = asFailureReason(reason) ?? "other";
  into[key] = (into[key] ?? 0) + n;
}

const emptyTotals = (key: string): FleetTotalsRow => ({
  key,
  routes: 0,
  completed_routes: 0,
  stops: 0,
  done: 0,
  failed: 0,
  on_time: 0,
  early: 0,
  late: 0,
  without_window: 0,
  planned_s: 0,
  actual_s: 0,
  planned_m: 0,
  actual_m: 0,
  finished_completed: 0,
});

/** Shift length in seconds from "HH:MM" start and end (an end before the start runs past midnight). */
export function shiftSeconds(start: string, end: string): number {
  const length = clockToSeconds(end) - clockToSeconds(start);
  return length > 0 ? length : length + 86_400;
}

function presentDriver(id: string, name: string, t: FleetTotalsRow, failed: FailedByReason): TeamAnalyticsDriver {
  return {
    driverUserId: id,
    name,
    routes: t.routes,
    completedRoutes: t.completed_routes,
    stops: t.stops,
    done: t.done,
    failedStops: t.failed,
    onTime: t.on_time,
    early: t.early,
    late: t.late,
    withoutWindow: t.without_window,
    onTimeRate: ratio(t.on_time, t.on_time + t.early + t.late),
    plannedDurationSeconds: t.planned_s,
    actualDurationSeconds: t.actual_s,
    plannedDistanceMeters: t.planned_m,
    actualDistanceMeters: t.actual_m,
    stopsPerHour: ratio(t.finished_completed * 3600, t.actual_s),
    failed,
  };
}

async function driversOf(db: DbOrTx, p: Period, totals: FleetTotalsRow[]): Promise<{ drivers: TeamAnalyticsDriver[]; failedByReason: FailedByReason }> {
  const roster = await db.select({ userId: teamMembers.userId }).from(teamMembers).where(and(eq(teamMembers.teamId, p.teamId), eq(teamMembers.role, "driver")));
  const ids = [...new Set([...roster.map((r) => r.userId), ...totals.map((t) => t.key)])];
  const names = ids.length > 0 ? await db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, ids)) : [];
  const nameOf = new Map(names.map((n) => [n.id, n.name]));
  const byDriver = new Map(totals.map((t) => [t.key, t]));
  const failedOf = new Map<string, FailedByReason>();
  const failedByReason: FailedByReason = {};
  for (const t of totals) {
    const own = failuresOf(t);
    failedOf.set(t.key, own);
    for (const [reason, n] of Object.entries(own)) addFailure(failedByReason, reason, n);
  }
  const drivers = ids
    .map((id) => presentDriver(id, nameOf.get(id) ?? "", byDriver.get(id) ?? emptyTotals(id), failedOf.get(id) ?? {}))
    .sort((a, b) => a.name.localeCompare(b.name) || a.driverUserId.localeCompare(b.driverUserId));
  return { drivers, failedByReason };
}

async function vehiclesOf(db: DbOrTx, p: Period, dimensions: readonly string[], totals: FleetTotalsRow[]): Promise<TeamAnalyticsVehicle[]> {
  const loads = await deliveredLoad(db, p);
  const used = totals.map((t) => t.key);
  const rows = await db
    .select({ id: vehicles.id, name: vehicles.name, capacity: vehicles.capacity, shiftStart: vehicles.shiftStart, shiftEnd: vehicles.shiftEnd })
    .from(vehicles)
    .where(and(eq(vehicles.teamId, p.teamId), used.length > 0 ? or(isNull(vehicles.archivedAt), inArray(vehicles.id, used)) : isNull(vehicles.archivedAt)));
  const byVehicle = new Map(totals.map((t) => [t.key, t]));
  return rows
    .map((v) => {
      const t = byVehicle.get(v.id) ?? emptyTotals(v.id);
      const load = v.capacity.map((amount, dim) => ({
        dimension: dimensions[dim] ?? `#${dim + 1}`,
        delivered: loads.filter((l) => l.vehicle_id === v.id && l.dim === dim).reduce((sum, l) => sum + l.delivered, 0),
        capacity: amount * t.routes,
      }));
      const shares = load.filter((l) => l.capacity > 0).map((l) => l.delivered / l.capacity);
      return {
        vehicleId: v.id,
        name: v.name,
        routes: t.routes,
        completedRoutes: t.completed_routes,
        load,
        capacityUtilisation: shares.length > 0 ? Math.max(...shares) : null,
        shiftUtilisation: ratio(t.actual_s, shiftSeconds(v.shiftStart, v.shiftEnd) * t.completed_routes),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.vehicleId.localeCompare(b.vehicleId));
}

async function byDayOf(db: DbOrTx, p: Period, days: FleetDayRow[]): Promise<TeamAnalyticsDay[]> {
  const fleet = new Map(days.map((r) => [r.day, r]));
  const members = new Map((await memberRoutesByDay(db, p)).map((r) => [r.day, r.routes]));
  return Array.from({ length: periodDays(p.from, p.to) }, (_, i) => {
    const date = addToDate(p.from, { days: i });
    const f = fleet.get(date);
    return { date, memberRoutes: members.get(date) ?? 0, dispatchedRoutes: f?.routes ?? 0, done: f?.done ?? 0, failed: f?.failed ?? 0, onTime: f?.on_time ?? 0, withWindow: f?.with_window ?? 0 };
  });
}

/**
 * GET /api/analytics/teams/{teamId}: the team's analytics for the period, read in the team's time
 * zone. Not a member → 404 (the team is not revealed); a member who is not owner, admin or manager
 * → 403. Drivers and vehicles are empty unless the team's owner is on Fleet Pro.
 */
export async function teamAnalytics(deps: Pick<AppDeps, "db">, caller: Caller, teamId: string, range: AnalyticsRange): Promise<TeamAnalytics> {
  const db = deps.db;
  const { team, role } = await teamForMember(db, caller.id, teamId);
  if (!isFleetManager(role)) throw new ForbiddenError(teamAnalyticsMessages.notManager);
  const settings = await settingsOf(db, team);
  const p: Period = { teamId, from: range.from, to: range.to, timeZone: settings.timeZone };
  const fleet = await teamHasFleet(db, team);

  const memberRows = await db
    .select({ userId: teamMembers.userId, role: teamMembers.role, allocation: teamMembers.quotaAllocation, used: teamMembers.usedQuota, name: user.name, email: user.email })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId));
  const usage = new Map((await memberTotals(db, p)).map((m) => [m.user_id, m]));
  const members = memberRows
    .map((m) => {
      const u = usage.get(m.userId);
      return {
        userId: m.userId,
        name: m.name,
        email: m.email,
        role: m.userId === team.ownerId ? ("owner" as const) : asTeamRole(m.role),
        allocation: m.allocation,
        used: m.used,
        routes: u?.routes ?? 0,
        stops: u?.stops ?? 0,
        distanceMeters: u?.distance_m ?? 0,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));

  const rollup = await fleetRollup(db, p);
  const { drivers, failedByReason } = fleet ? await driversOf(db, p, rollup.drivers) : { drivers: [], failedByReason: {} };
  return {
    teamId,
    teamName: team.name,
    from: p.from,
    to: p.to,
    timezone: p.timeZone,
    fleet,
    members,
    drivers,
    vehicles: fleet ? await vehiclesOf(db, p, settings.capacityDimensions, rollup.vehicles) : [],
    failedByReason,
    byDay: await byDayOf(db, p, rollup.days),
  };
}
