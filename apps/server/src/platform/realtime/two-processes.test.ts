import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { cookieFrom, PASSWORD } from "../../test/harness";
import { startServerProcess, stopServerProcess, type ServerProcess } from "../../test/server-process";

/**
 * The scale-out proof (issues 10 and 15): two real API processes (WORKERS=0) and a worker process
 * (`npm run worker`) on one PostgreSQL database. An invitation created through process A reaches the
 * invitee's WebSocket held by process B within 2 s (LISTEN/NOTIFY); an API job submitted to A is
 * solved by the worker and read from B; a worker killed (SIGKILL) mid-job is replaced and the job
 * completes once, its routes charged once; a fleet plan created on A is solved by the worker (A and B
 * consume nothing) and its "done" event reaches the manager's socket on B. Runs when
 * TEST_DATABASE_URL names a PostgreSQL server (CI).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
const SECRET = randomBytes(32).toString("base64url");

/** An API job running longer than this is taken over by another worker (short here: the kill test waits for it). */
const JOB_EXPIRE_SECONDS = "8";

type Proc = ServerProcess;

/** An API process (consumes nothing) or a worker on the test database, with its own data folder. */
function startProcess(databaseUrl: string, dataDir: string, script: "index" | "worker" = "index"): Promise<Proc> {
  return startServerProcess(script, {
    NODE_ENV: "test",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: SECRET,
    AUTH_RATE_LIMIT: "false",
    // The tests poll jobs and plans several times a second as one user: not what is proven here.
    GLOBAL_RATE_LIMIT: "false",
    ROUTE_OPTIMIZATION_RATE_LIMIT: "0",
    // API processes consume nothing: the worker process solves the jobs.
    WORKERS: script === "worker" ? "1" : "0",
    API_JOB_EXPIRE_SECONDS: JOB_EXPIRE_SECONDS,
    LOG_LEVEL: script === "worker" ? "info" : "warn",
    // Mail goes to the outbox table; no extract, no external services.
    SMTP_URL: "",
    OSM_EXTRACT: "",
    ADMIN_EMAILS: "",
    TRUSTED_ORIGINS: "",
  });
}

const kill = (proc: Proc | undefined) => stopServerProcess(proc, true);
const stopProcess = (proc: Proc | undefined) => stopServerProcess(proc);

