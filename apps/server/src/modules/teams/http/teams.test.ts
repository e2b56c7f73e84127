import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVITATION_TTL_MS, teamMessages, type TeamDetail, type TeamList, type TeamMember } from "@routepilot/contracts";
import { teamInvitations, teamMembers, teamNotifications, teams } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, addMember, createTeam, json, recordRealtime, setTier, type Account } from "../../../test/team-fixtures";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNKNOWN = "6f1d2f4e-1111-4222-8333-944455556666";

type Who = "owner" | "admin" | "manager" | "driver" | "member" | "outsider" | "otherAdmin" | "anon";
const everyone: Who[] = ["owner", "admin", "manager", "driver", "member", "outsider", "otherAdmin", "anon"];

/** A team with one account per role, an outsider and the admin of another team. */
async function world() {
  const owner = await account(t, "owner", "Olive Owner");
  await setTier(t, owner.userId, "enterprise");
  const teamId = await createTeam(t, owner);
  const people = { owner } as Record<Exclude<Who, "anon">, Account>;
  for (const role of ["admin", "manager", "driver", "member"] as const) {
    people[role] = await account(t, role);
    await addMember(t, teamId, people[role], role);
  }
  people.outsider = await account(t, "outsider");
  const otherOwner = await account(t, "other-owner");
  await setTier(t, otherOwner.userId, "enterprise");
  const otherTeam = await createTeam(t, otherOwner, "Other");
  people.otherAdmin = await account(t, "other-admin");
  await addMember(t, otherTeam, people.otherAdmin, "admin");
  return { teamId, people, otherTeam };
}

async function statuses(people: Record<Exclude<Who, "anon">, Account>, call: (who: Who, cookie: string | undefined) => Promise<Response>): Promise<Record<Who, number>> {
  const out = {} as Record<Who, number>;
  for (const who of everyone) out[who] = (await call(who, who === "anon" ? undefined : people[who].cookie)).status;
  return out;
}

const managersOnly = (ok: number): Record<Who, number> => ({ owner: ok, admin: ok, manager: 403, driver: 403, member: 403, outsider: 404, otherAdmin: 404, anon: 401 });

