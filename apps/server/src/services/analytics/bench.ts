/**
 * Analytics speed (issue 14 target: under 300 ms): seeds one user with 10,000 routes and 200,000
 * stops (set-based inserts), then times GET /api/analytics/summary's and /enhanced's services over
 * the three-year period that holds them all (the worst case) and over the last 12 months: median
 * and p95 of BENCH_RUNS runs (default 20) after two warm-up runs. On PGlite, and with
 * BENCH_DATABASE_URL on a PostgreSQL server too. Run: npm run bench:analytics
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { monthlyRouteLimits, type AnalyticsRange } from "@routepilot/contracts";
import { openDatabase, subscribers, user, type DbOrTx } from "@routepilot/db";
import { ensureSubscriber } from "../accounts";
import { analyticsEnhanced } from "./enhanced";
import { analyticsSummary } from "./summary";

const ROUTES = Number(process.env.BENCH_ROUTES ?? 10_000);
const STOPS_PER_ROUTE = Number(process.env.BENCH_STOPS_PER_ROUTE ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 20);
/** Routes are spread back from this instant, one every 150 minutes (10,000 routes ≈ 2.85 years). */
const LAST = "2026-11-20T12:00:00Z";

async function seed(db: DbOrTx): Promise<{ id: string; email: string }> {
  const id = `bench-${Date.now()}`;
  const email = `${id}@example.com`;
  await db.insert(user).values({ id, name: "Bench", email });
  await ensureSubscriber(db, id, email);
  await db.update(subscribers).set({ subscriptionTier: "premium", monthlyRouteLimit: monthlyRouteLimits.premium }).where(eq(subscribers.userId, id));
  const started = performance.now();
  await db.execute(sql`
    insert into routes (user_id, name, profile, start, distance_m, duration_s, original_distance_m, original_duration_s, provider, created_at)
    select ${id}, 'Route ' || g, (array['car','van','truck','bicycle','foot'])[1 + g % 5],
      '{"label":"Depot","address":null,"lat":51.5,"lng":-0.12}'::jsonb,
      10000 + g % 5000, 1800 + g % 900,
      case when g % 10 = 0 then null else 11000 + g % 6000 end, case when g % 10 = 0 then null else 2000 + g % 1000 end,
      'bench', ${LAST}::timestamptz - g * interval '150 minutes'
    from generate_series(1, ${ROUTES}) g`);
  await db.execute(sql`
    insert into route_stops (route_id, sequence, input_index, label, address, lat, lng, service_s, arrival_s, departure_s, leg_distance_m, leg_duration_s)
    select r.id, s, s - 1, 'Customer ' || k, k || ' High Street', 51.3 + (k % 40) * 0.01, -0.4 + (k / 40) * 0.01, 300, s * 600, s * 600 + 400, 500, 60
    from routes r cross join generate_series(1, ${STOPS_PER_ROUTE}) s
    cross join lateral (select abs(hashtext(r.id::text || s)) % 2000 as k) place
    where r.user_id = ${id}`);
  await db.execute(sql`analyze routes`);
  await db.execute(sql`analyze route_stops`);
  console.log(`  seeded ${ROUTES.toLocaleString("en-GB")} routes / ${(ROUTES * STOPS_PER_ROUTE).toLocaleString("en-GB")} stops in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { id, email };
}

function stats(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return `median ${at(0.5).toFixed(0)} ms, p95 ${at(0.95).toFixed(0)} ms`;
}

async function time(label: string, call: () => Promise<unknown>) {
  for (let i = 0; i < 2; i++) await call();
  const samples: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await call();
    samples.push(performance.now() - started);
  }
  console.log(`  ${label.padEnd(34)} ${stats(samples)}`);
}

async function run(name: string, databaseUrl?: string) {
  console.log(`${name}:`);
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : {});
  try {
    const who = await seed(handle.db);
    const all: AnalyticsRange = { from: "2023-12-21", to: "2026-11-20" };
    const year: AnalyticsRange = { from: "2025-12-01", to: "2026-11-20" };
    const summary = await analyticsSummary(handle.db, who, all);
    console.log(`  (check: summary counts ${summary.routes} routes, ${summary.stops} stops)`);
    await time("summary, 3 years (all routes)", () => analyticsSummary(handle.db, who, all));
    await time("enhanced, 3 years (all routes)", () => analyticsEnhanced(handle.db, who, all));
    await time("summary, last 12 months", () => analyticsSummary(handle.db, who, year));
    await time("enhanced, last 12 months", () => analyticsEnhanced(handle.db, who, year));
    if (databaseUrl) await handle.db.execute(sql`delete from "user" where id = ${who.id}`);
  } finally {
    await handle.close();
  }
}

await run("PGlite (in memory)");
if (process.env.BENCH_DATABASE_URL) await run("PostgreSQL", process.env.BENCH_DATABASE_URL);