/** A JSON request as a browser on `base` makes it. */
async function call(base: string, pathname: string, init: { method?: string; body?: unknown; cookie?: string } = {}) {
  const headers: Record<string, string> = { origin: base };
  if (init.cookie) headers.cookie = init.cookie;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${base}${pathname}`, { method: init.method ?? (init.body === undefined ? "GET" : "POST"), headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) });
}

async function signUp(base: string, email: string): Promise<{ cookie: string; userId: string }> {
  const res = await call(base, "/api/auth/sign-up/email", { body: { email, password: PASSWORD, name: email.split("@")[0] } });
  expect(res.status, await res.clone().text()).toBe(200);
  return { cookie: cookieFrom(res), userId: ((await res.json()) as { user: { id: string } }).user.id };
}

describe.skipIf(!serverUrl)("two server processes on one PostgreSQL database", () => {
  const name = `rp_two_${randomBytes(6).toString("hex")}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "rp-two-"));
  let a: Proc | undefined;
  let b: Proc | undefined;
  let worker: Proc | undefined;
  let databaseUrl = "";
  let owner: { cookie: string; userId: string };
  let teamId = "";

  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };

  beforeAll(async () => {
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // One after the other: the first applies the migrations.
    databaseUrl = url.toString();
    a = await startProcess(databaseUrl, path.join(dataDir, "a"));
    [b, worker] = await Promise.all([startProcess(databaseUrl, path.join(dataDir, "b")), startProcess(databaseUrl, path.join(dataDir, "w1"), "worker")]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopProcess(a), stopProcess(b), stopProcess(worker)]);
    await admin(`drop database if exists ${name} with (force)`);
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it("an invitation created through process A reaches the invitee's WebSocket on process B within 2 s", async () => {
    const A = a!.base;
    const B = b!.base;
    // The first account of an instance is its super admin: it puts itself on Enterprise (teams access).
    owner = await signUp(A, "owner@two-processes.example");
    const plan = await call(A, `/api/admin/users/${owner.userId}/plan`, { method: "PATCH", cookie: owner.cookie, body: { tier: "enterprise" } });
    expect(plan.status, await plan.clone().text()).toBe(200);
    const team = await call(A, "/api/teams", { cookie: owner.cookie, body: { name: "Scale-out" } });
    expect(team.status, await team.clone().text()).toBe(201);
    teamId = ((await team.json()) as { id: string }).id;
    const invitee = await signUp(A, "invitee@two-processes.example");

    // The invitee's socket is on process B (the session cookie works on either: one database, one secret).
    const socket = new WebSocket(`${B.replace("http", "ws")}/api/realtime`, { headers: { origin: B, cookie: invitee.cookie } });
    const messages: { topic: string; type: string; data: unknown; at: number }[] = [];
    socket.on("message", (raw) => messages.push({ ...(JSON.parse(String(raw)) as { topic: string; type: string; data: unknown }), at: performance.now() }));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });
    const until = async (match: () => boolean, ms: number) => {
      const end = performance.now() + ms;
      while (!match() && performance.now() < end) await new Promise((resolve) => setTimeout(resolve, 5));
      return match();
    };
    expect(await until(() => messages.some((m) => m.topic === "system" && m.type === "ready"), 5000)).toBe(true);

    const sent = performance.now();
    const invite = await call(A, `/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: "invitee@two-processes.example", role: "member" } });
    const answered = performance.now();
    expect(invite.status, await invite.clone().text()).toBe(201);
    const arrived = await until(() => messages.some((m) => m.topic === "invitations"), 2000 - (answered - sent));
    const received = messages.find((m) => m.topic === "invitations");
    socket.close();
    expect(arrived, `messages on B: ${JSON.stringify(messages)}\nA:\n${a!.output()}\nB:\n${b!.output()}`).toBe(true);
    expect(received).toMatchObject({ topic: "invitations", type: "created", data: { teamId } });
    const latency = received!.at - sent;
    console.log(`two processes: invitation POST on A → message on B's socket in ${latency.toFixed(1)} ms (request answered after ${(answered - sent).toFixed(1)} ms)`);
    expect(latency).toBeLessThan(2000);
  }, 60_000);

  const query = async <T,>(sql: string, values: unknown[]): Promise<T[]> => {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(sql, values)).rows as T[];
    } finally {
      await client.end();
    }
  };
  const routesUsed = async () => (await query<{ n: number }>("select routes_used_this_period as n from subscribers where user_id = $1", [owner.userId]))[0]!.n;
  type Job = { status: string; progress: number; result?: { code: number; routes?: unknown[] } };
  const readJob = async (base: string, key: string, id: string) => (await (await fetch(`${base}/api/v1/jobs/${id}`, { headers: { authorization: `Bearer ${key}` } })).json()) as Job;
  const waitFor = async (base: string, key: string, id: string, done: (job: Job) => boolean, ms: number) => {
    const end = Date.now() + ms;
    let job = await readJob(base, key, id);
    while (!done(job) && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      job = await readJob(base, key, id);
    }
    return job;
  };
  const golden = JSON.parse(readFileSync(path.join(repoRoot, "packages/solver/src/vroom/fixtures/golden-input.json"), "utf8")) as Record<string, unknown>;
  let key = "";

  it("an API job submitted to process A is solved by the worker process and read from process B", async () => {
    const created = await call(a!.base, "/api/api-keys", { cookie: owner.cookie, body: { name: "scale-out", expiresInDays: 30 } });
    expect(created.status, await created.clone().text()).toBe(201);
    key = ((await created.json()) as { key: string }).key;
    const before = await routesUsed();
    const submitted = await fetch(`${a!.base}/api/v1/jobs`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(golden) });
    expect(submitted.status, await submitted.clone().text()).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const job = await waitFor(b!.base, key, id, (j) => j.status === "done", 30_000);
    expect(job.status, worker!.output()).toBe("done");
    expect(job.result?.code).toBe(0);
    const routes = job.result!.routes!.length;
    expect(await routesUsed()).toBe(before + routes);
    // The API processes run no consumers: the worker (and only it) ran the job.
    expect(worker!.output()).not.toContain("job queue error");
  }, 60_000);

  it("a worker killed mid-job is replaced: the job completes once, its routes charged once", async () => {
    const before = await routesUsed();
    // A search of 4 s: long enough to kill the worker while it runs.
    const body = { ...golden, options: { time_limit: 4 } };
    const submitted = await fetch(`${a!.base}/api/v1/jobs`, { method: "POST", headers: { authorization: `Bearer ${key}`, "content-type": "application/json" }, body: JSON.stringify(body) });
    expect(submitted.status).toBe(202);
    const { id } = (await submitted.json()) as { id: string };
    const running = await waitFor(b!.base, key, id, (j) => j.status !== "queued", 20_000);
    expect(running.status).toBe("running");
    await kill(worker);
    const replacement = await startProcess(databaseUrl, path.join(dataDir, "w2"), "worker");
    worker = replacement;
    // pg-boss fails the lost attempt after API_JOB_EXPIRE_SECONDS and retries it on the new worker.
    const job = await waitFor(b!.base, key, id, (j) => j.status === "done" || j.status === "failed", 45_000);
    expect(job.status, replacement.output()).toBe("done");
    const routes = job.result!.routes!.length;
    expect(await routesUsed()).toBe(before + routes);
    const [row] = await query<{ attempts: number; routes_charged: number }>("select attempts, routes_charged from api_jobs where id = $1", [id]);
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(row!.routes_charged).toBe(routes);
    const logs = await query<{ n: string }>("select count(*) as n from usage_logs where metadata->>'route_request_id' like $1", [`api-job:${id}:%`]);
    expect(Number(logs[0]!.n)).toBe(routes);
    console.log(`scale-out: job ${id} survived a SIGKILLed worker: ${row!.attempts} attempts, ${routes} routes charged once`);
  }, 90_000);

  it("a fleet plan created on process A (WORKERS=0) is solved by the worker; its progress reaches the manager's WebSocket on B", async () => {
    const A = a!.base;
    const B = b!.base;
    const upgraded = await call(A, `/api/admin/users/${owner.userId}/plan`, { method: "PATCH", cookie: owner.cookie, body: { tier: "fleet_pro" } });
    expect(upgraded.status, await upgraded.clone().text()).toBe(200);
    const depot = { lat: 47.141, lng: 9.5209 };
    const van = await call(A, `/api/teams/${teamId}/vehicles`, { cookie: owner.cookie, body: { name: "Van 1", profile: "van", capacity: [20], skills: [], shift: { start: "08:00", end: "17:00" }, start: depot, end: depot } });
    expect(van.status, await van.clone().text()).toBe(201);
    const vehicleId = ((await van.json()) as { id: string }).id;

    const socket = new WebSocket(`${B.replace("http", "ws")}/api/realtime`, { headers: { origin: B, cookie: owner.cookie } });
    const messages: { topic: string; type: string; data: { planId?: string; status?: string } }[] = [];
    socket.on("message", (raw) => messages.push(JSON.parse(String(raw)) as (typeof messages)[number]));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });

    const orders = [0, 1, 2, 3].map((i) => ({ label: `Order ${i + 1}`, lat: 47.13 + i * 0.01, lng: 9.51 + i * 0.005 }));
    const created = await call(A, `/api/teams/${teamId}/plans`, { cookie: owner.cookie, body: { date: "2030-01-07", vehicleIds: [vehicleId], orders, settings: { timeLimitSeconds: 1 } } });
    expect(created.status, await created.clone().text()).toBe(202);
    const planId = ((await created.json()) as { id: string }).id;
    const end = Date.now() + 30_000;
    let plan = { status: "queued", routes: [] as { stops: unknown[] }[] };
    while (plan.status !== "done" && plan.status !== "failed" && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      plan = (await (await call(B, `/api/teams/${teamId}/plans/${planId}`, { cookie: owner.cookie })).json()) as typeof plan;
    }
    socket.close();
    expect(plan.status, `worker:\n${worker!.output()}`).toBe("done");
    expect(plan.routes.flatMap((r) => r.stops).length).toBeGreaterThanOrEqual(orders.length);
    // The worker solved it (the API processes consume nothing) and its realtime events crossed to B.
    expect(messages.some((m) => m.type === "plan_done" && m.data.planId === planId && m.data.status === "done"), JSON.stringify(messages)).toBe(true);
    const [job] = await query<{ state: string }>("select state from pgboss.job where name = 'fleet-plans' and data->>'planId' = $1", [planId]);
    expect(job?.state).toBe("completed");
  }, 60_000);
});
