// Load benchmark of the API on a PostgreSQL server (issue 15): authenticated GET /api/routes (a
// session cookie, 20 saved routes) and a 10-stop POST /api/v1/optimize (an API key) with autocannon,
// against one API process, then two (WORKERS=0, same database, requests spread over both). Prints
// requests/s and p50/p99 latency, and checks the route quota stayed exact under the load: the
// owner's routes used grew by exactly one per successful optimisation (one vehicle, one route each).
// Loopback only, bounded: `seconds` per GET scenario (default 10), a fixed number of optimisations. Needs BENCH_DATABASE_URL (a
// PostgreSQL server; a throw-away database is created on it and dropped at the end).
// Usage: BENCH_DATABASE_URL=postgres://… npm run bench:api [-- seconds=10 connections=10]
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { startServerProcess, stopServerProcess, type ServerProcess } from "../src/test/server-process";

interface CannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Cannon = (options: Record<string, unknown>) => Promise<CannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Cannon;

const arg = (name: string, fallback: number) => Number(process.argv.find((a) => a.startsWith(`${name}=`))?.split("=")[1] ?? fallback);
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 10);
const serverUrl = process.env.BENCH_DATABASE_URL;
if (!serverUrl) {
  console.error("bench:api measures API processes on a PostgreSQL server: set BENCH_DATABASE_URL=postgres://user@host:port/db");
  process.exit(1);
}
const SECRET = randomBytes(32).toString("base64url");
const dbName = `rp_bench_api_${randomBytes(4).toString("hex")}`;
const dataDir = mkdtempSync(path.join(tmpdir(), "rp-bench-api-"));

async function admin(sql: string, url = serverUrl!, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}

/** An API process (WORKERS=0) on the benchmark's database, in production mode, without the web app. */
function startApi(databaseUrl: string, name: string): Promise<ServerProcess> {
  return startServerProcess(
    "index",
    {
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      DATA_DIR: path.join(dataDir, name),
      BETTER_AUTH_SECRET: SECRET,
      ENCRYPTION_MASTER_KEY: "11".repeat(32),
      WEB_DIST_DIR: path.join(dataDir, "no-web"),
      // The load comes from one address: the per-address and per-tier request limits are off here.
      AUTH_RATE_LIMIT: "false",
      GLOBAL_RATE_LIMIT: "false",
      API_RATE_LIMIT: "0",
      ROUTE_OPTIMIZATION_RATE_LIMIT: "0",
      WORKERS: "0",
      ROUTING_PROVIDER: "haversine",
      LOG_LEVEL: "warn",
      SMTP_URL: "",
      OSM_EXTRACT: "",
      ADMIN_EMAILS: "",
      TRUSTED_ORIGINS: "",
    },
    90_000,
  );
}

/** A 10-stop problem around central London: one van, coordinates (haversine matrices), 0.2 s search. */
function tenStops(): Record<string, unknown> {
  const jobs = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, location: [-0.1278 + 0.01 * Math.cos(i), 51.5074 + 0.01 * Math.sin(i)], service: 300 }));
  return { vehicles: [{ id: 1, start: [-0.1278, 51.5074], end: [-0.1278, 51.5074] }], jobs, options: { time_limit: 0.2 } };
}

