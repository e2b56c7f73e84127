import { z } from "zod";
import { tiers, tierDisplayNames } from "./tiers";

/**
 * Analytics (issue 14): `GET /api/analytics/summary` and `GET /api/analytics/enhanced` for the
 * signed-in user's own routes. A period is two calendar dates (YYYY-MM-DD), both included, read in
 * the user's time-zone preference. Distances in metres, durations in seconds, money in pence.
 */

/** The longest period: three calendar years (from 2024-01-01, the last allowed `to` is 2026-12-31). */
export const ANALYTICS_MAX_YEARS = 3;
/** Most visited places listed in the summary. */
export const ANALYTICS_TOP_PLACES = 10;
/** Heat-map grid: stop positions rounded to this many decimals of a degree (2 → about 1 km), at most this many cells. */
export const HEATMAP_GRID_DECIMALS = 2;
export const HEATMAP_MAX_CELLS = 2000;
/** Routes listed in the optimised-vs-typed-order comparison. */
export const ANALYTICS_VARIANT_ROUTES = 10;

export const analyticsMessages = {
  date: "Use a date as YYYY-MM-DD",
  reversed: "The end date must be on or after the start date",
  tooLong: `Choose a period of at most ${ANALYTICS_MAX_YEARS} years`,
  enhancedOnly: `Enhanced analytics is part of the ${tierDisplayNames.premium}, ${tierDisplayNames.enterprise} and ${tierDisplayNames.fleet_pro} plans. Upgrade on the pricing page to see it.`,
} as const;

/** Vehicle profiles a route can have (routes.profile). */
export const analyticsProfiles = ["car", "van", "truck", "bicycle", "foot"] as const;
export type AnalyticsProfile = (typeof analyticsProfiles)[number];

/**
 * Tailpipe CO₂e per vehicle-km, in grams. Source: UK Government "Greenhouse gas reporting:
 * conversion factors 2023" (DESNZ/DEFRA), per-km factors rounded to the gram: car = "Cars (by
 * size), Average car, Unknown fuel" (≈ 168 g), van = "Vans, Average (up to 3.5 tonnes), Diesel"
 * (≈ 251 g), truck = "HGV (all diesel), All HGVs, Average laden" (≈ 880 g); bicycle and on foot
 * emit none. An estimate for comparison, not an audited figure.
 */
export const co2GramsPerKm: Record<AnalyticsProfile, number> = { car: 168, van: 251, truck: 880, bicycle: 0, foot: 0 };

function isIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value);
}

const isoDate = z
.string({ error: analyticsMessages.date }).refine(isIsoDate, { error: analyticsMessages.date });

/** true for a YYYY-MM-DD that names a real calendar day (no 2025-02-30). */
export function isRealDate(value: string): boolean {
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y!, m! - 1, d!));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
}

/** `date` (YYYY-MM-DD) with years, months and days added (a day past the month end is clamped to its last day first). */
export function addToDate(date: string, { days = 0, months = 0, years = 0 }: { days?: number; months?: number; years?: number }): string {
  const [y, m, d] = date.split("-").map(Number);
  const target = new Date(Date.UTC(y! + years, m! - 1 + months, 1));
  // Clamp to the month's last day (2024-02-29 plus one year → 2025-02-28), then add days.
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d!, lastDay) + days);
  return target.toISOString().slice(0, 10);
}

/** Days in a period, both ends included. */
export function periodDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The period of equal length just before [from, to] (for trends). */
export function previousPeriod(from: string, to: string): { from: string; to: string } {
  const days = periodDays(from, to);
  return { from: addToDate(from, { days: -days }), to: addToDate(from, { days: -1 }) };
}

/** `from`/`to` query: both dates required, `to` not before `from`, at most three years. */
export const analyticsRangeSchema = z
  .object({ from: isoDate, to: isoDate })
  .superRefine((q, ctx) => {
    // Zod still runs this after a field's own refinement failed: compare only two real dates.
    if (!isIsoDate(q.from) || !isIsoDate(q.to)) return;
    if (q.to < q.from) ctx.addIssue({ code: "custom", message: analyticsMessages.reversed, path: ["to"] });
    else if (q.to >= addToDate(q.from, { years: ANALYTICS_MAX_YEARS })) ctx.addIssue({ code: "custom", message: analyticsMessages.tooLong, path: ["to"] });
  });
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

