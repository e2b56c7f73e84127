import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { adminMessages, securityMessages, type SecurityAlerts, type SecurityAudit, type SecurityOverview, type SecurityViolations } from "@routepilot/contracts";
import { authenticationLogs, rateLimitViolations, securityAlerts, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let boss: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let plain: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  boss = await t.signUp("boss@example.com"); // the first account: super_admin
  admin = await t.signUp("admin@example.com");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  plain = await t.signUp("plain@example.com");
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(securityAlerts);
  await t.deps.db.delete(rateLimitViolations);
});

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const insertAlert = (values: Partial<typeof securityAlerts.$inferInsert>) =>
  t.deps.db.insert(securityAlerts).values({ type: "rate_limit", severity: "low", source: "test", ...values }).returning();
const violation = (category: string, createdAt = minutesAgo(5)) => ({ category, subject: "ip:203.0.113.9", ipAddress: "203.0.113.9", path: "/api/x", blockedSeconds: 60, createdAt });

describe.each([
  ["GET", "/api/security/metrics"],
  ["GET", "/api/security/alerts"],
  ["PATCH", "/api/security/alerts/00000000-0000-4000-8000-000000000000"],
  ["GET", "/api/security/violations"],
  ["GET", "/api/security/audit"],
])("%s %s", (method, path) => {
  it("401 signed out, 403 for a plain user with the SPEC message", async () => {
    const body = method === "PATCH" ? { status: "resolved" } : undefined;
    expect((await t.call(path, { method, body })).status).toBe(401);
    const res = await t.call(path, { method, body, cookie: plain.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.adminsOnly } });
  });
});

