import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages } from "@routepilot/contracts";
import * as schema from "@routepilot/db";
import { account, apikey, authenticationLogs, overageCharges, routeStops, routes, savedLocations, stopProofs, subscribers, teamMembers, teams, user } from "@routepilot/db";
import { PROOF_BUCKET } from "../../driver/proof";
import { AVATAR_BUCKET, avatarUrl } from "../../accounts/avatars";
import { cookieFrom, createTestApp, type TestApp } from "../../../test/harness";

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

/** Every table with a column referencing user.id, and how many rows still name `userId` (as in the self-deletion test). */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const userColumns = ["userId", "ownerId", "invitedBy", "uploadedBy", "createdBy", "driverUserId", "resolvedBy", "referenceId"];
  for (const [name, table] of Object.entries(schema)) {
    if (!table || typeof table !== "object" || !(Symbol.for("drizzle:IsDrizzleTable") in table)) continue;
    const columns = getTableColumns(table as PgTable);
    for (const col of userColumns) {
      const column = columns[col];
      if (!column || column.dataType !== "string") continue;
      const n = await t.deps.db.$count(table as PgTable, eq(column, userId));
      if (n > 0) counts[`${name}.${col}`] = n;
    }
  }
  return counts;
}

type Json = Record<string, unknown>;

describe("GET /api/admin/users: linked sign-in methods", () => {
  it("lists each user's Better Auth provider ids, sorted, once each", async () => {
    const linked = await t.signUp("linked-methods@example.com");
    await t.deps.db.insert(account).values([
      { id: "acc-linked-github", accountId: "gh-1", providerId: "github", userId: linked.userId },
      { id: "acc-linked-oidc", accountId: "sub-1", providerId: "acme-sso", userId: linked.userId },
      { id: "acc-linked-oidc-2", accountId: "sub-2", providerId: "acme-sso", userId: linked.userId },
    ]);
    const page = (await (await t.call("/api/admin/users?q=linked-methods", { cookie: admin.cookie })).json()) as { users: { email: string; signInMethods: string[] }[] };
    expect(page.users).toEqual([expect.objectContaining({ email: "linked-methods@example.com", signInMethods: ["acme-sso", "credential", "github"] })]);
    const everyone = (await (await t.call("/api/admin/users?pageSize=100", { cookie: admin.cookie })).json()) as { users: { signInMethods: string[] }[] };
    // Signed up with a password: every account here has the credential method.
    expect(everyone.users.every((u) => u.signInMethods.includes("credential"))).toBe(true);
  });
});