describe("POST /api/teams", () => {
  it("401 signed out, 400 on bad input, 403 without teams access naming the plans", async () => {
    expect((await t.call("/api/teams", { body: { name: "X" } })).status).toBe(401);
    const free = await account(t, "free");
    const denied = await t.call("/api/teams", { cookie: free.cookie, body: { name: "X" } });
    expect(denied.status).toBe(403);
    const message = (await json<{ error: { message: string } }>(denied)).error.message;
    expect(message).toBe(teamMessages.noTeamsAccess);
    expect(message).toMatch(/Enterprise/);
    expect(message).toMatch(/Fleet Pro/);
    await setTier(t, free.userId, "enterprise");
    for (const body of [{}, { name: "" }, { name: "x".repeat(101) }, { name: "<script>alert(1)</script>" }, { name: "A", extra: 1 }]) {
      const res = await t.call("/api/teams", { cookie: free.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ error: { fields?: Record<string, string> } }>(res)).error.fields).toBeDefined();
    }
    expect((await t.call("/api/teams", { cookie: free.cookie, rawBody: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(await t.deps.db.select().from(teams).where(eq(teams.ownerId, free.userId))).toEqual([]);
  });

  it("201 for enterprise and fleet_pro, and for a team member; totalQuota is the owner's monthly limit", async () => {
    const ent = await account(t, "ent");
    await setTier(t, ent.userId, "enterprise");
    const res = await t.call("/api/teams", { cookie: ent.cookie, body: { name: "  Road Crew  " } });
    expect(res.status).toBe(201);
    const team = await json(res);
    expect(team).toEqual({ id: expect.any(String), name: "Road Crew", ownerId: ent.userId, totalQuota: 500, usedQuota: 0 });

    const fleet = await account(t, "fleet");
    await setTier(t, fleet.userId, "fleet_pro");
    expect(await json(t.call("/api/teams", { cookie: fleet.cookie, body: { name: "Vans" } }))).toMatchObject({ totalQuota: 2000 });

    const member = await account(t, "member-founder");
    await addMember(t, team.id as string, member, "member");
    expect(await json(t.call("/api/teams", { cookie: member.cookie, body: { name: "Mine" } }))).toMatchObject({ ownerId: member.userId, totalQuota: 5 });
  });
});

describe("GET /api/teams and /api/teams/{id}", () => {
  it("lists the caller's teams with their role; details for members only (404 for anyone else, never the data)", async () => {
    const { teamId, people, otherTeam } = await world();
    const list = await json<TeamList>(t.call("/api/teams", { cookie: people.driver.cookie }));
    expect(list.teams).toEqual([
      { id: teamId, name: "Acme", ownerId: people.owner.userId, totalQuota: 500, usedQuota: 0, role: "driver", memberCount: 5, quotaAllocation: 0, memberUsedQuota: 0 },
    ]);
    expect((await json<TeamList>(t.call("/api/teams", { cookie: people.owner.cookie }))).teams[0]?.role).toBe("owner");
    expect((await json<TeamList>(t.call("/api/teams", { cookie: people.outsider.cookie }))).teams).toEqual([]);
    expect((await json<TeamList>(t.call("/api/teams", { cookie: people.otherAdmin.cookie }))).teams.map((x) => x.id)).toEqual([otherTeam]);
    expect((await t.call("/api/teams")).status).toBe(401);

    expect(await statuses(people, (_w, cookie) => t.call(`/api/teams/${teamId}`, { cookie }))).toEqual({
      owner: 200, admin: 200, manager: 200, driver: 200, member: 200, outsider: 404, otherAdmin: 404, anon: 401,
    });
    const detail = await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: people.member.cookie }));
    expect(detail).toMatchObject({ id: teamId, name: "Acme", role: "member", totalQuota: 500, usedQuota: 0, allocatedQuota: 0, pendingInvitations: [] });
    expect(detail.members.map((m) => [m.role, m.email])).toEqual([
      ["owner", people.owner.email],
      ["admin", people.admin.email],
      ["manager", people.manager.email],
      ["driver", people.driver.email],
      ["member", people.member.email],
    ]);
    expect(detail.members[0]).toEqual({
      userId: people.owner.userId, email: people.owner.email, name: "Olive Owner", image: null, role: "owner", quotaAllocation: 0, usedQuota: 0, invitedBy: null, invitedByName: null, joinedAt: expect.any(String),
    });
    const outsider = await t.call(`/api/teams/${teamId}`, { cookie: people.outsider.cookie });
    expect(JSON.stringify(await outsider.json())).not.toContain("Acme");
    expect((await t.call(`/api/teams/${UNKNOWN}`, { cookie: people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/not-a-uuid`, { cookie: people.owner.cookie })).status).toBe(404);
  });

  it("totalQuota follows the owner's plan", async () => {
    const { teamId, people } = await world();
    await setTier(t, people.owner.userId, "fleet_pro");
    expect(await json(t.call(`/api/teams/${teamId}`, { cookie: people.member.cookie }))).toMatchObject({ totalQuota: 2000 });
    expect(await json(t.call("/api/me", { cookie: people.member.cookie }))).toMatchObject({ tier: "fleet_pro" });
  });
});

describe("PATCH /api/teams/{id}/members/{userId}", () => {
  it("authorisation: owner and admin only; outsiders and other teams' admins 404", async () => {
    const { teamId, people } = await world();
    const target = await account(t, "target");
    await addMember(t, teamId, target, "member");
    expect(await statuses(people, (_w, cookie) => t.call(`/api/teams/${teamId}/members/${target.userId}`, { method: "PATCH", cookie, body: { quotaAllocation: 3 } }))).toEqual(managersOnly(200));
  });

  it("changes role and allocation, notifies the member and publishes members_changed after commit", async () => {
    const { teamId, people } = await world();
    const rt = recordRealtime(t);
    const res = await t.call(`/api/teams/${teamId}/members/${people.member.userId}`, { method: "PATCH", cookie: people.admin.cookie, body: { role: "driver", quotaAllocation: 40 } });
    expect(res.status).toBe(200);
    expect(await json<TeamMember>(res)).toMatchObject({ userId: people.member.userId, role: "driver", quotaAllocation: 40, email: people.member.email });
    rt.stop();
    const [note] = await t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, people.member.userId));
    expect(note).toMatchObject({ type: "other", title: teamMessages.memberChangedTitle, message: "Your role in Acme is now Driver. Your allocation in Acme is now 40 routes a month." });
    expect(rt.to(people.member.userId)).toEqual([
      { topic: "notifications", type: "created" },
      { topic: `team:${teamId}`, type: "members_changed" },
    ]);
    expect(rt.to(people.owner.userId)).toEqual([{ topic: `team:${teamId}`, type: "members_changed" }]);
    expect(rt.to(people.outsider.userId)).toEqual([]);
  });

  it("allocations never add up above the team quota (400 with the message, nothing changed)", async () => {
    const { teamId, people } = await world();
    const patch = (who: Account, quotaAllocation: number) =>
      t.call(`/api/teams/${teamId}/members/${who.userId}`, { method: "PATCH", cookie: people.owner.cookie, body: { quotaAllocation } });
    expect((await patch(people.member, 300)).status).toBe(200);
    expect((await patch(people.driver, 200)).status).toBe(200);
    const over = await patch(people.manager, 1);
    expect(over.status).toBe(400);
    const body = await json<{ error: { message: string; fields: Record<string, string> } }>(over);
    expect(body.error.message).toBe(teamMessages.allocationTooHigh(0, 500));
    expect(body.error.fields.quotaAllocation).toBe(body.error.message);
    expect((await patch(people.driver, 201)).status).toBe(400);
    expect((await patch(people.driver, 150)).status).toBe(200);
    expect((await patch(people.manager, 50)).status).toBe(200);
    const detail = await json<TeamDetail>(t.call(`/api/teams/${teamId}`, { cookie: people.owner.cookie }));
    expect(detail.allocatedQuota).toBe(500);
    expect(detail.members.find((m) => m.userId === people.manager.userId)?.quotaAllocation).toBe(50);
  });

  it("400 on bad input, 404 for an unknown member, and the owner is protected", async () => {
    const { teamId, people } = await world();
    const url = `/api/teams/${teamId}/members/${people.member.userId}`;
    for (const body of [{}, { role: "owner" }, { role: "boss" }, { quotaAllocation: -1 }, { quotaAllocation: 1.5 }, { quotaAllocation: "5" }, { role: "member", x: 1 }]) {
      expect((await t.call(url, { method: "PATCH", cookie: people.owner.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.call(`/api/teams/${teamId}/members/${people.outsider.userId}`, { method: "PATCH", cookie: people.owner.cookie, body: { role: "admin" } })).status).toBe(404);
    expect((await t.call(`/api/teams/${UNKNOWN}/members/${people.member.userId}`, { method: "PATCH", cookie: people.owner.cookie, body: { role: "admin" } })).status).toBe(404);
    const ownerUrl = `/api/teams/${teamId}/members/${people.owner.userId}`;
    const byAdmin = await t.call(ownerUrl, { method: "PATCH", cookie: people.admin.cookie, body: { role: "member" } });
    expect(byAdmin.status).toBe(403);
    expect((await json<{ error: { message: string } }>(byAdmin)).error.message).toBe(teamMessages.ownerProtected);
    const bySelf = await t.call(ownerUrl, { method: "PATCH", cookie: people.owner.cookie, body: { role: "member" } });
    expect(bySelf.status).toBe(409);
    expect((await json<{ error: { message: string } }>(bySelf)).error.message).toBe(teamMessages.ownerRoleByTransfer);
  });
});

describe("DELETE /api/teams/{id}/members/{userId}", () => {
  it("authorisation: owner and admin remove others; anyone may leave", async () => {
    const { teamId, people } = await world();
    const result = await statuses(people, async (_w, cookie) => {
      const target = await account(t, "removable");
      await addMember(t, teamId, target, "member");
      return t.call(`/api/teams/${teamId}/members/${target.userId}`, { method: "DELETE", cookie });
    });
    expect(result).toEqual(managersOnly(204));
    for (const who of ["manager", "driver", "member"] as const) {
      expect((await t.call(`/api/teams/${teamId}/members/${people[who].userId}`, { method: "DELETE", cookie: people[who].cookie })).status).toBe(204);
    }
    expect((await t.call(`/api/teams/${teamId}`, { cookie: people.member.cookie })).status).toBe(404);
  });

  it("removal notifies the removed member; the owner can be neither removed nor leave (409 until transfer)", async () => {
    const { teamId, people } = await world();
    const rt = recordRealtime(t);
    expect((await t.call(`/api/teams/${teamId}/members/${people.driver.userId}`, { method: "DELETE", cookie: people.admin.cookie })).status).toBe(204);
    rt.stop();
    expect(rt.to(people.driver.userId)).toEqual([
      { topic: "notifications", type: "created" },
      { topic: `team:${teamId}`, type: "members_changed" },
    ]);
    const [note] = await t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, people.driver.userId));
    expect(note).toMatchObject({ title: teamMessages.memberRemovedTitle, message: teamMessages.memberRemovedMessage("Acme") });

    const byAdmin = await t.call(`/api/teams/${teamId}/members/${people.owner.userId}`, { method: "DELETE", cookie: people.admin.cookie });
    expect(byAdmin.status).toBe(403);
    const leave = await t.call(`/api/teams/${teamId}/members/${people.owner.userId}`, { method: "DELETE", cookie: people.owner.cookie });
    expect(leave.status).toBe(409);
    expect((await json<{ error: { message: string } }>(leave)).error.message).toBe(teamMessages.ownerCannotLeave);
    expect((await t.call(`/api/teams/${teamId}/members/${people.outsider.userId}`, { method: "DELETE", cookie: people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${UNKNOWN}/members/${people.member.userId}`, { method: "DELETE", cookie: people.owner.cookie })).status).toBe(404);
  });
});

describe("POST /api/teams/{id}/transfer", () => {
  it("owner only; the new owner owns, the old owner becomes admin and may then leave", async () => {
    const { teamId, people } = await world();
    const url = `/api/teams/${teamId}/transfer`;
    const result = await statuses(people, (who, cookie) => (who === "owner" ? Promise.resolve(new Response(null, { status: 200 })) : t.call(url, { cookie, body: { userId: people.member.userId } })));
    expect(result).toEqual({ owner: 200, admin: 403, manager: 403, driver: 403, member: 403, outsider: 404, otherAdmin: 404, anon: 401 });
    for (const body of [{}, { userId: "" }, { userId: people.owner.userId }, { userId: people.outsider.userId }]) {
      expect((await t.call(url, { cookie: people.owner.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    await setTier(t, people.manager.userId, "fleet_pro");
    const res = await t.call(url, { cookie: people.owner.cookie, body: { userId: people.manager.userId } });
    expect(res.status).toBe(200);
    const detail = await json<TeamDetail>(res);
    expect(detail).toMatchObject({ ownerId: people.manager.userId, role: "admin", totalQuota: 2000 });
    expect(detail.members.find((m) => m.userId === people.owner.userId)?.role).toBe("admin");
    expect(detail.members.find((m) => m.userId === people.manager.userId)?.role).toBe("owner");
    expect((await t.call(`/api/teams/${teamId}/members/${people.owner.userId}`, { method: "DELETE", cookie: people.owner.cookie })).status).toBe(204);
    expect((await t.call(`/api/teams/${UNKNOWN}/transfer`, { cookie: people.manager.cookie, body: { userId: people.member.userId } })).status).toBe(404);
  });
});

describe("invitation endpoints of a team: authorisation", () => {
  it("create, resend and revoke: owner and admin only", async () => {
    const { teamId, people } = await world();
    let n = 0;
    const invite = (cookie: string | undefined) => t.call(`/api/teams/${teamId}/invitations`, { cookie, body: { email: `guest${++n}@example.com`, role: "member" } });
    expect(await statuses(people, (_w, cookie) => invite(cookie))).toEqual(managersOnly(201));
    const fresh = async () => ((await json<{ id: string }>(invite(people.owner.cookie))).id);
    // Sent two minutes ago, so the resend cooldown does not apply.
    const sentEarlier = async () => {
      const id = await fresh();
      await t.deps.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() + INVITATION_TTL_MS - 120_000) }).where(eq(teamInvitations.id, id));
      return id;
    };
    expect(
      await statuses(people, async (_w, cookie) => t.call(`/api/teams/${teamId}/invitations/${await sentEarlier()}/resend`, { method: "POST", cookie })),
    ).toEqual(managersOnly(200));
    expect(
      await statuses(people, async (_w, cookie) => t.call(`/api/teams/${teamId}/invitations/${await fresh()}`, { method: "DELETE", cookie })),
    ).toEqual(managersOnly(204));
    expect((await t.call(`/api/teams/${teamId}/invitations/${UNKNOWN}`, { method: "DELETE", cookie: people.owner.cookie })).status).toBe(404);
    expect((await t.call(`/api/teams/${teamId}/invitations/${UNKNOWN}/resend`, { method: "POST", cookie: people.owner.cookie })).status).toBe(404);
    // Another team's invitation id is not found through this team.
    const [theirs] = await t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId)).limit(1);
    const otherTeam = await createTeamFor(people.otherAdmin);
    expect((await t.call(`/api/teams/${otherTeam}/invitations/${theirs!.id}`, { method: "DELETE", cookie: people.otherAdmin.cookie })).status).toBe(404);
  });

  it("400 on bad input; 409 for a member's address or an open invitation", async () => {
    const { teamId, people } = await world();
    const url = `/api/teams/${teamId}/invitations`;
    for (const body of [{}, { email: "nope" }, { email: "a@example.com", role: "owner" }, { email: "a@example.com", role: "x" }, { email: "a@example.com", x: 1 }]) {
      expect((await t.call(url, { cookie: people.owner.cookie, body })).status, JSON.stringify(body)).toBe(400);
    }
    const member = await t.call(url, { cookie: people.owner.cookie, body: { email: people.driver.email.toUpperCase() } });
    expect(member.status).toBe(409);
    expect((await json<{ error: { message: string } }>(member)).error.message).toBe(teamMessages.alreadyMember);
    expect((await t.call(url, { cookie: people.owner.cookie, body: { email: "twice@example.com" } })).status).toBe(201);
    const again = await t.call(url, { cookie: people.admin.cookie, body: { email: "Twice@Example.com", role: "driver" } });
    expect(again.status).toBe(409);
    expect((await json<{ error: { message: string } }>(again)).error.message).toBe(teamMessages.alreadyInvited);
    expect(await t.deps.db.select().from(teamInvitations).where(and(eq(teamInvitations.teamId, teamId)))).toHaveLength(1);
  });
});

async function createTeamFor(who: Account): Promise<string> {
  await setTier(t, who.userId, "enterprise");
  return createTeam(t, who, "Theirs");
}

describe("membership rows", () => {
  it("the founder has an owner row with allocation 0", async () => {
    const { teamId, people } = await world();
    const [row] = await t.deps.db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, people.owner.userId)));
    expect(row).toMatchObject({ role: "owner", quotaAllocation: 0 });
  });
});

