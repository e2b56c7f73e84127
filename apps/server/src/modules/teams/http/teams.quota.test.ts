import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamMessages, type RouteList, type TeamDetail } from "@routepilot/contracts";
import { overageCharges, routes, subscribers, teamMembers, teams } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, recordRealtime, setTier, type Account } from "../../../test/team-fixtures";

// Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set (CI).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const body = { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }, { lat: 47.13, lng: 9.52 }] };
const optimize = (who: Account) => t.call("/api/routes/optimize", { cookie: who.cookie, body });
const allocate = (teamId: string, owner: Account, member: Account, quotaAllocation: number) =>
  t.call(`/api/teams/${teamId}/members/${member.userId}`, { method: "PATCH", cookie: owner.cookie, body: { quotaAllocation } });

async function teamWithMembers(n: number, label: string) {
  const owner = await account(t, `${label}-owner`);
  await setTier(t, owner.userId, "enterprise");
  const teamId = await createTeam(t, owner, label);
  const members: Account[] = [];
  for (let i = 0; i < n; i++) {
    const m = await account(t, `${label}-m${i}`);
    await addMember(t, teamId, m, "member");
    members.push(m);
  }
  return { owner, teamId, members };
}

async function teamRow(teamId: string) {
  const [row] = await t.deps.db.select().from(teams).where(eq(teams.id, teamId));
  return row!;
}

describe("shared quota", () => {
  it("a member's routes count against the allocation and the team; past it 402 asking the team admin, nothing consumed", async () => {
    const { owner, teamId, members } = await teamWithMembers(1, "alloc");
    const [m] = members as [Account];
    const refused = await optimize(m);
    expect(refused.status).toBe(402);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(teamMessages.allocationExceeded(0));
    expect((await allocate(teamId, owner, m, 6)).status).toBe(200);
    // Past the personal free limit of 5: the allocation decides, and nothing is billed.
    for (let i = 0; i < 6; i++) expect((await optimize(m)).status).toBe(200);
    const over = await optimize(m);
    expect(over.status).toBe(402);
    expect((await json<{ error: { message: string } }>(over)).error.message).toMatch(/Ask the team admin/);
    expect(await teamRow(teamId)).toMatchObject({ usedQuota: 6, totalQuota: 500 });
    const [member] = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, m.userId));
    expect(member).toMatchObject({ usedQuota: 6, quotaAllocation: 6 });
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, m.userId));
    expect(sub!.routesUsedThisPeriod).toBe(6);
    expect(await t.deps.db.select().from(overageCharges).where(eq(overageCharges.userId, m.userId))).toEqual([]);
    expect(await json(t.call("/api/me/plan", { cookie: m.cookie }))).toMatchObject({ planName: "Team Member", monthlyLimit: 6, routesUsed: 6, isTeamMember: true, teamQuota: 500, teamUsed: 6 });
    expect(await json(t.call("/api/me/usage", { cookie: m.cookie }))).toMatchObject({ isOverLimit: true, remainingRoutes: 0 });
    // The owner's own routes count against the owner's personal quota, not the team.
    expect((await optimize(owner)).status).toBe(200);
    expect((await teamRow(teamId)).usedQuota).toBe(6);
  });

  it("a member's route tells the team (team:{id} members_changed) so the dashboard's used figures refresh live; a refused one tells nobody", async () => {
    const { owner, teamId, members } = await teamWithMembers(1, "live-usage");
    const [m] = members as [Account];
    const live = recordRealtime(t);
    expect((await optimize(m)).status).toBe(402);
    expect(live.to(owner.userId)).toEqual([]);
    expect((await allocate(teamId, owner, m, 1)).status).toBe(200);
    live.messages.length = 0;
    expect((await optimize(m)).status).toBe(200);
    expect(live.to(owner.userId)).toEqual([{ topic: `team:${teamId}`, type: "members_changed" }]);
    expect(live.messages[0]!.message.data).toEqual({ teamId, change: "usage", userId: m.userId });
    // The owner's own routes use the personal quota: no team message.
    live.messages.length = 0;
    expect((await optimize(owner)).status).toBe(200);
    expect(live.messages).toEqual([]);
    live.stop();
  });

  it("the team quota caps members even when allocations were given while the owner's plan was bigger", async () => {
    const { owner, teamId, members } = await teamWithMembers(1, "shrink");
    const [m] = members as [Account];
    expect((await allocate(teamId, owner, m, 50)).status).toBe(200);
    await t.deps.db.update(teams).set({ usedQuota: 4 }).where(eq(teams.id, teamId));
    await setTier(t, owner.userId, "free");
    expect((await optimize(m)).status).toBe(200);
    const refused = await optimize(m);
    expect(refused.status).toBe(402);
    expect((await json<{ error: { message: string } }>(refused)).error.message).toBe(teamMessages.teamQuotaExceeded(5));
    expect(await teamRow(teamId)).toMatchObject({ usedQuota: 5, totalQuota: 5 });
  });

  it("10 concurrent optimisations by members never go above an allocation or the team quota", async () => {
    const { owner, teamId, members } = await teamWithMembers(5, "burst");
    // Team quota 500 with 497 used: 3 routes left for the team; allocations 2 each.
    for (const m of members) expect((await allocate(teamId, owner, m, 2)).status).toBe(200);
    await t.deps.db.update(teams).set({ usedQuota: 497 }).where(eq(teams.id, teamId));
    const responses = await Promise.all(members.flatMap((m) => [optimize(m), optimize(m)]));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 402)).toHaveLength(7);
    expect((await teamRow(teamId)).usedQuota).toBe(500);
    const rows = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
    expect(rows.reduce((s, r) => s + r.usedQuota, 0)).toBe(3);
    expect(rows.every((r) => r.usedQuota <= r.quotaAllocation)).toBe(true);
    let stored = 0;
    for (const m of members) stored += (await t.deps.db.select().from(routes).where(eq(routes.userId, m.userId))).length;
    expect(stored).toBe(3);

    // Allocation limits under a burst: one member, allocation 4, 10 at once → exactly 4.
    const { owner: o2, teamId: team2, members: [solo] } = await teamWithMembers(1, "solo");
    expect((await allocate(team2, o2, solo!, 4)).status).toBe(200);
    const burst = (await Promise.all(Array.from({ length: 10 }, () => optimize(solo!)))).map((r) => r.status);
    expect(burst.filter((s) => s === 200)).toHaveLength(4);
    expect(burst.filter((s) => s === 402)).toHaveLength(6);
    const [row] = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.userId, solo!.userId));
    expect(row!.usedQuota).toBe(4);
    expect((await teamRow(team2)).usedQuota).toBe(4);
  });

  it("team usage starts again when the owner's usage period moves on", async () => {
    const { owner, teamId, members } = await teamWithMembers(1, "reset");
    const [m] = members as [Account];
    expect((await allocate(teamId, owner, m, 3)).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await optimize(m)).status).toBe(200);
    expect((await optimize(m)).status).toBe(402);
    // Last month: the owner's period anchor and the team's period both lie in the previous month.
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1, 1);
    await t.deps.db.update(subscribers).set({ currentPeriodStart: lastMonth }).where(eq(subscribers.userId, owner.userId));
    await t.deps.db.update(teams).set({ usagePeriodStart: lastMonth }).where(eq(teams.id, teamId));
    const detail = await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: owner.cookie }));
    expect(detail.usedQuota).toBe(0);
    expect(detail.members.find((x) => x.userId === m.userId)?.usedQuota).toBe(0);
    expect((await optimize(m)).status).toBe(200);
    expect(await json(t.call("/api/me/plan", { cookie: m.cookie }))).toMatchObject({ routesUsed: 1, teamUsed: 1 });
  });

  it("a member on a paid plan of their own keeps using the personal quota", async () => {
    const { teamId, members } = await teamWithMembers(1, "paid");
    const [m] = members as [Account];
    await setTier(t, m.userId, "premium");
    expect((await optimize(m)).status).toBe(200);
    expect((await teamRow(teamId)).usedQuota).toBe(0);
    expect(await json(t.call("/api/me/plan", { cookie: m.cookie }))).toMatchObject({ planName: "Premium", routesUsed: 1 });
  });
});

