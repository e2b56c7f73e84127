import { sql, type SQL } from "drizzle-orm";
import { failureReasons, type FailedByReason } from "@routepilot/contracts";
import type { DbOrTx } from "@routepilot/db";

/**
 * The SQL aggregates behind team analytics. Every query groups in the database and returns one row
 * per member, driver, vehicle, reason or day — never a row per route or stop. The period is
 * [from 00:00, to + 1 day 00:00) in the team's time zone for routes made by members; a dispatched
 * route counts on its plan's day (the day it was made, in the team's zone, if its plan is gone).
 */
export interface Period {
  teamId: string;
  from: string;
  to: string;
  timeZone: string;
}

async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The period's instants for timestamptz comparisons. */
const periodStart = (p: Period) => sql`(${p.from}::date::timestamp at time zone ${p.timeZone})`;
const periodEnd = (p: Period) => sql`((${p.to}::date + 1)::timestamp at time zone ${p.timeZone})`;

/** Failure reasons counted per route and summed per driver ("other" is what the known reasons leave). */
const knownFailureReasons = failureReasons.filter((r) => r !== "other");
function failedByReasonColumns(fs: SQL, agg: "count(*)" | "sum"): SQL {
  return sql.join(
    knownFailureReasons.map((r) =>
      agg === "count(*)"
        ? sql`count(*) filter (where ${fs}.status = 'failed' and ${fs}.failure_reason = ${r})::int as ${sql.identifier(`failed_${r}`)}`
        : sql`sum(${fs}.${sql.identifier(`failed_${r}`)})::int as ${sql.identifier(`failed_${r}`)}`,
    ),
    sql`, `,
  );
}

/** The failures by reason of a rollup row (only reasons that happened, as the contracts' partial record). */
export function failuresOf(row: FleetTotalsRow): FailedByReason {
  const out: FailedByReason = {};
  let known = 0;
  for (const r of knownFailureReasons) {
    const n = Number((row as unknown as Record<string, number>)[`failed_${r}`] ?? 0);
    known += n;
    if (n > 0) out[r] = n;
  }
  if (row.failed - known > 0) out.other = row.failed - known;
  return out;
}

/**
 * `fr`: the team's dispatched routes on days of the period, with their day and departure instant
 * (the plan's date at departure_time in the team's zone, as the driver app reads planned times);
 * `fs`: their stops, finished or not, with when the driver arrived and how that sat in the window.
 * Served by routes_team_created_idx (team_id) and route_stops_route_sequence_key (route_id).
 */
function fleetStops(p: Period): SQL {
  const day = sql`coalesce(p.date, (r.created_at at time zone ${p.timeZone})::date)`;
  return sql`
    with fr as (
      select r.id, r.plan_id, r.driver_user_id, r.vehicle_id, r.status, r.started_at, r.completed_at, ${day} as day,
        ((${day} + r.departure_time::time) at time zone ${p.timeZone}) as base
      from routes r left join plans p on p.id = r.plan_id
      where r.team_id = ${p.teamId} and r.driver_user_id is not null and ${day} between ${p.from}::date and ${p.to}::date
    ),
    fs as (
      select fr.id as route_id, s.id as stop_id, s.status, s.failure_reason, s.kind, s.order_id,
        s.leg_distance_m, s.actual_leg_distance_m, s.arrival_s, s.departure_s,
        s.status in ('done', 'failed') as finished,
        case
          when s.status not in ('done', 'failed') or s.time_window_start is null or s.time_window_end is null then null
          when coalesce(s.arrived_at, s.completed_at) < fr.base + make_interval(secs => s.time_window_start) then 'early'
          when coalesce(s.arrived_at, s.completed_at) > fr.base + make_interval(secs => s.time_window_end) then 'late'
          else 'on_time'
        end as timing
      from fr join route_stops s on s.route_id = fr.id
    ),
    rs as (
      select fr.id, fr.plan_id, fr.driver_user_id, fr.vehicle_id, fr.day, fr.status = 'completed' as completed,
        case when fr.status = 'completed' then extract(epoch from fr.completed_at - fr.started_at)::float8 else 0 end as actual_s,
        case when fr.status = 'completed' then coalesce(max(fs.departure_s) - min(fs.arrival_s), 0) else 0 end as planned_s,
        count(fs.stop_id)::int as stops,
        count(*) filter (where fs.status = 'done')::int as done,
        count(*) filter (where fs.status = 'failed')::int as failed,
        ${failedByReasonColumns(sql`fs`, "count(*)")},
        count(*) filter (where fs.timing = 'on_time')::int as on_time,
        count(*) filter (where fs.timing = 'early')::int as early,
        count(*) filter (where fs.timing = 'late')::int as late,
        count(*) filter (where fs.finished and fs.timing is null)::int as without_window,
        coalesce(sum(fs.leg_distance_m) filter (where fs.finished and fs.actual_leg_distance_m is not null), 0)::float8 as planned_m,
        coalesce(sum(fs.actual_leg_distance_m) filter (where fs.finished), 0)::float8 as actual_m
      from fr left join fs on fs.route_id = fr.id
      group by fr.id, fr.plan_id, fr.driver_user_id, fr.vehicle_id, fr.day, fr.status, fr.started_at, fr.completed_at
    )`;
}

