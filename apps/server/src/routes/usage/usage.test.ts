import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outbox, subscribers, usageWarnings } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const body = { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }] };

describe("GET /api/me/usage", () => {
  it("401 signed out", async () => {
    expect((await t.call("/api/me/usage")).status).toBe(401);
  });

  it("answers the SPEC §3 usage summary for a new user (created on first access)", async () => {
    const u = await t.signUp("fresh@example.com");
    const res = await t.call("/api/me/usage", { cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      planName: "Free",
      monthlyLimit: 5,
      hasActiveSubscription: true,
      routesUsed: 0,
      subscriptionTier: "free",
      hasPaymentMethod: false,
      usagePercentage: 0,
      remainingRoutes: 5,
      isOverLimit: false,
    });
  });

  it("resets the count when the period is over (calendar month without a Stripe customer)", async () => {
    const u = await t.signUp("old@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5, currentPeriodStart: new Date("2024-01-03T00:00:00Z") }).where(eq(subscribers.userId, u.userId));
    const usage = (await (await t.call("/api/me/usage", { cookie: u.cookie })).json()) as { routesUsed: number; isOverLimit: boolean };
    expect(usage).toMatchObject({ routesUsed: 0, isOverLimit: false });
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, u.userId));
    const now = new Date();
    expect(sub!.currentPeriodStart.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
  });

  it("caps the percentage at 100 and remaining at 0", async () => {
    const u = await t.signUp("heavy@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 9 }).where(eq(subscribers.userId, u.userId));
    expect(await (await t.call("/api/me/usage", { cookie: u.cookie })).json()).toMatchObject({ usagePercentage: 100, remainingRoutes: 0, isOverLimit: true });
  });
});

describe("usage e-mails (SPEC §9)", () => {
  it("sends the 80 % warning at 4 of 5 and the 100 % warning at 5 of 5, once per period each", async () => {
    const u = await t.signUp("warned@example.com");
    const sent = async () => (await t.deps.db.select().from(outbox).where(and(eq(outbox.to, "warned@example.com"), eq(outbox.kind, "usage-warning")))).map((m) => m.subject);
    for (let i = 0; i < 3; i++) expect((await t.call("/api/routes/optimize", { cookie: u.cookie, body })).status).toBe(200);
    expect(await sent()).toEqual([]);
    await t.call("/api/routes/optimize", { cookie: u.cookie, body });
    expect(await sent()).toEqual(["You have used 4 of your 5 routes this month"]);
    await t.call("/api/routes/optimize", { cookie: u.cookie, body });
    expect(await sent()).toHaveLength(2);
    expect((await sent())[1]).toBe("You have used all the routes in your plan this month");
    // Over the limit with a payment method: no third message in the same period.
    await t.deps.db.update(subscribers).set({ hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    expect((await t.call("/api/routes/optimize", { cookie: u.cookie, body })).status).toBe(200);
    expect(await sent()).toHaveLength(2);
    const marks = await t.deps.db.select().from(usageWarnings).where(eq(usageWarnings.userId, u.userId));
    expect(marks.map((m) => m.kind).sort()).toEqual(["usage_warning_100", "usage_warning_80"]);
  });
});
