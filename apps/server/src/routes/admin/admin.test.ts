import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "@routepilot/contracts";
import { authenticationLogs, overageCharges, subscribers, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let boss: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let plain: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  // The instance's first account is super_admin.
  boss = await t.signUp("boss@example.com", undefined, "Boss Person");
  admin = await t.signUp("helper@example.com", undefined, "Helper Admin");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  plain = await t.signUp("plain@example.com", undefined, "Plain Driver");
});
afterAll(() => t.close());

const auditRows = (userId: string, eventType: string) =>
  t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, userId), eq(authenticationLogs.eventType, eventType))).orderBy(desc(authenticationLogs.createdAt));
const subscriberOf = async (userId: string) => (await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!;

describe("GET /api/admin/users", () => {
  it("401 signed out, 403 for a plain user", async () => {
    expect((await t.call("/api/admin/users")).status).toBe(401);
    const res = await t.call("/api/admin/users", { cookie: plain.cookie });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.adminsOnly } });
  });

  it("lists users with plan and usage for an admin, newest first, with the total", async () => {
    const res = await t.call("/api/admin/users", { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const page = (await res.json()) as { users: { email: string; role: string; tier: string; monthlyLimit: number; routesUsed: number; banned: boolean }[]; total: number };
    expect(page.total).toBeGreaterThanOrEqual(3);
    expect(page.users[0]!.email).toBe("plain@example.com");
    expect(page.users.find((u) => u.email === "boss@example.com")).toMatchObject({ role: "super_admin", tier: "free", monthlyLimit: 5, routesUsed: 0, banned: false });
  });

  it("searches e-mail or name case-insensitively, sorts and paginates", async () => {
    const byName = (await (await t.call("/api/admin/users?q=DRIVER", { cookie: admin.cookie })).json()) as { users: { email: string }[]; total: number };
    expect(byName).toMatchObject({ total: 1, users: [{ email: "plain@example.com" }] });
    const byEmail = (await (await t.call("/api/admin/users?q=Helper%40", { cookie: admin.cookie })).json()) as { total: number };
    expect(byEmail.total).toBe(1);
    const wildcard = (await (await t.call("/api/admin/users?q=%25", { cookie: admin.cookie })).json()) as { total: number };
    expect(wildcard.total).toBe(0);
    const sorted = (await (await t.call("/api/admin/users?sort=email&pageSize=25&page=1", { cookie: admin.cookie })).json()) as { users: { email: string }[] };
    const emails = sorted.users.map((u) => u.email);
    expect(emails).toEqual([...emails].sort());
    const page2 = (await (await t.call("/api/admin/users?sort=email&page=2", { cookie: admin.cookie })).json()) as { users: unknown[]; total: number };
    expect(page2.users).toEqual([]);
  });

  it("400 for a page size other than 25, 50 or 100, or an unknown sort", async () => {
    const res = await t.call("/api/admin/users?pageSize=10", { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { pageSize: adminMessages.pageSize } } });
    expect((await t.call("/api/admin/users?sort=password", { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("PATCH /api/admin/users/{id}/plan", () => {
  it("moves the user to the tier with its limit, answers the plan summary and writes an audit row", async () => {
    const res = await t.call(`/api/admin/users/${plain.userId}/plan`, { method: "PATCH", cookie: admin.cookie, body: { tier: "premium" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ planName: "Premium", monthlyLimit: 100, subscriptionTier: "premium", routesUsed: 0 });
    expect(await subscriberOf(plain.userId)).toMatchObject({ subscriptionTier: "premium", monthlyRouteLimit: 100 });
    const [row] = await auditRows(plain.userId, "plan_change");
    expect(row!.details.metadata).toMatchObject({ actorId: admin.userId, before: { tier: "free", monthlyLimit: 5 }, after: { tier: "premium", monthlyLimit: 100 } });
    // The user sees it in their own usage.
    expect(await (await t.call("/api/me/usage", { cookie: plain.cookie })).json()).toMatchObject({ monthlyLimit: 100, planName: "Premium" });
  });

  it("400 for an unknown tier, nothing changed", async () => {
    const res = await t.call(`/api/admin/users/${plain.userId}/plan`, { method: "PATCH", cookie: admin.cookie, body: { tier: "platinum" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { tier: adminMessages.unknownTier } } });
    expect((await subscriberOf(plain.userId)).subscriptionTier).toBe("premium");
  });

  it("404 for an unknown user, 403 for a plain user (even on their own plan), 401 signed out", async () => {
    expect((await t.call(`/api/admin/users/nobody/plan`, { method: "PATCH", cookie: admin.cookie, body: { tier: "premium" } })).status).toBe(404);
    expect((await t.call(`/api/admin/users/${plain.userId}/plan`, { method: "PATCH", cookie: plain.cookie, body: { tier: "fleet_pro" } })).status).toBe(403);
    expect((await t.call(`/api/admin/users/${plain.userId}/plan`, { method: "PATCH", body: { tier: "fleet_pro" } })).status).toBe(401);
    expect((await subscriberOf(plain.userId)).subscriptionTier).toBe("premium");
  });
});

describe("ban and unban", () => {
  it("bans through the admin plugin (sessions revoked), audits, and unbans", async () => {
    const victim = await t.signUp("victim@example.com");
    const res = await t.call(`/api/admin/users/${victim.userId}/ban`, { cookie: admin.cookie, body: { reason: "spam" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id: victim.userId, banned: true });
    expect((await t.call("/api/me", { cookie: victim.cookie })).status).toBe(401);
    expect((await t.signIn("victim@example.com")).status).toBe(403);
    expect((await auditRows(victim.userId, "ban"))[0]!.details.metadata).toMatchObject({ actorId: admin.userId, before: { banned: false }, after: { banned: true, reason: "spam" } });

    // Without a body (no reason) a ban works too.
    const other = await t.signUp("quiet@example.com");
    expect((await t.call(`/api/admin/users/${other.userId}/ban`, { method: "POST", cookie: admin.cookie })).status).toBe(200);

    expect((await t.call(`/api/admin/users/${victim.userId}/unban`, { method: "POST", cookie: admin.cookie })).status).toBe(200);
    expect((await t.signIn("victim@example.com")).status).toBe(200);
    expect((await auditRows(victim.userId, "unban"))[0]!.details.metadata).toMatchObject({ before: { banned: true }, after: { banned: false } });
  });

  it("400 banning yourself, 404 unknown user, 403 plain user", async () => {
    expect((await t.call(`/api/admin/users/${admin.userId}/ban`, { cookie: admin.cookie, body: {} })).status).toBe(400);
    const tooLong = await t.call(`/api/admin/users/${plain.userId}/ban`, { cookie: admin.cookie, body: { reason: "x".repeat(501) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ error: { fields: { reason: expect.any(String) } } });
    expect((await t.call(`/api/admin/users/${plain.userId}/ban`, { cookie: admin.cookie, body: { reason: 5 } })).status).toBe(400);
    const [still] = await t.deps.db.select().from(user).where(eq(user.id, plain.userId));
    expect(still!.banned).toBeFalsy();
    expect((await t.call(`/api/admin/users/nobody/ban`, { cookie: admin.cookie, body: {} })).status).toBe(404);
    expect((await t.call(`/api/admin/users/${boss.userId}/ban`, { cookie: plain.cookie, body: {} })).status).toBe(403);
    expect((await t.call(`/api/admin/users/nobody/unban`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
  });
});

describe("POST /api/admin/users/{id}/reset-usage", () => {
  it("sets routes used to 0 with an audit row", async () => {
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 4 }).where(eq(subscribers.userId, plain.userId));
    const res = await t.call(`/api/admin/users/${plain.userId}/reset-usage`, { method: "POST", cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ routesUsed: 0 });
    expect((await subscriberOf(plain.userId)).routesUsedThisPeriod).toBe(0);
    expect((await auditRows(plain.userId, "usage_reset"))[0]!.details.metadata).toMatchObject({ before: { routesUsed: 4 }, after: { routesUsed: 0 } });
  });

  it("404 unknown user, 403 plain user, 401 signed out", async () => {
    expect((await t.call(`/api/admin/users/nobody/reset-usage`, { method: "POST", cookie: admin.cookie })).status).toBe(404);
    expect((await t.call(`/api/admin/users/${plain.userId}/reset-usage`, { method: "POST", cookie: plain.cookie })).status).toBe(403);
    expect((await t.call(`/api/admin/users/${plain.userId}/reset-usage`, { method: "POST" })).status).toBe(401);
  });
});

describe("GET /api/admin/users/{id}/overage-charges", () => {
  it("answers the user's charges newest first, limited", async () => {
    const base = { userId: plain.userId, billingPeriodStart: new Date("2026-01-01T00:00:00Z"), billingPeriodEnd: new Date("2026-02-01T00:00:00Z"), overageRoutes: 1, amountCharged: 100 };
    await t.deps.db.insert(overageCharges).values([
      { ...base, createdAt: new Date("2026-01-10T00:00:00Z") },
      { ...base, createdAt: new Date("2026-01-12T00:00:00Z"), paymentStatus: "paid" },
    ]);
    const res = await t.call(`/api/admin/users/${plain.userId}/overage-charges?limit=1`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const { charges } = (await res.json()) as { charges: { paymentStatus: string; amountCharged: number }[] };
    expect(charges).toEqual([expect.objectContaining({ paymentStatus: "paid", amountCharged: 100 })]);
    const all = (await (await t.call(`/api/admin/users/${plain.userId}/overage-charges`, { cookie: admin.cookie })).json()) as { charges: unknown[] };
    expect(all.charges).toHaveLength(2);
  });

  it("400 bad limit, 404 unknown user, 403 plain user", async () => {
    expect((await t.call(`/api/admin/users/${plain.userId}/overage-charges?limit=0`, { cookie: admin.cookie })).status).toBe(400);
    expect((await t.call(`/api/admin/users/nobody/overage-charges`, { cookie: admin.cookie })).status).toBe(404);
    expect((await t.call(`/api/admin/users/${plain.userId}/overage-charges`, { cookie: plain.cookie })).status).toBe(403);
  });
});

describe("PATCH /api/admin/users/{id}/role", () => {
  it("403 for an admin and a plain user; 401 signed out", async () => {
    const res = await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", cookie: admin.cookie, body: { role: "admin" } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: { message: adminMessages.superAdminsOnly } });
    expect((await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", cookie: plain.cookie, body: { role: "admin" } })).status).toBe(403);
    expect((await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", body: { role: "admin" } })).status).toBe(401);
  });

  it("a super_admin changes a role through the admin plugin, keeps fleet roles, and it is audited", async () => {
    await t.deps.db.update(user).set({ role: "user,driver" }).where(eq(user.id, plain.userId));
    const res = await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "admin" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ role: "admin,driver" });
    expect((await auditRows(plain.userId, "role_change"))[0]!.details.metadata).toMatchObject({ actorId: boss.userId, before: "user", after: "admin" });
    expect((await t.call("/api/admin/users", { cookie: plain.cookie })).status).toBe(200);
    await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "user" } });
    expect((await t.call("/api/admin/users", { cookie: plain.cookie })).status).toBe(403);
  });

  it("400 for an unknown role, 404 unknown user", async () => {
    const res = await t.call(`/api/admin/users/${plain.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "owner" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { fields: { role: adminMessages.unknownRole } } });
    expect((await t.call(`/api/admin/users/nobody/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "user" } })).status).toBe(404);
  });

  it("the last super_admin cannot demote themself (400, unchanged); with a second one they can", async () => {
    const res = await t.call(`/api/admin/users/${boss.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "admin" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: adminMessages.lastSuperAdmin } });
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, boss.userId));
    expect(row!.role).toBe("super_admin");
    expect((await t.call(`/api/admin/users/${admin.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "super_admin" } })).status).toBe(200);
    expect((await t.call(`/api/admin/users/${boss.userId}/role`, { method: "PATCH", cookie: boss.cookie, body: { role: "admin" } })).status).toBe(200);
  });
});

describe("OpenAPI", () => {
  it("documents the admin routes", async () => {
    const doc = (await (await t.call("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths["/api/admin/users"]!)).toEqual(["get"]);
    expect(Object.keys(doc.paths["/api/admin/users/{id}/plan"]!)).toEqual(["patch"]);
    expect(Object.keys(doc.paths["/api/admin/users/{id}/role"]!)).toEqual(["patch"]);
    for (const action of ["ban", "unban", "reset-usage"]) expect(Object.keys(doc.paths[`/api/admin/users/{id}/${action}`]!)).toEqual(["post"]);
    expect(doc.paths["/api/admin/users/{id}/overage-charges"]).toHaveProperty("get");
  });
});