const children: ServerProcess[] = [];
try {
  await admin(`create database ${dbName}`);
  const url = new URL(serverUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  console.log(`bench:api on ${url.host}/${dbName}: ${SECONDS} s per scenario, ${CONNECTIONS} connections`);
  const first = await startApi(databaseUrl, "a");
  children.push(first);

  // The account: the first sign-up (super admin), a high route limit, 20 saved routes, an API key.
  const origin = first.base;
  const signUp = await fetch(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { origin, "content-type": "application/json" },
    body: JSON.stringify({ email: "bench-api@example.com", password: "Str0ng!Pass", name: "Bench" }),
  });
  if (!signUp.ok) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const cookie = signUp.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const userId = ((await signUp.json()) as { user: { id: string } }).user.id;
  await fetch(`${origin}/api/me/plan`, { headers: { origin, cookie } });
  await admin("update subscribers set monthly_route_limit = 10000000 where user_id = $1", databaseUrl, [userId]);
  for (let i = 0; i < 20; i++) {
    await admin(
      `insert into routes (user_id, name, start, distance_m, duration_s, provider) values ($1, $2, $3, 12000, 3600, 'haversine')`,
      databaseUrl,
      [userId, `Bench route ${i + 1}`, JSON.stringify({ label: "Depot", address: null, lat: 51.5074, lng: -0.1278 })],
    );
  }
  const keyRes = await fetch(`${origin}/api/api-keys`, { method: "POST", headers: { origin, cookie, "content-type": "application/json" }, body: JSON.stringify({ name: "bench", expiresInDays: 30 }) });
  if (keyRes.status !== 201) throw new Error(`API key: ${keyRes.status} ${await keyRes.text()}`);
  const key = ((await keyRes.json()) as { key: string }).key;
  const used = async () => Number((await admin("select routes_used_this_period as n from subscribers where user_id = $1", databaseUrl, [userId]))[0]!.n);

  const problem = JSON.stringify(tenStops());
  const check = await fetch(`${origin}/api/v1/optimize`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: problem });
  const checked = (await check.json()) as { code: number; routes?: unknown[]; unassigned?: unknown[] };
  if (check.status !== 200 || checked.routes?.length !== 1 || checked.unassigned?.length !== 0) throw new Error(`the 10-stop problem should give one route: ${JSON.stringify(checked).slice(0, 300)}`);

  const rows: string[] = [];
  const scenario = async (label: string, bases: string[], options: Record<string, unknown>) => {
    const result = await autocannon({ url: bases.map((b) => `${b}${options.path as string}`), connections: CONNECTIONS * bases.length, duration: SECONDS, ...options });
    if (result.errors + result.timeouts > 0 || result.non2xx > 0) process.exitCode = 1;
    const line = `${label.padEnd(44)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(result.latency.p50).padStart(4)} ms  p99 ${String(result.latency.p99).padStart(4)} ms  2xx ${result["2xx"]}  other ${result.non2xx}  errors ${result.errors + result.timeouts}`;
    console.log(line);
    rows.push(line);
    return result;
  };
  const routesLoad = { path: "/api/routes", method: "GET", headers: { origin, cookie } };
  const optimizeLoad = { path: "/api/v1/optimize", method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: problem };

  let quotaOk = true;
  const optimizeChecked = async (label: string, bases: string[]) => {
    const before = await used();
    // A fixed number of requests (about `seconds` of load at 5 per second and process), every one
    // answered before counting: a run cut off by time leaves requests the server still completes.
    const result = await scenario(label, bases, { ...optimizeLoad, amount: Math.max(20, 5 * SECONDS * bases.length) });
    const grew = (await used()) - before;
    const exact = grew === result["2xx"];
    quotaOk &&= exact;
    const line = `  quota: routes used +${grew} for ${result["2xx"]} optimisations answered 200 → ${exact ? "exact" : "MISMATCH"}`;
    console.log(line);
    rows.push(line);
  };

  await scenario("GET /api/routes, 1 API process", [first.base], routesLoad);
  await optimizeChecked("POST /api/v1/optimize (10 stops), 1 API process", [first.base]);
  const second = await startApi(databaseUrl, "b");
  children.push(second);
  await scenario("GET /api/routes, 2 API processes", [first.base, second.base], routesLoad);
  await optimizeChecked("POST /api/v1/optimize (10 stops), 2 API processes", [first.base, second.base]);
  console.log(`\nquota exact under load: ${quotaOk ? "yes" : "NO"}`);
  if (!quotaOk) process.exitCode = 1;
} finally {
  await Promise.all(children.map((c) => stopServerProcess(c)));
  await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
}
