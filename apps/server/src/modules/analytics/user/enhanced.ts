import { sql } from "drizzle-orm";
import {
  ANALYTICS_VARIANT_ROUTES,
  HEATMAP_GRID_DECIMALS,
  HEATMAP_MAX_CELLS,
  analyticsMessages,
  analyticsProfiles,
  co2GramsPerKm,
  previousPeriod,
  type AnalyticsEnhanced,
  type AnalyticsProfile,
  type AnalyticsRange,
} from "@routepilot/contracts";
import type { DbOrTx } from "@routepilot/db";
import { ForbiddenError } from "../../../lib/errors";
import { getMe } from "../../accounts/accounts";
import { periodBounds, periodRoutes, presentTotals, rowsOf, totalsColumns, userTimeZone, type TotalsRow } from "./summary";

/** (current − previous) / previous in percent with one decimal; null when there is nothing to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}

/** Refuses (403, naming the plans that have it) a user whose plan has no Enhanced Analytics (SPEC §6). */
export async function requireEnhancedAnalytics(db: DbOrTx, userId: string): Promise<void> {
  const me = await getMe(db, userId);
  if (!me.access.enhancedAnalytics) throw new ForbiddenError(analyticsMessages.enhancedOnly);
}

/** GET /api/analytics/enhanced: trends, heat map, efficiency, CO₂ and optimised-vs-typed comparisons. */
export async function analyticsEnhanced(db: DbOrTx, user: { id: string }, range: AnalyticsRange): Promise<AnalyticsEnhanced> {
  await requireEnhancedAnalytics(db, user.id);
  const timezone = await userTimeZone(db, user.id);
  const previous = previousPeriod(range.from, range.to);
  const { start, end } = periodBounds(range, timezone);

  const [current] = await rowsOf<TotalsRow & { waiting_s: number; service_s: number }>(
    db,
    sql`with pr as (${periodRoutes(user.id, range, timezone)})
      select ${totalsColumns}, coalesce(sum(stops_waiting_s), 0)::float8 as waiting_s, coalesce(sum(stops_service_s), 0)::float8 as service_s from pr`,
  );
  const [before] = await rowsOf<TotalsRow>(db, sql`with pr as (${periodRoutes(user.id, previous, timezone)}) select ${totalsColumns} from pr`);
  const now = presentTotals(current);
  const then = presentTotals(before);
  const trend = (key: keyof typeof now) => ({ current: now[key], previous: then[key], changePercent: changePercent(now[key], then[key]) });

  // The heat-map grid (float rounding: a numeric cast is slower), busiest cells first, bounded in the query.
  const grid = sql.raw(String(10 ** HEATMAP_GRID_DECIMALS));
  const cells = await rowsOf<{ lat: number; lng: number; stops: number }>(
    db,
    sql`select round(s.lat * ${grid}) / ${grid} as lat, round(s.lng * ${grid}) / ${grid} as lng, count(*)::int as stops
      from routes r join route_stops s on s.route_id = r.id
      where r.user_id = ${user.id} and r.created_at >= ${start} and r.created_at < ${end}
      group by 1, 2
      order by stops desc, 1, 2
      limit ${HEATMAP_MAX_CELLS + 1}`,
  );

  const byProfile = await rowsOf<{ profile: string; routes: number; distance_m: number; saved_distance_m: number }>(
    db,
    sql`select profile, count(*)::int as routes, coalesce(sum(distance_m), 0)::float8 as distance_m,
        coalesce(sum(original_distance_m - distance_m) filter (where original_distance_m is not null), 0)::float8 as saved_distance_m
      from routes where user_id = ${user.id} and created_at >= ${start} and created_at < ${end}
      group by profile`,
  );
  const profileRows = new Map(byProfile.map((p) => [p.profile, p]));

  const variants = await rowsOf<{ id: string; name: string; created_at: Date | string; distance_m: number; original_distance_m: number; duration_s: number; original_duration_s: number | null }>(
    db,
    sql`select id, name, created_at, distance_m, original_distance_m, duration_s, original_duration_s
      from routes where user_id = ${user.id} and created_at >= ${start} and created_at < ${end} and original_distance_m is not null
      order by original_distance_m - distance_m desc, created_at desc
      limit ${ANALYTICS_VARIANT_ROUTES}`,
  );

  const waitingSeconds = Math.round(Number(current?.waiting_s ?? 0));
  const serviceSeconds = Math.round(Number(current?.service_s ?? 0));
  const kg = (meters: number, profile: AnalyticsProfile) => Math.round(((meters / 1000) * co2GramsPerKm[profile]) / 100) / 10;
  return {
    from: range.from,
    to: range.to,
    timezone,
    previous,
    trends: {
      routes: trend("routes"),
      stops: trend("stops"),
      distanceMeters: trend("distanceMeters"),
      durationSeconds: trend("durationSeconds"),
      savedDistanceMeters: trend("savedDistanceMeters"),
      savedDurationSeconds: trend("savedDurationSeconds"),
    },
    heatmap: {
      cellDegrees: 10 ** -HEATMAP_GRID_DECIMALS,
      cells: cells.slice(0, HEATMAP_MAX_CELLS).map((c) => ({ lat: Number(c.lat), lng: Number(c.lng), stops: Number(c.stops) })),
      truncated: cells.length > HEATMAP_MAX_CELLS,
    },
    efficiency: {
      distancePerStopMeters: now.stops > 0 ? Math.round(now.distanceMeters / now.stops) : null,
      waitingSeconds,
      serviceSeconds,
      serviceShare: now.durationSeconds > 0 ? Math.round((serviceSeconds / now.durationSeconds) * 1000) / 1000 : null,
    },
    co2: analyticsProfiles.map((profile) => {
      const row = profileRows.get(profile);
      const distanceMeters = Math.round(Number(row?.distance_m ?? 0));
      return {
        profile,
        routes: Number(row?.routes ?? 0),
        distanceMeters,
        gramsPerKm: co2GramsPerKm[profile],
        co2Kg: kg(distanceMeters, profile),
        savedCo2Kg: kg(Number(row?.saved_distance_m ?? 0), profile),
      };
    }),
    variants: variants.map((v) => ({
      routeId: v.id,
      name: v.name,
      createdAt: new Date(v.created_at).toISOString(),
      optimisedDistanceMeters: Math.round(Number(v.distance_m)),
      typedDistanceMeters: Math.round(Number(v.original_distance_m)),
      optimisedDurationSeconds: Math.round(Number(v.duration_s)),
      typedDurationSeconds: v.original_duration_s === null ? null : Math.round(Number(v.original_duration_s)),
    })),
  };
}