describe("GET /api/security/metrics", () => {
  it("3 alerts and 40 violations: the exact metrics, systemLoad 2.3, and the recommendations", async () => {
    await insertAlert({ severity: "critical" });
    await insertAlert({ severity: "high", status: "resolved" });
    await insertAlert({ severity: "medium" });
    await t.deps.db.insert(rateLimitViolations).values(Array.from({ length: 40 }, () => violation("auth")));
    const res = await t.call("/api/security/metrics", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SecurityOverview;
    expect(body.metrics).toMatchObject({ totalThreats: 3, activeIncidents: 2, rateLimitViolations: 40, encryptionHealth: 100, systemLoad: 2.3 });
    expect(body.metrics.uptime).toBeGreaterThanOrEqual(0);
    expect(body.recommendations).toEqual([securityMessages.recommendations.critical]);
    expect(body.recentAlerts).toBe(3);
    // super_admin too.
    expect((await t.call("/api/security/metrics", { cookie: boss.cookie })).status).toBe(200);
  });
});

describe("GET /api/security/alerts", () => {
  it("sorts by severity (critical first), then newest first; filters by status and severity; limit", async () => {
    await insertAlert({ type: "a", severity: "low", createdAt: minutesAgo(1) });
    await insertAlert({ type: "b", severity: "critical", createdAt: minutesAgo(30) });
    await insertAlert({ type: "c", severity: "high", createdAt: minutesAgo(20) });
    await insertAlert({ type: "d", severity: "high", createdAt: minutesAgo(2) });
    await insertAlert({ type: "e", severity: "medium", status: "resolved", createdAt: minutesAgo(3) });
    const all = (await (await t.call("/api/security/alerts", { cookie: admin.cookie })).json()) as SecurityAlerts;
    expect(all.alerts.map((a) => a.type)).toEqual(["b", "d", "c", "e", "a"]);
    expect(all.total).toBe(5);
    expect(all.alerts[0]).toMatchObject({ severity: "critical", status: "active", autoResolved: false, occurrences: 1, resolvedAt: null });
    const active = (await (await t.call("/api/security/alerts?status=active&limit=2", { cookie: admin.cookie })).json()) as SecurityAlerts;
    expect(active).toMatchObject({ total: 4, alerts: [{ type: "b" }, { type: "d" }] });
    const high = (await (await t.call("/api/security/alerts?severity=high", { cookie: admin.cookie })).json()) as SecurityAlerts;
    expect(high.alerts.map((a) => a.type)).toEqual(["d", "c"]);
  });

  it("400 for an unknown severity, a bad status or limit", async () => {
    const res = await t.call("/api/security/alerts?severity=urgent", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { severity: securityMessages.severity } } });
    const limit = await t.call("/api/security/alerts?limit=501", { cookie: admin.cookie });
    expect(await limit.json()).toMatchObject({ error: { fields: { limit: securityMessages.limit } } });
    expect((await t.call("/api/security/alerts?status=DROP%20TABLE", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("PATCH /api/security/alerts/{id}", () => {
  it("resolves an alert, records who, and logs a security_alert_status audit event; any other status too", async () => {
    const [alert] = await insertAlert({ severity: "critical", type: "encryption_self_test" });
    const res = await t.call(`/api/security/alerts/${alert!.id}`, { method: "PATCH", cookie: admin.cookie, body: { status: "resolved" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { status: string; resolvedBy: string; resolvedAt: string; autoResolved: boolean };
    expect(body).toMatchObject({ status: "resolved", resolvedBy: admin.userId, autoResolved: false });
    expect(body.resolvedAt).not.toBeNull();
    const [log] = await t.deps.db
      .select()
      .from(authenticationLogs)
      .where(and(eq(authenticationLogs.eventType, "security_alert_status"), eq(authenticationLogs.userId, admin.userId)));
    expect(log!.details).toMatchObject({ action: "resolve", outcome: "success", riskLevel: "high", resource: `/api/security/alerts/${alert!.id}`, metadata: { alertId: alert!.id, before: "active", after: "resolved" } });

    const again = await t.call(`/api/security/alerts/${alert!.id}`, { method: "PATCH", cookie: boss.cookie, body: { status: "investigating" } });
    expect(await again.json()).toMatchObject({ status: "investigating", resolvedAt: null, resolvedBy: null });
    const audit = (await (await t.call("/api/security/audit?eventType=security_alert_status", { cookie: admin.cookie })).json()) as SecurityAudit;
    expect(audit.events.map((e) => e.action)).toEqual(["set status investigating", "resolve"]);
  });

  it("404 for an unknown or malformed id; 400 for a bad status or extra fields, nothing changed", async () => {
    const unknown = await t.call("/api/security/alerts/00000000-0000-4000-8000-000000000000", { method: "PATCH", cookie: admin.cookie, body: { status: "resolved" } });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "NOT_FOUND", message: securityMessages.alertNotFound } });
    expect((await t.call("/api/security/alerts/not-a-uuid", { method: "PATCH", cookie: admin.cookie, body: { status: "resolved" } })).status).toBe(404);
    const [alert] = await insertAlert({});
    for (const body of [{ status: "" }, { status: "Resolved!" }, { status: 5 }, {}, { status: "resolved", severity: "low" }]) {
      const res = await t.call(`/api/security/alerts/${alert!.id}`, { method: "PATCH", cookie: admin.cookie, body });
      expect(res.status).toBe(400);
    }
    const bad = await t.call(`/api/security/alerts/${alert!.id}`, { method: "PATCH", cookie: admin.cookie, body: { status: "x".repeat(41) } });
    expect(await bad.json()).toMatchObject({ error: { fields: { status: securityMessages.status } } });
    const [row] = await t.deps.db.select().from(securityAlerts).where(eq(securityAlerts.id, alert!.id));
    expect(row!.status).toBe("active");
  });
});

describe("GET /api/security/violations", () => {
  it("counts by category (largest first) within the hours asked, with the newest rows", async () => {
    await t.deps.db
      .insert(rateLimitViolations)
      .values([violation("auth"), violation("auth"), violation("auth"), violation("payment"), violation("api_general", minutesAgo(3 * 60))]);
    const day = (await (await t.call("/api/security/violations", { cookie: admin.cookie })).json()) as SecurityViolations;
    expect(day).toMatchObject({ hours: 24, total: 5, byCategory: [{ category: "auth", count: 3 }, { category: "api_general", count: 1 }, { category: "payment", count: 1 }] });
    expect(day.recent).toHaveLength(5);
    expect(day.recent[4]).toMatchObject({ category: "api_general", subject: "ip:203.0.113.9", blockedSeconds: 60 });
    const hour = (await (await t.call("/api/security/violations?hours=1", { cookie: admin.cookie })).json()) as SecurityViolations;
    expect(hour).toMatchObject({ hours: 1, total: 4, byCategory: [{ category: "auth", count: 3 }, { category: "payment", count: 1 }] });
  });

  it("400 for hours outside 1–720", async () => {
    for (const hours of ["0", "721", "abc", "1.5"]) {
      const res = await t.call(`/api/security/violations?hours=${hours}`, { cookie: admin.cookie });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { fields: { hours: securityMessages.hours } } });
    }
  });
});

describe("GET /api/security/audit", () => {
  it("lists recent audit events with the SPEC fields, newest first, filtered by event type and user", async () => {
    await t.signIn("plain@example.com", "Wrong!Pass9");
    const res = await t.call(`/api/security/audit?eventType=sign_up&userId=${plain.userId}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { events } = (await res.json()) as SecurityAudit;
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ eventType: "sign_up", action: "sign up", outcome: "success", riskLevel: "low", userId: plain.userId, resource: "/api/auth/sign-up/email" });
    expect(Object.keys(events[0]!).sort()).toEqual(["action", "eventType", "id", "ipAddress", "metadata", "outcome", "resource", "riskLevel", "sessionId", "timestamp", "userAgent", "userId"]);
    const recent = (await (await t.call("/api/security/audit?limit=1", { cookie: admin.cookie })).json()) as SecurityAudit;
    expect(recent.events).toMatchObject([{ eventType: "sign_in", outcome: "failure", riskLevel: "medium", metadata: { email: "plain@example.com" } }]);
  });

  it("400 for a bad limit or event type", async () => {
    expect((await t.call("/api/security/audit?limit=0", { cookie: admin.cookie })).status).toBe(400);
    expect((await t.call("/api/security/audit?eventType=Sign-In", { cookie: admin.cookie })).status).toBe(400);
  });
});
