import { and, eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsMessages, systemMessages, type SystemAnalytics } from "@routepilot/contracts";
import { overageCharges, routes, session, subscribers, subscriptionTierChanges, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let boss: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let plain: { cookie: string; userId: string };

const at = (iso: string) => new Date(iso);
const PERIOD = "/api/admin/analytics?from=2025-01-01&to=2025-02-28";

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.deps;
  boss = await t.signUp("ops-boss@example.com"); // the first account: super_admin
  admin = await t.signUp("ops-admin@example.com");
  plain = await t.signUp("ops-plain@example.com");
  await db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  // Sign-ups on known UTC days; plain's at 23:30 UTC counts on that UTC day.
  await db.update(user).set({ createdAt: at("2025-01-05T09:00:00Z") }).where(eq(user.id, boss.userId));
  await db.update(user).set({ createdAt: at("2025-01-05T17:00:00Z") }).where(eq(user.id, admin.userId));
  await db.update(user).set({ createdAt: at("2025-02-10T23:30:00Z") }).where(eq(user.id, plain.userId));
  // The boss's session started on 5 January and was refreshed on the 6th (its expiry is untouched: the cookie still works).
  await db.update(session).set({ createdAt: at("2025-01-05T10:00:00Z"), updatedAt: at("2025-01-06T10:00:00Z") }).where(eq(session.userId, boss.userId));
  // Two routes planned by plain on 11 February, one outside the period.
  const route = (createdAt: string) => ({ userId: plain.userId, name: "r", start: { lat: 47.14, lng: 9.52, label: "Depot", address: null }, distanceM: 1000, durationS: 100, provider: "haversine", createdAt: at(createdAt) });
  await db.insert(routes).values([route("2025-02-11T08:00:00Z"), route("2025-02-11T09:00:00Z"), route("2025-03-01T00:00:00Z")]);
  // Overage charges: one in January (paid), one in February (pending), one a minute before the period.
  const charge = (createdAt: string, amount: number, status: string) => ({
    userId: plain.userId,
    billingPeriodStart: at(createdAt),
    billingPeriodEnd: at(createdAt),
    overageRoutes: amount / 50,
    amountCharged: amount,
    paymentStatus: status,
    createdAt: at(createdAt),
  });
  await db.insert(overageCharges).values([charge("2025-01-20T12:00:00Z", 150, "paid"), charge("2025-02-03T12:00:00Z", 300, "pending"), charge("2024-12-31T23:59:00Z", 950, "paid")]);
  // Tiers now: admin premium, the others free (a missing subscriber row counts as free).
  await db
    .insert(subscribers)
    .values({ userId: admin.userId, email: "ops-admin@example.com", subscriptionTier: "premium", monthlyRouteLimit: 100 })
    .onConflictDoUpdate({ target: subscribers.userId, set: { subscriptionTier: "premium", monthlyRouteLimit: 100 } });
}, 60_000);
afterAll(() => t.close());

