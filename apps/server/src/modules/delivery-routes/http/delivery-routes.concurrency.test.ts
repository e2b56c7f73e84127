import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overageCharges, routes, subscribers, usageLogs } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const body = { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }, { lat: 47.13, lng: 9.52 }] };
const burst = (cookie: string) => Promise.all(Array.from({ length: 20 }, () => t.call("/api/routes/optimize", { cookie, body })));

describe("20 simultaneous optimisations at the edge of the quota", () => {
  it("without a payment method: exactly the remaining routes are allowed, the rest get 402, no count lost", async () => {
    const user = await t.signUp("edge@example.com");
    await t.call("/api/me/usage", { cookie: user.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 2 }).where(eq(subscribers.userId, user.userId));
    const statuses = (await burst(user.cookie)).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(17);
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, user.userId));
    expect(sub!.routesUsedThisPeriod).toBe(5);
    expect(await t.deps.db.select().from(usageLogs).where(eq(usageLogs.userId, user.userId))).toHaveLength(3);
    expect(await t.deps.db.select().from(routes).where(eq(routes.userId, user.userId))).toHaveLength(3);
  });

  it("with a payment method: all 20 are allowed and counted, one 100p charge per route above the limit", async () => {
    const user = await t.signUp("payer@example.com");
    await t.call("/api/me/usage", { cookie: user.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 3, hasPaymentMethod: true }).where(eq(subscribers.userId, user.userId));
    const responses = await burst(user.cookie);
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const used = (await Promise.all(responses.map((r) => r.json() as Promise<{ usage: { overage: { exceededBy: number } | null } }>))).map(
      (b) => b.usage.overage?.exceededBy ?? 0,
    );
    // Routes 4 and 5 are within the limit of 5; routes 6…23 are 1…18 over it.
    expect(used.filter((n) => n > 0).sort((a, b) => a - b)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, user.userId));
    expect(sub!.routesUsedThisPeriod).toBe(23);
    const charges = await t.deps.db.select().from(overageCharges).where(eq(overageCharges.userId, user.userId));
    expect(charges).toHaveLength(18);
    expect(charges.every((c) => c.amountCharged === 100 && c.paymentStatus === "pending")).toBe(true);
  });
});
