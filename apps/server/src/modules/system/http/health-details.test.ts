import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages, type HealthDetails } from "@routepilot/contracts";
import { migrationsFolder, outbox, subscribers, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

const TOKEN = "metrics-token-for-the-test-0123";
let t: TestApp;
let boss: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let plain: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN, ROUTE_OPTIMIZATION_RATE_LIMIT: "0" });
  boss = await t.signUp("health-boss@example.com");
  admin = await t.signUp("health-admin@example.com");
  plain = await t.signUp("health-plain@example.com");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
}, 60_000);
afterAll(() => t.close());

async function details(cookie: string): Promise<HealthDetails> {
  const res = await t.call("/api/health/details", { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as HealthDetails;
}

describe("GET /api/health/details", () => {
  it("401 signed out, 403 for a plain user; admins and super admins read it", async () => {
    expect((await t.call("/api/health/details")).status).toBe(401);
    const refused = await t.call("/api/health/details", { cookie: plain.cookie });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.adminsOnly } });
    await details(admin.cookie);
    await details(boss.cookie);
  });

  it("version, uptime, database kind and size, migrations from drizzle's table named by the journal", async () => {
    const body = await details(admin.cookie);
    const root = JSON.parse(readFileSync(path.resolve(migrationsFolder, "../../../package.json"), "utf8")) as { version: string };
    expect(body.version.version).toBe(root.version);
    expect(body.version.commit).toMatch(/^([0-9a-f]{7,12}|unknown)$/);
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
    expect(body.startedAt).toBe(t.deps.security.startedAt.toISOString());
    const kind = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
    expect(body.database).toMatchObject({ kind, label: kind === "pglite" ? "Embedded PGlite" : "PostgreSQL server" });
    expect(body.database.sizeBytes).toBeGreaterThan(0);
    const journal = (JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] }).entries;
    expect(body.migrations.known).toBe(journal.length);
    expect(body.migrations.applied).toBe(journal.length);
    const newest = journal.at(-1)!;
    expect(body.migrations.last[0]).toMatchObject({ tag: newest.tag, appliedAt: new Date(newest.when).toISOString() });
    expect(body.migrations.last.map((m) => m.tag)).toEqual(journal.slice(-5).reverse().map((e) => e.tag));
  });

  it("mail outbox backlog: queued and failed messages, the oldest queued", async () => {
    const before = (await details(admin.cookie)).mail;
    const old = new Date("2020-01-01T00:00:00Z");
    const message = { to: "x@example.com", subject: "s", text: "t", kind: "contact-copy" };
    await t.deps.db.insert(outbox).values([
      { ...message, status: "queued", createdAt: old },
      { ...message, status: "queued" },
      { ...message, status: "failed" },
      { ...message, status: "sent" },
    ]);
    const after = (await details(admin.cookie)).mail;
    expect(after).toEqual({ queued: before.queued + 2, failed: before.failed + 1, oldestQueuedAt: old.toISOString(), smtpConfigured: false });
  });

  it("solver pool size and queue, p50/p95 of the solves just made; request and error rate of this process", async () => {
    const before = await details(admin.cookie);
    expect(before.solver).toMatchObject({ workers: t.deps.env.SOLVER_WORKERS, busy: 0, queued: 0, maxQueue: t.deps.env.SOLVER_MAX_QUEUE });
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, plain.userId));
    const start = { lat: 47.1415, lng: 9.5215 };
    const stops = [
      { lat: 47.166, lng: 9.51, label: "Schaan" },
      { lat: 47.125, lng: 9.515, label: "Triesen" },
    ];
    for (let i = 0; i < 2; i++) {
      const res = await t.call("/api/routes/optimize", { cookie: plain.cookie, body: { start, stops } });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const after = await details(admin.cookie);
    expect(after.solver.recentSolves).toBe(before.solver.recentSolves + 2);
    expect(after.solver.p50Ms).not.toBeNull();
    expect(after.solver.p95Ms!).toBeGreaterThanOrEqual(after.solver.p50Ms!);
    // Every call above was answered and counted: at least the two optimisations and the first details read.
    expect(after.requests.short.requests - before.requests.short.requests).toBeGreaterThanOrEqual(3);
    expect(after.requests.short.minutes).toBe(5);
    expect(after.requests.long.minutes).toBe(60);
    expect(after.requests.long.requests).toBeGreaterThanOrEqual(after.requests.short.requests);
    expect(after.requests.short.errorRatePercent).toBe(0);
  });
});

describe("GET /metrics", () => {
  it("401 without or with a wrong bearer token", async () => {
    expect((await t.call("/metrics")).status).toBe(401);
    expect((await t.call("/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(401);
    expect((await t.call("/metrics", { headers: { authorization: TOKEN } })).status).toBe(401);
  });

  it("the Prometheus text format with request, solver, mail and process metrics", async () => {
    await t.call("/api/health");
    const res = await t.call("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/api\/health",status="200",ok="true"\} [1-9]/m);
    expect(text).toMatch(/^http_request_duration_seconds_bucket\{.*route="\/api\/health".*\} \d+/m);
    expect(text).toMatch(/^routepilot_solver_queue_length 0$/m);
    expect(text).toMatch(/^routepilot_solver_workers \d+$/m);
    expect(text).toMatch(/^routepilot_mail_outbox_backlog\{status="queued"\} \d+$/m);
    expect(text).toContain("# TYPE routepilot_solver_solve_duration_seconds histogram");
    expect(text).toContain("# TYPE routepilot_http_server_errors_total counter");
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes /m);
  });

  it("404 when METRICS_TOKEN is unset", async () => {
    const off = await createTestApp();
    try {
      const res = await off.call("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(off.deps.metrics.registry).toBeNull();
    } finally {
      await off.close();
    }
  });
});