describe("OpenAPI", () => {
  it("documents every teams, invitations and notifications endpoint; reading an invitation by token needs no session", async () => {
    const doc = await json<{ paths: Record<string, Record<string, { responses: Record<string, unknown>; security?: unknown[] }>> }>(t.call("/api/openapi.json"));
    const expected: [string, string][] = [
      ["/api/teams", "post"],
      ["/api/teams", "get"],
      ["/api/teams/{id}", "get"],
      ["/api/teams/{id}/members/{userId}", "patch"],
      ["/api/teams/{id}/members/{userId}", "delete"],
      ["/api/teams/{id}/transfer", "post"],
      ["/api/teams/{id}/invitations", "post"],
      ["/api/teams/{id}/invitations/{invitationId}/resend", "post"],
      ["/api/teams/{id}/invitations/{invitationId}", "delete"],
      ["/api/invitations", "get"],
      ["/api/invitations/{token}", "get"],
      ["/api/invitations/{token}/accept", "post"],
      ["/api/invitations/{token}/decline", "post"],
      ["/api/notifications/read-all", "post"],
    ];
    for (const [p, method] of expected) expect(doc.paths[p]?.[method], `${method} ${p}`).toMatchObject({ responses: expect.any(Object) });
    expect(doc.paths["/api/invitations/{token}"]?.get?.security).toEqual([]);
    expect(Object.keys(doc.paths["/api/invitations/{token}/accept"]?.post?.responses ?? {}).sort()).toEqual(["200", "401", "403", "404", "409", "410"]);
  });
});