describe("team route history", () => {
  it("owner/admin list and open members' routes since they joined (filter by member); anyone else 404", async () => {
    const { owner, teamId, members } = await teamWithMembers(2, "history");
    const [a, b] = members as [Account, Account];
    const admin = await account(t, "history-admin");
    await addMember(t, teamId, admin, "admin");
    const driver = await account(t, "history-driver");
    await addMember(t, teamId, driver, "driver");
    for (const m of [a, b]) expect((await allocate(teamId, owner, m, 5)).status).toBe(200);
    const routeOf = async (m: Account) => ((await json<{ route: { id: string } }>(optimize(m))).route.id);
    const ra = await routeOf(a);
    const rb = await routeOf(b);
    // A route from before b joined stays private.
    const [early] = await t.deps.db.select().from(routes).where(eq(routes.id, rb));
    await t.deps.db.insert(routes).values({ ...early!, id: undefined, name: "Before joining", createdAt: new Date(Date.now() - 86_400_000 * 400) } as typeof routes.$inferInsert);

    const list = (query: string, who: Account) => t.call(`/api/routes?${query}`, { cookie: who.cookie });
    const ids = async (res: Response) => (await json<RouteList>(res)).routes.map((r) => r.id).sort();
    expect(await ids(await list(`teamId=${teamId}`, owner))).toEqual([ra, rb].sort());
    expect(await ids(await list(`teamId=${teamId}&memberId=${a.userId}`, admin))).toEqual([ra]);
    expect(await ids(await list(`memberId=${b.userId}`, owner))).toEqual([rb]);
    expect((await json<RouteList>(await list(`memberId=${b.userId}&q=Before`, owner))).total).toBe(0);
    for (const who of [driver, a]) expect((await list(`teamId=${teamId}`, who)).status).toBe(404);
    const outsider = await account(t, "history-outsider");
    expect((await list(`teamId=${teamId}`, outsider)).status).toBe(404);
    expect((await list(`memberId=${a.userId}`, outsider)).status).toBe(404);
    expect((await list(`teamId=${teamId}&memberId=${outsider.userId}`, owner)).status).toBe(404);
    expect((await list(`teamId=not-a-uuid`, owner)).status).toBe(400);
    expect((await t.call(`/api/routes?teamId=${teamId}`)).status).toBe(401);
    // Without a filter: only the caller's own routes, as before.
    expect((await json<RouteList>(await list("", owner))).routes).toEqual([]);

    expect((await t.call(`/api/routes/${ra}`, { cookie: owner.cookie })).status).toBe(200);
    expect((await t.call(`/api/routes/${ra}`, { cookie: admin.cookie })).status).toBe(200);
    for (const who of [driver, b, outsider]) expect((await t.call(`/api/routes/${ra}`, { cookie: who.cookie })).status).toBe(404);
    // Reading is all: the owner cannot change or delete a member's route.
    expect((await t.call(`/api/routes/${ra}`, { method: "PATCH", cookie: owner.cookie, body: { name: "Mine now" } })).status).toBe(404);
    expect((await t.call(`/api/routes/${ra}`, { method: "DELETE", cookie: owner.cookie })).status).toBe(404);
  });
});
