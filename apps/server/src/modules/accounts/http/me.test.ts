import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { subscribers, teamMembers, teams, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const getJson = async (path: string, cookie: string) => (await t.call(path, { cookie })).json() as Promise<Record<string, unknown>>;

describe("GET /api/me and /api/me/plan", () => {
  it("401 without a session", async () => {
    expect((await t.call("/api/me")).status).toBe(401);
    expect((await t.call("/api/me/plan")).status).toBe(401);
  });

  it("creates the default subscriber on first access and reports the free plan", async () => {
    const { cookie, userId } = await t.signUp("owner@example.com");
    await t.deps.db.delete(subscribers).where(eq(subscribers.userId, userId));
    const plan = await getJson("/api/me/plan", cookie);
    expect(plan).toEqual({ planName: "Free", monthlyLimit: 5, hasActiveSubscription: true, routesUsed: 0, subscriptionTier: "free", hasPaymentMethod: false });
    const rows = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, userId));
    expect(rows).toHaveLength(1);

    const me = await getJson("/api/me", cookie);
    expect(me).toMatchObject({ tier: "free", fleetRoles: [], access: { teams: false, fleet: false, enhancedAnalytics: false } });
    expect((me.user as { email: string }).email).toBe("owner@example.com");
  });

  it("shows only the caller's own data", async () => {
    const a = await t.signUp("a@example.com");
    const b = await t.signUp("b@example.com");
    await t.deps.db.update(subscribers).set({ subscriptionTier: "premium", monthlyRouteLimit: 100, routesUsedThisPeriod: 7 }).where(eq(subscribers.userId, a.userId));
    expect(await getJson("/api/me/plan", a.cookie)).toMatchObject({ planName: "Premium", monthlyLimit: 100, routesUsed: 7 });
    expect(await getJson("/api/me/plan", b.cookie)).toMatchObject({ planName: "Free", monthlyLimit: 5, routesUsed: 0 });
    expect(((await getJson("/api/me", b.cookie)).user as { email: string }).email).toBe("b@example.com");
  });

  it("derives tiers, access and fleet roles from team membership (SPEC §5, §6)", async () => {
    const owner = await t.signUp("fleet-owner@example.com");
    const driver = await t.signUp("driver@example.com");
    const plain = await t.signUp("plain@example.com");
    await t.deps.db.update(subscribers).set({ subscriptionTier: "fleet_pro", monthlyRouteLimit: 2000 }).where(eq(subscribers.userId, owner.userId));
    const [team] = await t.deps.db.insert(teams).values({ name: "Deliveries", ownerId: owner.userId, totalQuota: 2000, usedQuota: 12 }).returning();
    await t.deps.db.insert(teamMembers).values({ teamId: team!.id, userId: driver.userId, role: "driver", quotaAllocation: 40, usedQuota: 3 });

    expect(await getJson("/api/me", owner.cookie)).toMatchObject({ tier: "fleet_pro", fleetRoles: ["manager"], access: { teams: true, fleet: true, enhancedAnalytics: true } });
    expect(await getJson("/api/me", driver.cookie)).toMatchObject({ tier: "fleet_pro", fleetRoles: ["driver"], access: { teams: true, fleet: true } });
    expect(await getJson("/api/me/plan", driver.cookie)).toEqual({
      planName: "Team Member",
      monthlyLimit: 40,
      hasActiveSubscription: true,
      routesUsed: 3,
      subscriptionTier: "fleet_pro",
      hasPaymentMethod: false,
      isTeamMember: true,
      teamQuota: 2000,
      teamUsed: 12,
    });
    expect(await getJson("/api/me", plain.cookie)).toMatchObject({ fleetRoles: [], access: { teams: false, fleet: false } });

    // Until teams have a UI, a role listed in the user's role field also counts (used by tests).
    await t.deps.db.update(user).set({ role: "user,manager" }).where(eq(user.id, plain.userId));
    expect(await getJson("/api/me", plain.cookie)).toMatchObject({ fleetRoles: ["manager"] });
  });

  it("marks enterprise members with enterprise access", async () => {
    const owner = await t.signUp("ent-owner@example.com");
    const member = await t.signUp("ent-member@example.com");
    await t.deps.db.update(subscribers).set({ subscriptionTier: "enterprise", monthlyRouteLimit: 500 }).where(eq(subscribers.userId, owner.userId));
    const [team] = await t.deps.db.insert(teams).values({ name: "Sales", ownerId: owner.userId, totalQuota: 500 }).returning();
    await t.deps.db.insert(teamMembers).values({ teamId: team!.id, userId: member.userId, role: "member" });
    expect(await getJson("/api/me", member.cookie)).toMatchObject({ tier: "enterprise", fleetRoles: [], access: { teams: true, fleet: false } });
    expect(await getJson("/api/me/plan", member.cookie)).toMatchObject({ planName: "Team Member", subscriptionTier: "enterprise", monthlyLimit: 0 });
  });

  it("reports the account role and the admin flags the web app's role guard uses", async () => {
    const account = await t.signUp("roles@example.com");
    const cases: [string, { admin: boolean; superAdmin: boolean }][] = [
      ["user", { admin: false, superAdmin: false }],
      ["admin", { admin: true, superAdmin: false }],
      ["user,admin", { admin: true, superAdmin: false }],
      ["super_admin", { admin: true, superAdmin: true }],
    ];
    for (const [role, access] of cases) {
      await t.deps.db.update(user).set({ role }).where(eq(user.id, account.userId));
      expect(await getJson("/api/me", account.cookie), role).toMatchObject({ user: { role }, access });
    }
  });
});