describe("GET /api/admin/analytics", () => {
  it("401 signed out; 403 for an admin and a plain user", async () => {
    expect((await t.call(PERIOD)).status).toBe(401);
    for (const who of [admin, plain]) {
      const res = await t.call(PERIOD, { cookie: who.cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: "FORBIDDEN", message: systemMessages.superAdminsOnly } });
    }
  });

  it("counts exactly what was created: sign-ups, active users and routes per UTC day, tier mix, overage per month", async () => {
    const res = await t.call(PERIOD, { cookie: boss.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SystemAnalytics;
    expect(body).toMatchObject({ from: "2025-01-01", to: "2025-02-28", timezone: "UTC" });
    expect(body.byDay).toHaveLength(59);
    expect(body.byDay[0]!.day).toBe("2025-01-01");
    expect(body.byDay.at(-1)!.day).toBe("2025-02-28");
    const nonEmpty = body.byDay.filter((d) => d.signUps + d.activeUsers + d.routes > 0);
    expect(nonEmpty).toEqual([
      { day: "2025-01-05", signUps: 2, activeUsers: 1, routes: 0 },
      { day: "2025-01-06", signUps: 0, activeUsers: 1, routes: 0 },
      { day: "2025-02-10", signUps: 1, activeUsers: 0, routes: 0 },
      { day: "2025-02-11", signUps: 0, activeUsers: 1, routes: 2 },
    ]);
    expect(body.totals).toEqual({ signUps: 3, activeUsers: 2, routes: 2, overagePence: 450, users: 3 });
    expect(body.tierMix).toEqual([
      { tier: "free", users: 2 },
      { tier: "premium", users: 1 },
      { tier: "enterprise", users: 0 },
      { tier: "fleet_pro", users: 0 },
    ]);
    expect(body.overageByMonth).toEqual([
      { month: "2025-01", charges: 1, overageRoutes: 3, amountPence: 150, paidPence: 150 },
      { month: "2025-02", charges: 1, overageRoutes: 6, amountPence: 300, paidPence: 0 },
    ]);
  });

  it("tier mix per day from the recorded changes: an upgrade then a downgrade land on their days", async () => {
    const { db } = t.deps;
    const moved = await t.signUp("ops-tiers@example.com");
    const history = () => db.select().from(subscriptionTierChanges).where(eq(subscriptionTierChanges.userId, moved.userId));
    expect((await history()).map((h) => h.tier)).toEqual(["free"]);
    // The rows were written now; move them to known March 2025 instants (UTC) to read them back per day.
    const backdate = (iso: string) => db.update(subscriptionTierChanges).set({ changedAt: at(iso) }).where(and(eq(subscriptionTierChanges.userId, moved.userId), gt(subscriptionTierChanges.changedAt, at("2026-01-01T00:00:00Z"))));
    await db.update(user).set({ createdAt: at("2025-03-02T08:00:00Z") }).where(eq(user.id, moved.userId));
    await backdate("2025-03-02T08:00:00Z");
    const plan = (tier: string) => t.call(`/api/admin/users/${moved.userId}/plan`, { method: "PATCH", cookie: boss.cookie, body: { tier } });
    expect((await plan("premium")).status).toBe(200);
    await backdate("2025-03-10T12:00:00Z");
    expect((await plan("free")).status).toBe(200);
    await backdate("2025-03-20T23:59:00Z");
    expect((await history()).map((h) => h.tier).sort()).toEqual(["free", "free", "premium"]);

    const res = await t.call("/api/admin/analytics?from=2025-03-01&to=2025-03-31", { cookie: boss.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as SystemAnalytics;
    expect(body.tierMixByDay).toHaveLength(31);
    const on = (day: string) => Object.fromEntries(body.tierMixByDay.find((d) => d.day === day)!.tiers.map((x) => [x.tier, x.users]));
    // The three accounts of beforeAll were free in March 2025 (their recorded changes are from today).
    expect(on("2025-03-01")).toEqual({ free: 3, premium: 0, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-02")).toEqual({ free: 4, premium: 0, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-09")).toEqual({ free: 4, premium: 0, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-10")).toEqual({ free: 3, premium: 1, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-19")).toEqual({ free: 3, premium: 1, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-20")).toEqual({ free: 4, premium: 0, enterprise: 0, fleet_pro: 0 });
    expect(on("2025-03-31")).toEqual({ free: 4, premium: 0, enterprise: 0, fleet_pro: 0 });
  });

  it("400 for a missing or malformed date, a reversed period or one longer than three years", async () => {
    const cases: [string, string, string][] = [
      ["from=2025-01-01", "to", analyticsMessages.date],
      ["from=2025-02-30&to=2025-03-01", "from", analyticsMessages.date],
      ["from=2025-03-01&to=2025-02-01", "to", analyticsMessages.reversed],
      ["from=2022-01-01&to=2025-01-01", "to", analyticsMessages.tooLong],
    ];
    for (const [query, field, message] of cases) {
      const res = await t.call(`/api/admin/analytics?${query}`, { cookie: boss.cookie });
      expect(res.status, query).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields[field], query).toBe(message);
    }
  });
});