const count = z.number().int().nonnegative();
const totals = {
  routes: count,
  stops: count,
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  /** Typed-order distance minus optimised distance, over the routes whose typed order is known. */
  savedDistanceMeters: z.number(),
  savedDurationSeconds: z.number(),
};

export const analyticsMonthSchema = z.object({ month: z.string().regex(/^\d{4}-\d{2}$/), ...totals });
/** ISO weekday: 1 Monday … 7 Sunday. */
export const analyticsWeekdaySchema = z.object({ weekday: z.number().int().min(1).max(7), routes: count, stops: count });
export const analyticsHourSchema = z.object({ hour: z.number().int().min(0).max(23), routes: count, stops: count });
export const analyticsPlaceSchema = z.object({ label: z.string(), address: z.string().nullable(), lat: z.number(), lng: z.number(), visits: count });
export const analyticsUsageMonthSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Routes counted against the plan that month (usage_logs). */
  routesUsed: count,
  overageRoutes: count,
  overagePence: count,
});

export const analyticsSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  /** The time zone the period and the buckets are read in (the user's preference). */
  timezone: z.string(),
  ...totals,
  /** One entry per calendar month of the period, in order (months without routes count 0). */
  byMonth: z.array(analyticsMonthSchema),
  /** Seven entries, Monday first. */
  byWeekday: z.array(analyticsWeekdaySchema),
  /** 24 entries, by the local hour the route was planned. */
  byHour: z.array(analyticsHourSchema),
  topPlaces: z.array(analyticsPlaceSchema),
  usage: z.object({
    tier: z.enum(tiers),
    /** The plan's current monthly route limit. */
    monthlyLimit: count,
    /** Routes used in the current usage period. */
    routesUsed: count,
    /** One entry per month of the period. */
    byMonth: z.array(analyticsUsageMonthSchema),
    overagePence: count,
  }),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

const trendSchema = z.object({ current: z.number(), previous: z.number(), /** (current − previous) / previous × 100, one decimal; null when previous is 0. */ changePercent: z.number().nullable() });

export const analyticsEnhancedSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.string(),
  previous: z.object({ from: z.string(), to: z.string() }),
  trends: z.object({
    routes: trendSchema,
    stops: trendSchema,
    distanceMeters: trendSchema,
    durationSeconds: trendSchema,
    savedDistanceMeters: trendSchema,
    savedDurationSeconds: trendSchema,
  }),
  heatmap: z.object({
    /** Grid size in degrees. */
    cellDegrees: z.number(),
    cells: z.array(z.object({ lat: z.number(), lng: z.number(), stops: count })),
    /** true when more cells had stops than HEATMAP_MAX_CELLS (the busiest are kept). */
    truncated: z.boolean(),
  }),
  efficiency: z.object({
    /** Distance per stop, metres; null without stops. */
    distancePerStopMeters: z.number().nullable(),
    /** Waiting for time windows (arrival → service start), seconds in total. */
    waitingSeconds: z.number(),
    serviceSeconds: z.number(),
    /** Service time as a share of the routes' duration, 0–1; null without duration. */
    serviceShare: z.number().nullable(),
  }),
  co2: z.array(
    z.object({
      profile: z.enum(analyticsProfiles),
      routes: count,
      distanceMeters: z.number(),
      gramsPerKm: z.number(),
      co2Kg: z.number(),
      /** CO₂ avoided by driving the optimised order instead of the typed one. */
      savedCo2Kg: z.number(),
    }),
  ),
  /** Optimised vs typed order for the routes that saved most. */
  variants: z.array(
    z.object({
      routeId: z.string(),
      name: z.string(),
      createdAt: z.string(),
      optimisedDistanceMeters: z.number(),
      typedDistanceMeters: z.number(),
      optimisedDurationSeconds: z.number(),
      typedDurationSeconds: z.number().nullable(),
    }),
  ),
});
export type AnalyticsEnhanced = z.infer<typeof analyticsEnhancedSchema>;
