import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { bearerMatches, createMetrics } from "./metrics";
import { RequestWindows, SolveTimes, percentile } from "./windows";

describe("request windows", () => {
  it("counts requests and 5xx per window; older minutes fall out", () => {
    const w = new RequestWindows();
    const t0 = Date.UTC(2026, 0, 1, 12, 0, 0);
    for (let i = 0; i < 8; i++) w.record(200, t0 - 30 * 60_000); // 30 minutes ago
    w.record(500, t0 - 2 * 60_000);
    w.record(200, t0 - 2 * 60_000);
    w.record(503, t0);
    w.record(404, t0);
    expect(w.summary(5, t0)).toEqual({ minutes: 5, requests: 4, errors: 2, perMinute: 0.8, errorRatePercent: 50 });
    expect(w.summary(60, t0)).toEqual({ minutes: 60, requests: 12, errors: 2, perMinute: 0.2, errorRatePercent: 16.67 });
    expect(w.summary(60, t0 + 31 * 60_000)).toMatchObject({ requests: 4, errors: 2 });
    expect(new RequestWindows().summary(5, t0)).toEqual({ minutes: 5, requests: 0, errors: 0, perMinute: 0, errorRatePercent: null });
  });
});

describe("solve times", () => {
  it("nearest-rank p50/p95 over the last hour", () => {
    expect(percentile([], 50)).toBeNull();
    const sorted = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(percentile(sorted, 50)).toBe(10);
    expect(percentile(sorted, 95)).toBe(19);
    const s = new SolveTimes();
    const t0 = Date.UTC(2026, 0, 1);
    s.record(5000, t0 - 61 * 60_000); // older than an hour
    for (const ms of [40, 10, 30, 20]) s.record(ms, t0);
    expect(s.summary(t0)).toEqual({ recentSolves: 4, p50Ms: 20, p95Ms: 40 });
  });
});

describe("bearer token", () => {
  it("matches only `Bearer <token>`", () => {
    expect(bearerMatches("Bearer abc-123", "abc-123")).toBe(true);
    expect(bearerMatches("bearer   abc-123 ", "abc-123")).toBe(true);
    expect(bearerMatches("Bearer abc-1234", "abc-123")).toBe(false);
    expect(bearerMatches("abc-123", "abc-123")).toBe(false);
    expect(bearerMatches(undefined, "abc-123")).toBe(false);
    expect(bearerMatches("Bearer ", "")).toBe(false);
  });
});

describe("Prometheus registry per app", () => {
  it("two instances register the same names without collision; 5xx and solve times are counted", async () => {
    const a = createMetrics({ prometheus: true });
    const b = createMetrics({ prometheus: true });
    a.watch({ solver: () => ({ workers: 2, busy: 1, queued: 3, maxQueue: 32 }), mailBacklog: async () => ({ queued: 4, failed: 1 }) });
    const app = new Hono();
    app.use("*", a.middleware);
    app.get("/boom/:id", (c) => c.text("no", 500));
    app.get("/ok", (c) => c.text("ok"));
    await app.request("/boom/1");
    await app.request("/boom/2");
    await app.request("/ok");
    a.onSolved(120, true);
    a.onSolved(80, false);
    const text = await a.registry!.metrics();
    expect(text).toMatch(/^routepilot_http_server_errors_total\{route="\/boom\/:id"\} 2$/m);
    expect(text).toMatch(/^http_requests_total\{method="GET",route="\/boom\/:id",status="500",ok="false"\} 2$/m);
    expect(text).toMatch(/^routepilot_solver_solve_duration_seconds_count\{outcome="solved"\} 1$/m);
    expect(text).toMatch(/^routepilot_solver_solve_duration_seconds_count\{outcome="failed"\} 1$/m);
    expect(text).toMatch(/^routepilot_solver_queue_length 3$/m);
    expect(text).toMatch(/^routepilot_solver_busy_workers 1$/m);
    expect(text).toMatch(/^routepilot_mail_outbox_backlog\{status="queued"\} 4$/m);
    expect(text).toMatch(/^routepilot_mail_outbox_backlog\{status="failed"\} 1$/m);
    expect(a.requests.summary(5)).toMatchObject({ requests: 3, errors: 2 });
    expect(a.solves.summary()).toMatchObject({ recentSolves: 2 });
    // b saw none of it.
    expect(await b.registry!.metrics()).not.toMatch(/^http_requests_total\{/m);
    expect(createMetrics({ prometheus: false }).registry).toBeNull();
  });
});
