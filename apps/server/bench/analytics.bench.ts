/**
 * Analytics speed (issue 14 target: under 300 ms): seeds one user with 10,000 routes and 200,000
 * stops (set-based inserts), then times GET /api/analytics/summary's and /enhanced's services over
 * the three-year period that holds them all (the worst case) and over the last 12 months: median
 * and p95 of BENCH_RUNS runs (default 20) after two warm-up runs. The same for GET
 * /api/analytics/teams/{teamId} on a Fleet Pro team whose 10 drivers and 5 vehicles ran as many
 * dispatched routes and stops (windows, done/failed, driven distance). On PGlite, and with
 * BENCH_DATABASE_URL on a PostgreSQL server too. Run: npm run bench:analytics
 */
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { createFormatter, monthlyRouteLimits, type AnalyticsRange } from "@routepilot/contracts";
import { openDatabase, subscribers, teams, user, type DbOrTx } from "@routepilot/db";
import { ensureSubscriber } from "../src/modules/accounts/accounts";
import { teamAnalytics } from "../src/modules/analytics/team";
import { analyticsEnhanced } from "../src/modules/analytics/user/enhanced";
import { analyticsSummary } from "../src/modules/analytics/user/summary";

const ROUTES = Number(process.env.BENCH_ROUTES ?? 10_000);
const STOPS_PER_ROUTE = Number(process.env.BENCH_STOPS_PER_ROUTE ?? 20);
/** The benchmark prints for developers, in English ("10,000"). */
const english = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });
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
  console.log(`  seeded ${english.number(ROUTES)} routes / ${english.number(ROUTES * STOPS_PER_ROUTE)} stops in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { id, email };
}

/** A Fleet Pro team: owner, 10 drivers, 5 vehicles, ROUTES dispatched routes of STOPS_PER_ROUTE finished stops. */
async function seedTeam(db: DbOrTx): Promise<{ ownerId: string; teamId: string }> {
  const ownerId = `bench-owner-${Date.now()}`;
  await db.insert(user).values({ id: ownerId, name: "Bench owner", email: `${ownerId}@example.com` });
  await ensureSubscriber(db, ownerId, `${ownerId}@example.com`);
  await db.update(subscribers).set({ subscriptionTier: "fleet_pro", monthlyRouteLimit: monthlyRouteLimits.fleet_pro }).where(eq(subscribers.userId, ownerId));
  const [team] = await db.insert(teams).values({ name: "Bench fleet", ownerId }).returning({ id: teams.id });
  const teamId = team!.id;
  const started = performance.now();
  await db.execute(sql`insert into "user" (id, name, email) select ${ownerId} || '-d' || g, 'Driver ' || g, ${ownerId} || '-d' || g || '@example.com' from generate_series(1, 10) g`);
  await db.execute(sql`insert into team_members (team_id, user_id, role) values (${teamId}, ${ownerId}, 'owner')`);
  await db.execute(sql`insert into team_members (team_id, user_id, role) select ${teamId}, ${ownerId} || '-d' || g, 'driver' from generate_series(1, 10) g`);
  await db.execute(sql`insert into vehicles (team_id, name, shift_start, shift_end, capacity) select ${teamId}, 'Van ' || g, '08:00', '17:00', '[100]'::jsonb from generate_series(1, 5) g`);
  await db.execute(sql`
    insert into routes (user_id, team_id, driver_user_id, vehicle_id, name, status, profile, start, distance_m, duration_s, provider, started_at, completed_at, actual_distance_m, created_at)
    select ${ownerId}, ${teamId}, ${ownerId} || '-d' || (1 + g % 10), (select id from vehicles where team_id = ${teamId} order by name offset g % 5 limit 1),
      'Run ' || g, 'completed', 'van', '{"label":"Depot","address":null,"lat":51.5,"lng":-0.12}'::jsonb, 10000 + g % 5000, 1800 + g % 900, 'bench',
      ${LAST}::timestamptz - g * interval '150 minutes', ${LAST}::timestamptz - g * interval '150 minutes' + interval '4 hours', 10500 + g % 5000,
      ${LAST}::timestamptz - g * interval '150 minutes'
    from generate_series(1, ${ROUTES}) g`);
  await db.execute(sql`
    insert into route_stops (route_id, sequence, input_index, label, address, lat, lng, service_s, time_window_start, time_window_end, arrival_s, departure_s,
      leg_distance_m, leg_duration_s, actual_leg_distance_m, status, failure_reason, arrived_at, completed_at)
    select r.id, s, s - 1, 'Customer ' || s, s || ' High Street', 51.3 + s * 0.01, -0.4, 300, 32400 + s * 600, 32400 + s * 600 + 1800, s * 600, s * 600 + 400,
      500, 60, 520, case when s % 10 = 0 then 'failed' else 'done' end, case when s % 10 = 0 then 'not_home' end,
      r.created_at + (s * 600 + (s % 3) * 900) * interval '1 second', r.created_at + (s * 600 + 300 + (s % 3) * 900) * interval '1 second'
    from routes r cross join generate_series(1, ${STOPS_PER_ROUTE}) s
    where r.team_id = ${teamId}`);
  await db.execute(sql`analyze routes`);
  await db.execute(sql`analyze route_stops`);
  console.log(`  seeded a Fleet Pro team: ${english.number(ROUTES)} dispatched routes / ${english.number(ROUTES * STOPS_PER_ROUTE)} stops in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  return { ownerId, teamId };
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
    const fleet = await seedTeam(handle.db);
    const teamAll = await teamAnalytics({ db: handle.db }, { id: fleet.ownerId }, fleet.teamId, all);
    console.log(`  (check: team counts ${teamAll.drivers.reduce((n, d) => n + d.routes, 0)} driver routes)`);
    await time("team, 3 years (all routes)", () => teamAnalytics({ db: handle.db }, { id: fleet.ownerId }, fleet.teamId, all));
    await time("team, last 12 months", () => teamAnalytics({ db: handle.db }, { id: fleet.ownerId }, fleet.teamId, year));
    if (databaseUrl) await handle.db.execute(sql`delete from "user" where id like ${`${fleet.ownerId}%`} or id = ${who.id}`);
  } finally {
    await handle.close();
  }
}

await run("PGlite (in memory)");
if (process.env.BENCH_DATABASE_URL) await run("PostgreSQL", process.env.BENCH_DATABASE_URL);
