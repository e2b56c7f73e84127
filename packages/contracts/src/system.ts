import { z } from "zod";
import { tiers } from "./tiers";

/**
 * The install operator's view (issue 14): `GET /api/health/details` (admin, super_admin) and
 * `GET /api/admin/analytics?from=&to=` (super_admin). Durations in milliseconds unless named
 * otherwise, money in pence, days and months in UTC.
 */

/** Minutes of the short request window; the long one is an hour. */
export const HEALTH_SHORT_WINDOW_MINUTES = 5;
export const HEALTH_LONG_WINDOW_MINUTES = 60;
/** Solve times kept for p50/p95: the last this many solves of the last hour. */
export const HEALTH_SOLVE_SAMPLES = 500;
/** The health panel re-reads the details this often. */
export const HEALTH_REFRESH_MS = 30_000;
/** Migrations listed, newest first. */
export const HEALTH_MIGRATIONS_LISTED = 5;

export const systemMessages = {
  superAdminsOnly: "Only super administrators can see the install's analytics",
  unknown: "Unknown",
} as const;

const count = z.number().int().nonnegative();

const requestWindowSchema = z.object({
  minutes: count,
  requests: count,
  /** Answers with a 5xx status. */
  errors: count,
  /** Requests per minute over the window (one decimal). */
  perMinute: z.number().nonnegative(),
  /** errors / requests × 100 (two decimals); null without requests. */
  errorRatePercent: z.number().nonnegative().nullable(),
});
export type RequestWindow = z.infer<typeof requestWindowSchema>;

export const healthDetailsSchema = z.object({
  version: z.object({
    /** The root package.json version. */
    version: z.string(),
    /** The git commit the server runs (ROUTEPILOT_COMMIT, or the checkout's HEAD), or "unknown". */
    commit: z.string(),
  }),
  /** Seconds since this process started. */
  uptimeSeconds: count,
  startedAt: z.string(),
  database: z.object({
    kind: z.enum(["pglite", "postgres"]),
    /** "Embedded PGlite" or "PostgreSQL server". */
    label: z.string(),
    /** pg_database_size of the current database; null when it could not be read. */
    sizeBytes: z.number().int().nonnegative().nullable(),
  }),
  solver: z.object({
    workers: count,
    busy: count,
    /** Problems waiting for a thread (being packed or queued). */
    queued: count,
    maxQueue: count,
    /** Solves measured (worker time) over the last hour, at most HEALTH_SOLVE_SAMPLES. */
    recentSolves: count,
    /** null until a route has been solved in the window. */
    p50Ms: z.number().nonnegative().nullable(),
    p95Ms: z.number().nonnegative().nullable(),
  }),
  /** This process's HTTP answers over the last 5 minutes and the last hour. */
  requests: z.object({ short: requestWindowSchema, long: requestWindowSchema }),
  mail: z.object({
    /** Outbox messages not delivered (queued). Without SMTP_URL every message stays queued. */
    queued: count,
    failed: count,
    /** When the oldest queued message was written; null when none waits. */
    oldestQueuedAt: z.string().nullable(),
    smtpConfigured: z.boolean(),
  }),
  migrations: z.object({
    /** Migrations in the journal shipped with this version. */
    known: count,
    applied: count,
    /** Newest first; tag from the journal (null when the journal does not list it). */
    last: z.array(z.object({ tag: z.string().nullable(), hash: z.string(), appliedAt: z.string().nullable() })),
  }),
});
export type HealthDetails = z.infer<typeof healthDetailsSchema>;

const daySchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/), signUps: count, activeUsers: count, routes: count });
const monthRevenueSchema = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  charges: count,
  overageRoutes: count,
  /** Every overage charge of the month (pending, paid or failed). */
  amountPence: count,
  paidPence: count,
});

export const systemAnalyticsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timezone: z.literal("UTC"),
  totals: z.object({
    signUps: count,
    /** Distinct users who signed in, kept a session alive or planned a route in the period. */
    activeUsers: count,
    routes: count,
    overagePence: count,
    /** All accounts now. */
    users: count,
  }),
  /** One entry per day of the period, in order. */
  byDay: z.array(daySchema),
  /** Accounts per subscription tier now (no subscriber row yet counts as free). */
  tierMix: z.array(z.object({ tier: z.enum(tiers), users: count })),
  /**
   * One entry per day of the period, in order: accounts on each tier at the end of that day (UTC),
   * from the recorded tier changes (an account without one yet counts as free from its sign-up).
   */
  tierMixByDay: z.array(z.object({ day: z.string(), tiers: z.array(z.object({ tier: z.enum(tiers), users: count })) })),
  /** One entry per calendar month of the period, in order (by when the charge was recorded). */
  overageByMonth: z.array(monthRevenueSchema),
});
export type SystemAnalytics = z.infer<typeof systemAnalyticsSchema>;