describe("DELETE /api/admin/users/{id}", () => {
  let operator: { cookie: string; userId: string };
  let superOp: { cookie: string; userId: string };

  beforeAll(async () => {
    operator = await t.signUp("delete-operator@example.com", undefined, "Delete Operator");
    await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, operator.userId));
    superOp = await t.signUp("delete-super@example.com", undefined, "Delete Super");
    await t.deps.db.update(user).set({ role: "super_admin" }).where(eq(user.id, superOp.userId));
  });

  const del = (id: string, cookie?: string) => t.call(`/api/admin/users/${id}`, { method: "DELETE", ...(cookie ? { cookie } : {}) });
  const exists = async (id: string) => (await t.deps.db.$count(user, eq(user.id, id))) === 1;

  it("401 signed out, 403 for a plain user and for a team role, 404 for an unknown id; nothing deleted", async () => {
    const target = await t.signUp("delete-target-guard@example.com");
    expect((await del(target.userId)).status).toBe(401);
    const asUser = await del(target.userId, target.cookie);
    expect(asUser.status).toBe(403);
    expect(await asUser.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.adminsOnly } });
    // Fleet (team) roles in the role field are not account roles.
    const manager = await t.signUp("delete-fleet-manager@example.com");
    await t.deps.db.update(user).set({ role: "user,manager,driver" }).where(eq(user.id, manager.userId));
    expect((await del(target.userId, manager.cookie)).status).toBe(403);
    const unknown = await del("no-such-user", operator.cookie);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect(await exists(target.userId)).toBe(true);
  });

  it("refuses an admin deleting a super_admin or an admin (403 with the message), and anyone deleting themself (400)", async () => {
    const toSuper = await del(superOp.userId, operator.cookie);
    expect(toSuper.status).toBe(403);
    expect(await toSuper.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.deleteSuperAdmin } });
    const otherAdmin = await t.signUp("delete-other-admin@example.com");
    await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, otherAdmin.userId));
    const toAdmin = await del(otherAdmin.userId, operator.cookie);
    expect(toAdmin.status).toBe(403);
    expect(await toAdmin.json()).toMatchObject({ error: { message: adminMessages.deleteAdmin } });
    for (const self of [operator, superOp]) {
      const res = await del(self.userId, self.cookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", message: adminMessages.selfDelete } });
    }
    for (const id of [superOp.userId, otherAdmin.userId, operator.userId]) expect(await exists(id)).toBe(true);
    expect((await t.call("/api/me", { cookie: operator.cookie })).status).toBe(200);
  });

  it("an admin deletes a user through the self-deletion path: data, sessions, API keys, proof files and avatar gone, team work kept, audited with the admin, no sign-in", async () => {
    const owner = await t.signUp("delete-team-owner@example.com");
    const victim = await t.signUp("delete-victim@example.com", undefined, "Deleted Victim");
    const other = await t.signUp("delete-bystander@example.com");
    await t.deps.db.insert(savedLocations).values([
      { userId: victim.userId, name: "Victim home", address: "1 Victim Street" },
      { userId: other.userId, name: "Other home", address: "2 Other Street" },
    ]);
    const [route] = await t.deps.db
      .insert(routes)
      .values({ userId: victim.userId, name: "Victim route", start: { label: "Depot", address: null, lat: 51.5, lng: -0.1 }, distanceM: 1000, durationS: 600, provider: "test" })
      .returning();
    const [stop] = await t.deps.db
      .insert(routeStops)
      .values({ routeId: route!.id, sequence: 1, inputIndex: 0, label: "Victim stop", lat: 51.51, lng: -0.11, arrivalS: 300, departureS: 300, legDistanceM: 1000, legDurationS: 300 })
      .returning();
    const [team] = await t.deps.db.insert(teams).values({ name: "Bystander Team", ownerId: owner.userId }).returning();
    await t.deps.db.insert(teamMembers).values({ teamId: team!.id, userId: victim.userId, role: "driver", invitedBy: owner.userId });
    const [teamRoute] = await t.deps.db
      .insert(routes)
      .values({ userId: victim.userId, teamId: team!.id, name: "Team route", start: { label: "Depot", address: null, lat: 51.5, lng: -0.1 }, distanceM: 1, durationS: 1, provider: "test" })
      .returning();
    await t.deps.storage.upload(PROOF_BUCKET, "admin-deleted-proof.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
    await t.deps.db.insert(stopProofs).values({ routeStopId: stop!.id, teamId: team!.id, uploadedBy: victim.userId, kind: "photo", objectKey: "admin-deleted-proof.jpg", contentType: "image/jpeg", sizeBytes: 3 });
    await t.deps.db.insert(apikey).values({ id: "admin-delete-key", key: "hashed-secret", referenceId: victim.userId, name: "Integration" });
    // Their avatar, stored as the profile page stores one.
    await t.deps.storage.upload(AVATAR_BUCKET, `${victim.userId}/victimAvatar01.webp`, new Uint8Array([4, 5, 6]), "image/webp");
    await t.deps.db.update(user).set({ image: avatarUrl(victim.userId, "victimAvatar01") }).where(eq(user.id, victim.userId));
    const second = cookieFrom(await t.signIn("delete-victim@example.com"));
    // A failed sign-in names the address in the audit log: the deletion removes it.
    await t.signIn("delete-victim@example.com", "Wr0ng!Password");
    expect(Object.keys(await rowsNaming(victim.userId)).length).toBeGreaterThan(5);

    const res = await del(victim.userId, operator.cookie);
    expect(res.status).toBe(204);

    expect(await rowsNaming(victim.userId)).toEqual({});
    expect(await exists(victim.userId)).toBe(false);
    expect(await t.deps.storage.info(PROOF_BUCKET, "admin-deleted-proof.jpg")).toBeNull();
    expect(await t.deps.storage.info(AVATAR_BUCKET, `${victim.userId}/victimAvatar01.webp`)).toBeNull();
    const [kept] = await t.deps.db.select().from(routes).where(eq(routes.id, teamRoute!.id));
    expect(kept!.userId).toBe(owner.userId);
    const naming = await t.deps.db.select().from(authenticationLogs).where(sql`${authenticationLogs.details}->'metadata'->>'email' = 'delete-victim@example.com'`);
    expect(naming).toHaveLength(0);

    // One audit row: the deletion, naming the administrator (actor) and the former user (target).
    const rows = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "account_deletion"), sql`${authenticationLogs.details}->'metadata'->>'formerUserId' = ${victim.userId}`));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBeNull();
    expect(rows[0]!.details).toMatchObject({
      action: "delete account (administrator)",
      outcome: "success",
      riskLevel: "high",
      resource: `/api/admin/users/${victim.userId}`,
      metadata: { formerUserId: victim.userId, formerRole: "user", actorId: operator.userId, actorEmail: "delete-operator@example.com", actorRole: "admin", proofFiles: 1 },
    });
    expect(JSON.stringify(rows[0]!.details)).not.toContain("delete-victim@example.com");

    // Every session is gone and the password no longer signs in.
    expect((await t.call("/api/me", { cookie: victim.cookie })).status).toBe(401);
    expect((await t.call("/api/me", { cookie: second })).status).toBe(401);
    expect((await t.signIn("delete-victim@example.com")).status).toBe(401);
    // Others keep everything; deleting again is a 404.
    expect(await t.deps.db.$count(savedLocations, eq(savedLocations.userId, other.userId))).toBe(1);
    expect(await t.deps.db.$count(teams, eq(teams.id, team!.id))).toBe(1);
    expect((await t.call("/api/me", { cookie: other.cookie })).status).toBe(200);
    expect((await del(victim.userId, operator.cookie)).status).toBe(404);
  });

  it("a super_admin deletes an admin and another super_admin", async () => {
    const doomedAdmin = await t.signUp("delete-doomed-admin@example.com");
    await t.deps.db.update(user).set({ role: "admin,driver" }).where(eq(user.id, doomedAdmin.userId));
    const doomedSuper = await t.signUp("delete-doomed-super@example.com");
    await t.deps.db.update(user).set({ role: "super_admin" }).where(eq(user.id, doomedSuper.userId));
    expect((await del(doomedAdmin.userId, superOp.cookie)).status).toBe(204);
    expect((await del(doomedSuper.userId, superOp.cookie)).status).toBe(204);
    expect(await exists(doomedAdmin.userId)).toBe(false);
    expect(await exists(doomedSuper.userId)).toBe(false);
    expect((await t.signIn("delete-doomed-admin@example.com")).status).toBe(401);
    const [row] = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "account_deletion"), sql`${authenticationLogs.details}->'metadata'->>'formerUserId' = ${doomedAdmin.userId}`));
    expect(row!.details.metadata as Json).toMatchObject({ formerRole: "admin,driver", actorId: superOp.userId, actorRole: "super_admin" });
  });

  it("refuses (409) a user who owns a team, as self-deletion does, with a message for the admin; nothing changes", async () => {
    const owner = await t.signUp("delete-owner@example.com");
    await t.deps.db.insert(teams).values({ name: "Owned Fleet", ownerId: owner.userId });
    const res = await del(owner.userId, operator.cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "CONFLICT", message: adminMessages.deleteOwnsTeam("delete-owner@example.com", "Owned Fleet") } });
    expect(await exists(owner.userId)).toBe(true);
    expect((await t.call("/api/me", { cookie: owner.cookie })).status).toBe(200);
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
    expect(Object.keys(doc.paths["/api/admin/users/{id}"]!)).toEqual(["delete"]);
  });
});
