import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OptimizeRouteResponse, PendingInvitation, SecurityAudit } from "@routepilot/contracts";
import { authenticationLogs, subscribers, teamInvitations, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../test/harness";
import type { AuditRecordDetails } from "./audit";
import { handleWebhookEvent } from "../billing/webhook";
import { account, addMember, createTeam, json, setTier, type Account } from "../../test/team-fixtures";

let t: TestApp;
let boss: Account;

beforeAll(async () => {
  // One trusted proxy, so the X-Forwarded-For address the requests send is the client address the rows record.
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000", TRUST_PROXY: "1" });
  boss = await account(t, "boss");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, boss.userId));
});
afterAll(() => t.close());

const rows = (eventType: string) =>
  t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, eventType)).orderBy(desc(authenticationLogs.createdAt));

describe("audit events written by the services (SPEC §3 fields)", () => {
  it("team invitations and team roles: every change writes an event with its action and the request's address, user agent and session", async () => {
    // Every request of this test comes from the same browser and address.
    const origin = { "user-agent": "audit-teams-browser", "x-forwarded-for": "203.0.113.7" };
    const call = (path: string, init: Parameters<TestApp["call"]>[1] = {}) => t.call(path, { ...init, headers: { ...origin, ...init.headers } });
    await setTier(t, boss.userId, "enterprise");
    const teamId = await createTeam(t, boss, "Audit Crew");
    const joiner = await account(t, "joiner");
    const refuser = await account(t, "refuser");
    const invite = (email: string) => json<PendingInvitation>(call(`/api/teams/${teamId}/invitations`, { cookie: boss.cookie, body: { email, role: "member" } }));
    const first = await invite(joiner.email);
    const second = await invite(refuser.email);
    const dropped = await invite("nobody@example.com");
    expect((await call(`/api/teams/${teamId}/invitations/${dropped.id}`, { method: "DELETE", cookie: boss.cookie })).status).toBe(204);
    const tokenOf = async (id: string) => (await t.deps.db.select({ token: teamInvitations.token }).from(teamInvitations).where(eq(teamInvitations.id, id)))[0]!.token;
    expect((await call(`/api/invitations/${await tokenOf(first.id)}/accept`, { method: "POST", cookie: joiner.cookie })).status).toBe(200);
    expect((await call(`/api/invitations/${await tokenOf(second.id)}/decline`, { method: "POST", cookie: refuser.cookie })).status).toBeLessThan(300);

    const events = await rows("invitation");
    const byAction = (action: string) => events.filter((e) => (e.details as { action?: string }).action === action);
    expect(byAction("create")).toHaveLength(3);
    expect(byAction("revoke")).toMatchObject([{ userId: boss.userId, details: { outcome: "success", resource: `/api/teams/${teamId}/invitations/${dropped.id}`, metadata: { email: "nobody@example.com", teamId } } }]);
    expect(byAction("accept")).toMatchObject([{ userId: joiner.userId, details: { metadata: { invitationId: first.id } } }]);
    expect(byAction("decline")).toMatchObject([{ userId: refuser.userId, details: { metadata: { invitationId: second.id } } }]);

    // Team role changes: a new role by the owner, and an ownership transfer.
    const driver = await account(t, "driver");
    await addMember(t, teamId, driver, "driver");
    expect((await call(`/api/teams/${teamId}/members/${driver.userId}`, { method: "PATCH", cookie: boss.cookie, body: { role: "manager" } })).status).toBe(200);
    expect((await call(`/api/teams/${teamId}/transfer`, { method: "POST", cookie: boss.cookie, body: { userId: joiner.userId } })).status).toBe(200);
    // Removals: the new owner removes the manager; a member leaves by removing themselves.
    const leaver = await account(t, "leaver");
    await addMember(t, teamId, leaver, "member");
    expect((await call(`/api/teams/${teamId}/members/${driver.userId}`, { method: "DELETE", cookie: joiner.cookie })).status).toBe(204);
    expect((await call(`/api/teams/${teamId}/members/${leaver.userId}`, { method: "DELETE", cookie: leaver.cookie })).status).toBe(204);
    const roles = await rows("team_role_change");
    expect(roles.map((r) => [r.userId, (r.details as AuditRecordDetails).action, r.details.metadata])).toEqual([
      [leaver.userId, "leave team", { actorId: leaver.userId, teamId, before: "member", after: "none" }],
      [driver.userId, "remove member", { actorId: joiner.userId, teamId, before: "manager", after: "none" }],
      [joiner.userId, "transfer ownership", { actorId: boss.userId, teamId, before: "member", after: "owner" }],
      [driver.userId, "change role", { actorId: boss.userId, teamId, before: "driver", after: "manager" }],
    ]);
    // A refused removal (a plain member removing someone else) writes nothing.
    const bystander = await account(t, "bystander");
    await addMember(t, teamId, bystander, "member");
    expect((await call(`/api/teams/${teamId}/members/${boss.userId}`, { method: "DELETE", cookie: bystander.cookie })).status).toBe(403);
    expect(await rows("team_role_change")).toHaveLength(4);

    // Every one of them records the request: address, user agent and the actor's session.
    const sessionOf = async (who: Account) => json<{ session: { id: string } }>(t.call("/api/auth/get-session", { cookie: who.cookie }));
    const sessions = new Map<string, string>();
    for (const who of [boss, joiner, refuser, leaver]) sessions.set(who.userId, (await sessionOf(who)).session.id);
    for (const row of [...events, ...roles]) {
      const d = row.details as AuditRecordDetails;
      const actorId = row.eventType === "invitation" ? row.userId! : String(d.metadata.actorId);
      expect({ userAgent: row.userAgent, ipAddress: d.ipAddress, sessionId: d.sessionId }, `${row.eventType} ${d.action}`).toEqual({
        userAgent: "audit-teams-browser",
        ipAddress: "203.0.113.7",
        sessionId: sessions.get(actorId),
      });
    }

    // The admin API shows them.
    const audit = await json<SecurityAudit>(t.call(`/api/security/audit?eventType=team_role_change&userId=${driver.userId}`, { cookie: boss.cookie }));
    expect(audit.events.map((e) => e.action)).toEqual(["remove member", "change role"]);
    expect(audit.events[1]).toMatchObject({ eventType: "team_role_change", riskLevel: "medium", resource: `/api/teams/${teamId}/members/${driver.userId}`, ipAddress: "203.0.113.7", userAgent: "audit-teams-browser" });
  });

  it("a route export writes a data_export event with the format and the session", async () => {
    const exporter = await account(t, "exporter");
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 10 }).where(eq(subscribers.userId, exporter.userId));
    const res = await t.call("/api/routes/optimize", {
      cookie: exporter.cookie,
      body: { name: "Export me", start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51, label: "Schaan" }, { lat: 47.13, lng: 9.52, label: "Vaduz south" }] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { route } = (await res.json()) as OptimizeRouteResponse;
    expect((await t.call(`/api/routes/${route.id}/export?format=csv`, { cookie: exporter.cookie, headers: { "user-agent": "audit-test" } })).status).toBe(200);
    const [row] = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "data_export"), eq(authenticationLogs.userId, exporter.userId)));
    expect(row).toMatchObject({ userAgent: "audit-test", details: { action: "export csv", outcome: "success", riskLevel: "low", resource: `/api/routes/${route.id}/export`, metadata: { routeId: route.id, format: "csv" } } });
    expect(row!.details.sessionId).toEqual(expect.any(String));
    // Another user's route: 404, and nothing logged for them.
    const other = await account(t, "other");
    expect((await t.call(`/api/routes/${route.id}/export?format=gpx`, { cookie: other.cookie })).status).toBe(404);
    expect(await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "data_export"), eq(authenticationLogs.userId, other.userId)))).toEqual([]);
  });

  it("a Stripe subscription event that changes the tier writes a plan_change event (before, after, event id); an unchanged tier none", async () => {
    const payer = await account(t, "payer");
    const env = { ...t.deps.env, STRIPE_PRICE_PREMIUM: "price_premium_audit" };
    const subscription = (status: string) => ({
      id: "sub_audit",
      customer: "cus_audit",
      status,
      metadata: { userId: payer.userId },
      items: { data: [{ price: { id: "price_premium_audit" }, current_period_start: 1_893_456_000, current_period_end: 1_896_134_400 }] },
    });
    const deliver = (id: string, type: string, object: Record<string, unknown>, created: number) => handleWebhookEvent({ env, db: t.deps.db, logger: t.deps.logger }, { id, type, created, object });
    expect(await deliver("evt_audit_1", "customer.subscription.updated", subscription("active"), 1_790_000_000)).toBe("processed");
    expect(await deliver("evt_audit_2", "customer.subscription.updated", subscription("active"), 1_790_000_100)).toBe("processed");
    expect(await deliver("evt_audit_3", "customer.subscription.deleted", subscription("canceled"), 1_790_000_200)).toBe("processed");
    const changes = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.eventType, "plan_change"), eq(authenticationLogs.userId, payer.userId))).orderBy(authenticationLogs.createdAt);
    expect(changes.map((c) => c.details.metadata)).toEqual([
      { before: { tier: "free" }, after: { tier: "premium" }, stripeEvent: "evt_audit_1", eventType: "customer.subscription.updated" },
      { before: { tier: "premium" }, after: { tier: "free" }, stripeEvent: "evt_audit_3", eventType: "customer.subscription.deleted" },
    ]);
    expect(changes[0]!.details).toMatchObject({ action: "stripe subscription", resource: "/api/billing/webhook", riskLevel: "medium" });
  });
});