export interface FleetTotalsRow {
  key: string;
  routes: number;
  completed_routes: number;
  stops: number;
  done: number;
  failed: number;
  on_time: number;
  early: number;
  late: number;
  without_window: number;
  planned_s: number;
  actual_s: number;
  planned_m: number;
  actual_m: number;
  /** Finished stops of completed routes (for stops per hour). */
  finished_completed: number;
}

/** Per driver, per vehicle and per day: the routes' totals, in one pass over the stops (GROUPING SETS). */
export async function fleetRollup(db: DbOrTx, p: Period): Promise<{ drivers: FleetTotalsRow[]; vehicles: FleetTotalsRow[]; days: FleetDayRow[] }> {
  const all = await rows<FleetTotalsRow & { driver_key: string | null; vehicle_key: string | null; day: string | null; g_driver: number; g_vehicle: number; with_window: number }>(
    db,
    sql`${fleetStops(p)}
    select rs.driver_user_id as driver_key, rs.vehicle_id::text as vehicle_key, to_char(rs.day, 'YYYY-MM-DD') as day,
      grouping(rs.driver_user_id)::int as g_driver, grouping(rs.vehicle_id)::int as g_vehicle,
      count(*)::int as routes, count(*) filter (where rs.completed)::int as completed_routes,
      sum(rs.stops)::int as stops, sum(rs.done)::int as done, sum(rs.failed)::int as failed,
      sum(rs.on_time)::int as on_time, sum(rs.early)::int as early, sum(rs.late)::int as late, sum(rs.without_window)::int as without_window,
      sum(rs.on_time + rs.early + rs.late)::int as with_window, ${failedByReasonColumns(sql`rs`, "sum")},
      sum(rs.planned_s)::float8 as planned_s, sum(rs.actual_s)::float8 as actual_s, sum(rs.planned_m)::float8 as planned_m, sum(rs.actual_m)::float8 as actual_m,
      coalesce(sum(rs.done + rs.failed) filter (where rs.completed), 0)::int as finished_completed
    from rs group by grouping sets ((rs.driver_user_id), (rs.vehicle_id), (rs.day))`,
  );
  const totals = (key: string, r: FleetTotalsRow): FleetTotalsRow => ({ ...r, key });
  return {
    drivers: all.filter((r) => !r.g_driver && r.driver_key !== null).map((r) => totals(r.driver_key!, r)),
    vehicles: all.filter((r) => !r.g_vehicle && r.vehicle_key !== null).map((r) => totals(r.vehicle_key!, r)),
    days: all.filter((r) => r.day !== null).map((r) => ({ day: r.day!, routes: r.routes, done: r.done, failed: r.failed, on_time: r.on_time, with_window: r.with_window })),
  };
}

/** Per vehicle and capacity dimension (0-based): the demand of its done deliveries, from the plan's orders. */
export function deliveredLoad(db: DbOrTx, p: Period): Promise<{ vehicle_id: string; dim: number; delivered: number }[]> {
  return rows(
    db,
    sql`${fleetStops(p)},
    od as (
      select pl.id as plan_id, o->>'id' as order_id, o->'demand' as demand
      from plans pl cross join lateral jsonb_array_elements(pl.orders) o
      where pl.id in (select plan_id from fr where plan_id is not null) and jsonb_typeof(o->'demand') = 'array'
    )
    select fr.vehicle_id::text as vehicle_id, (d.ord - 1)::int as dim, sum(d.v::float8)::float8 as delivered
    from fs join fr on fr.id = fs.route_id
    join od on od.plan_id = fr.plan_id and od.order_id = fs.order_id
    cross join lateral jsonb_array_elements_text(od.demand) with ordinality as d(v, ord)
    where fs.status = 'done' and coalesce(fs.kind, 'delivery') <> 'pickup' and fr.vehicle_id is not null
    group by 1, 2`,
  );
}

export interface FleetDayRow {
  day: string;
  routes: number;
  done: number;
  failed: number;
  on_time: number;
  with_window: number;
}

/** Members' own routes (not dispatched ones), made in the period and not before they joined. */
function memberRoutes(p: Period): SQL {
  return sql`
    with mr as (
      select m.user_id, r.id, r.distance_m, r.stop_count, r.created_at
      from team_members m
      join routes r on r.user_id = m.user_id and r.created_at >= m.created_at
        and r.created_at >= ${periodStart(p)} and r.created_at < ${periodEnd(p)}
        and r.team_id is null and r.driver_user_id is null
      where m.team_id = ${p.teamId}
    )`;
}

/** Per member: routes, destinations (routes.stop_count) and planned distance in the period. Served by routes_user_created_idx. */
export function memberTotals(db: DbOrTx, p: Period): Promise<{ user_id: string; routes: number; stops: number; distance_m: number }[]> {
  return rows(
    db,
    sql`${memberRoutes(p)}
    select mr.user_id, count(*)::int as routes, coalesce(sum(mr.stop_count), 0)::int as stops, coalesce(sum(mr.distance_m), 0)::float8 as distance_m
    from mr
    group by mr.user_id`,
  );
}

/** Members' routes per day of the team's zone. */
export function memberRoutesByDay(db: DbOrTx, p: Period): Promise<{ day: string; routes: number }[]> {
  return rows(
    db,
    sql`${memberRoutes(p)}
    select to_char((mr.created_at at time zone ${p.timeZone})::date, 'YYYY-MM-DD') as day, count(*)::int as routes from mr group by 1`,
  );
}
