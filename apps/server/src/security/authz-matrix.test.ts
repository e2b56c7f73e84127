import { eq } from "drizzle-orm";
import { fleetSettings, plans, routes, routeStops, savedLocations, teamInvitations, teamMembers, teamNotifications, teams, user, vehicles } from "@routepilot/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForPlans } from "../services/fleet/plans";
import { BASE, createTestApp, type TestApp } from "../test/harness";
import { fuzzRequests, opKey, operationsOf, type FuzzRequest, type IdLookup, type OpenApiDocument } from "../test/openapi-fuzz";
import { passwordHashes, refreshSession, securityWorld, snapshotTeam, type SecurityWorld } from "../test/security-world";
import type { Account } from "../routes/teams/team-fixtures";
const LIMITS_OFF = { API_RATE_LIMIT: "0", ROUTE_OPTIMIZATION_RATE_LIMIT: "0", PAYMENT_RATE_LIMIT: "0", CONTACT_RATE_LIMIT: "0", RATE_LIMITS: "off", GLOBAL_RATE_LIMIT: "false", AUTH_RATE_LIMIT: "false", SOLVER_TIME_LIMIT_MS: "100" };

/**
 * Authorisation matrix (issue 13 "Proof in CI"): every operation of /api/openapi.json is either
 * public, personal (each signed-in user sees only their own data) or a row of TABLE, which says
 * which of team A's roles may call it. Every row is sent with a valid request for A's ids as team
 * A's owner, admin, manager, driver and member, team B's manager, a user outside every team and a
 * signed-out caller. Refused callers get 403 (a member whose role may not) or 404 (everyone outside,
 * so a resource's existence is not revealed); signed out gets 401. No outsider's response contains
 * A's ids or names; after an outsider's write A's rows are unchanged. Writes are sent only by
 * callers that must be refused (an allowed write would change the world the next rows run in).
 */

type Caller = "owner" | "admin" | "manager" | "driver" | "member" | "otherTeam" | "otherUser";
const ROLES = ["owner", "admin", "manager", "driver", "member"] as const;
type Role = (typeof ROLES)[number];

/** Who of team A may call the operation; everyone else of A gets 403, outsiders `outsider`. */
interface Row {
  allow: readonly Role[];
  /** What team B's manager and the user outside every team get (404 unless the API says 403). */
  outsider?: 403 | 404;
  /** What a team-A role that may not call it gets (403 unless the API hides it with 404). */
  refused?: 403 | 404;
  /** Instance administration: only instance admins (team A's owner is the first sign-up, super_admin); everyone else 403. */
  admins?: true;
  /** Fields merged over the document's example body, so validation passes and authorisation is what is tested. */
  body?: Record<string, unknown>;
}

const ALL: readonly Role[] = ROLES;
const OWNER_ADMIN: readonly Role[] = ["owner", "admin"];
const FLEET: readonly Role[] = ["owner", "admin", "manager"];
const NOBODY: readonly Role[] = [];

/** Team- and resource-scoped operations, by "METHOD /path". */
const TABLE: Record<string, Row> = {
  "GET /api/teams/{id}": { allow: ALL },
  "PATCH /api/teams/{id}/members/{userId}": { allow: OWNER_ADMIN, body: { role: "member" } },
  // The target is the driver of team A, who may remove themselves (leave).
  "DELETE /api/teams/{id}/members/{userId}": { allow: ["owner", "admin", "driver"] },
  "POST /api/teams/{id}/transfer": { allow: ["owner"] },
  "POST /api/teams/{id}/invitations": { allow: OWNER_ADMIN },
  "POST /api/teams/{id}/invitations/{invitationId}/resend": { allow: OWNER_ADMIN },
  "DELETE /api/teams/{id}/invitations/{invitationId}": { allow: OWNER_ADMIN },
  "GET /api/teams/{teamId}/vehicles": { allow: FLEET },
  "POST /api/teams/{teamId}/vehicles": { allow: FLEET, body: { shift: { start: "08:00", end: "17:00" } } },
  "GET /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET },
  "PATCH /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET },
  "DELETE /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET },
  "GET /api/teams/{teamId}/drivers": { allow: FLEET },
  // The target is the driver of team A, who may read their own driver record.
  "GET /api/teams/{teamId}/drivers/{userId}": { allow: ["owner", "admin", "manager", "driver"] },
  "PUT /api/teams/{teamId}/drivers/{userId}": { allow: FLEET },
  "GET /api/teams/{teamId}/fleet-settings": { allow: FLEET },
  "PUT /api/teams/{teamId}/fleet-settings": { allow: FLEET, body: { timeZone: "Europe/London" } },
  "GET /api/teams/{teamId}/plans": { allow: FLEET },
  "POST /api/teams/{teamId}/plans": { allow: FLEET },
  "GET /api/teams/{teamId}/plans/{planId}": { allow: FLEET },
  "GET /api/teams/{teamId}/plans/{planId}/variants": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/variants": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/moves": { allow: FLEET },
  "PUT /api/teams/{teamId}/plans/{planId}/locks": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/replan": { allow: FLEET },
  "GET /api/teams/{teamId}/plans/{planId}/compare": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/dispatch": { allow: FLEET },
  "GET /api/teams/{teamId}/routes": { allow: FLEET },
  "GET /api/teams/{teamId}/positions": { allow: FLEET },
  "POST /api/teams/{teamId}/routes/{routeId}/resequence": { allow: FLEET },
  "POST /api/teams/{teamId}/routes/{routeId}/stops/{stopId}/move": { allow: FLEET },
  "POST /api/teams/{teamId}/routes/urgent": { allow: FLEET },
  "GET /api/teams/{teamId}/customer-messages": { allow: FLEET },
  "PUT /api/teams/{teamId}/customer-messages": { allow: FLEET },
  // Team A's dispatched route of its driver.
  "GET /api/routes/{id}": { allow: OWNER_ADMIN, refused: 404 },
  "PATCH /api/routes/{id}": { allow: OWNER_ADMIN, refused: 404 },
  "DELETE /api/routes/{id}": { allow: OWNER_ADMIN, refused: 404 },
  "POST /api/routes/{id}/duplicate": { allow: OWNER_ADMIN, refused: 404 },
  "POST /api/routes/{id}/reoptimize": { allow: OWNER_ADMIN, refused: 404 },
  "POST /api/routes/{id}/stops": { allow: OWNER_ADMIN, refused: 404, body: { stops: [{ address: "1 Main St", lat: 51.5, lng: -0.12 }] } },
  "DELETE /api/routes/{id}/stops/{stopId}": { allow: OWNER_ADMIN, refused: 404 },
  "POST /api/routes/{id}/share": { allow: OWNER_ADMIN, refused: 404 },
  "DELETE /api/routes/{id}/share": { allow: OWNER_ADMIN, refused: 404 },
  "GET /api/routes/{id}/export": { allow: OWNER_ADMIN, refused: 404 },
  // A's driver's stop.
  "POST /api/driver/stops/{stopId}/events": { allow: ["driver"], refused: 404 },
  "POST /api/driver/stops/{stopId}/proof": { allow: ["driver"], refused: 404 },
  // The world has no proof file yet, so every caller gets 404 here (a stop id is not a file id).
  "GET /api/driver/proof/{id}": { allow: NOBODY, refused: 404 },
  // Team A owner's saved location and notification.
  "PATCH /api/saved-locations/{id}": { allow: ["owner"], refused: 404 },
  "DELETE /api/saved-locations/{id}": { allow: ["owner"], refused: 404 },
  "POST /api/notifications/{id}/read": { allow: ["owner"], refused: 404 },
  // Instance administration: no team role may.
  "GET /api/admin/users": { allow: NOBODY, admins: true },
  "PATCH /api/admin/users/{id}/plan": { allow: NOBODY, admins: true },
  "POST /api/admin/users/{id}/ban": { allow: NOBODY, admins: true },
  "POST /api/admin/users/{id}/unban": { allow: NOBODY, admins: true },
  "POST /api/admin/users/{id}/reset-usage": { allow: NOBODY, admins: true },
  "GET /api/admin/users/{id}/overage-charges": { allow: NOBODY, admins: true },
  "PATCH /api/admin/users/{id}/role": { allow: NOBODY, admins: true },
  "GET /api/security/metrics": { allow: NOBODY, admins: true },
  "GET /api/security/alerts": { allow: NOBODY, admins: true },
  "PATCH /api/security/alerts/{id}": { allow: NOBODY, admins: true, body: { status: "resolved" } },
  "GET /api/security/violations": { allow: NOBODY, admins: true },
  "GET /api/security/audit": { allow: NOBODY, admins: true },
  // Issue 14: system health (admin, super_admin).
  "GET /api/health/details": { allow: NOBODY, admins: true },
  // Super admins only: team A's owner is the one instance admin among the callers (an admin's 403 is in admin-analytics.test.ts).
  "GET /api/admin/analytics": { allow: NOBODY, admins: true },
};

/** Operations anyone may call signed out (security: [] in the document, and these). */
const PUBLIC = new Set(["GET /api/health", "POST /api/contact", "GET /api/realtime"]);

/** Own-data operations: every signed-in user acts on their own account only. */
const PERSONAL = new Set([
  "GET /api/me", "DELETE /api/me", "GET /api/me/plan", "GET /api/me/security/sessions", "DELETE /api/me/security/sessions/{id}",
  "POST /api/me/security/sessions/revoke-others", "GET /api/me/security/events", "POST /api/me/security/reauthenticate", "GET /api/me/export",
  "GET /api/preferences", "PATCH /api/preferences", "GET /api/saved-locations", "POST /api/saved-locations", "GET /api/notifications",
  "POST /api/notifications/read-all", "GET /api/me/usage", "POST /api/routes/resolve", "POST /api/routes/optimize", "GET /api/routes",
  "GET /api/geocode/autocomplete", "GET /api/geocode", "POST /api/geocode/batch", "POST /api/billing/checkout", "POST /api/billing/portal",
  "GET /api/billing/subscription", "GET /api/billing/overage-charges", "GET /api/teams", "POST /api/teams", "GET /api/invitations",
  "POST /api/invitations/{token}/accept", "POST /api/invitations/{token}/decline", "GET /api/driver/routes", "POST /api/driver/positions",
  "POST /api/auth/sign-up/email", "POST /api/auth/sign-in/email", "POST /api/auth/sign-out", "GET /api/auth/get-session",
  "POST /api/auth/request-password-reset", "POST /api/auth/reset-password", "POST /api/auth/change-password", "POST /api/auth/send-verification-email",
  "POST /api/auth/two-factor/enable", "POST /api/auth/two-factor/disable", "POST /api/auth/two-factor/verify-totp",
  "POST /api/auth/two-factor/verify-backup-code", "POST /api/auth/two-factor/generate-backup-codes", "GET /api/auth/verify-email",
]);

let t: TestApp;
let w: SecurityWorld;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp(LIMITS_OFF);
  w = await securityWorld(t, "authz");
  doc = (await (await t.call("/api/openapi.json")).json()) as OpenApiDocument;
}, 120_000);

afterAll(async () => {
  await waitForPlans();
  await t?.close();
});

/** Team A's ids by parameter name and path. */
function lookupA(name: string, path: string): string | undefined {
  const { ids } = w;
  const byName: Record<string, string> = {
    teamId: ids.teamId, vehicleId: ids.vehicleId, planId: ids.planId, routeId: ids.routeId, stopId: ids.stopId,
    invitationId: ids.invitationId, userId: ids.memberUserId, driverUserId: ids.memberUserId,
  };
  if (byName[name]) return byName[name];
  if (name !== "id") return undefined;
  if (path.startsWith("/api/teams/")) return ids.teamId;
  if (path.startsWith("/api/routes/")) return ids.routeId;
  if (path.startsWith("/api/saved-locations/")) return ids.savedLocationId;
  if (path.startsWith("/api/notifications/")) return ids.notificationId;
  if (path.startsWith("/api/admin/users/")) return w.people.otherManager.userId;
  if (path.startsWith("/api/driver/proof/")) return ids.stopId;
  return undefined;
}

/** A's ids and names an outsider must never see. */
function secretsOfA(): string[] {
  const { ids } = w;
  return [ids.teamId, ids.vehicleId, ids.routeId, ids.stopId, ids.planId, ids.savedLocationId, ids.invitationId, ids.invitationToken, ids.notificationId, ids.trackingToken, "authz-a depot", "authz-a note"];
}

/** Team A's rows a write could touch, to compare before and after an outsider's attempt. */
async function snapshotA(): Promise<string> {
  const db = t.deps.db;
  const { ids } = w;
  return JSON.stringify([
    await db.select().from(teams).where(eq(teams.id, ids.teamId)),
    await db.select().from(teamMembers).where(eq(teamMembers.teamId, ids.teamId)).orderBy(teamMembers.userId),
    await db.select().from(teamInvitations).where(eq(teamInvitations.teamId, ids.teamId)).orderBy(teamInvitations.id),
    await db.select().from(vehicles).where(eq(vehicles.teamId, ids.teamId)).orderBy(vehicles.id),
    await db.select().from(fleetSettings).where(eq(fleetSettings.teamId, ids.teamId)),
    await db.select().from(plans).where(eq(plans.teamId, ids.teamId)).orderBy(plans.id),
    await db.select().from(routes).where(eq(routes.id, ids.routeId)),
    await db.select().from(routeStops).where(eq(routeStops.routeId, ids.routeId)).orderBy(routeStops.id),
    await db.select().from(savedLocations).where(eq(savedLocations.id, ids.savedLocationId)),
    await db.select().from(teamNotifications).where(eq(teamNotifications.id, ids.notificationId)),
  ]);
}

async function send(req: FuzzRequest, cookie: string | undefined): Promise<{ status: number; text: string }> {
  const headers: Record<string, string> = { origin: BASE, ...req.headers };
  if (cookie) headers.cookie = cookie;
  const init: RequestInit = { method: req.method, headers };
  if (req.body !== undefined && req.method !== "GET") init.body = req.body;
  const res = await t.app.request(`${BASE}${req.path}`, init);
  return { status: res.status, text: await res.text() };
}

function expected(row: Row, who: Caller, admins: Set<Caller>): number | "allowed" {
  if (row.admins) return admins.has(who) ? "allowed" : 403;
  if (who === "otherTeam" || who === "otherUser") return row.outsider ?? 404;
  return row.allow.includes(who) ? "allowed" : (row.refused ?? 403);
}

describe("authorisation matrix", () => {
  it("every operation is in the table, public or personal; every caller gets what the table says", async () => {
    const ops = operationsOf(doc);
    const lookup: IdLookup = lookupA;
    const failures: string[] = [];
    const seen: string[] = [];
    let cases = 0;
    const people: Record<Caller, Account> = {
      owner: w.people.owner, admin: w.people.admin, manager: w.people.manager, driver: w.people.driver, member: w.people.member,
      otherTeam: w.people.otherManager, otherUser: w.people.outsider,
    };
    const hashes = await passwordHashes(t, Object.values(people));
    const secrets = secretsOfA();
    const admins = new Set<Caller>();
    for (const [who, a] of Object.entries(people) as [Caller, Account][]) {
      const [u] = await t.deps.db.select().from(user).where(eq(user.id, a.userId));
      if (u?.role === "admin" || u?.role === "super_admin") admins.add(who);
    }
    const restoreA = await snapshotTeam(t, w.teamId);
    const leak = (text: string) => secrets.find((s) => text.includes(s));

    for (const ref of ops) {
      const key = opKey(ref);
      const isPublic = (Array.isArray(ref.op.security) && ref.op.security.length === 0) || PUBLIC.has(key);
      const row = TABLE[key];
      if (!row && !isPublic && !PERSONAL.has(key)) {
        failures.push(`${key}: not in the authorisation table, nor public, nor personal`);
        continue;
      }
      if (isPublic || key === "GET /api/realtime") continue;
      const [base] = fuzzRequests(doc, ref, lookup, w.other.routeId);
      if (!base) throw new Error(`${key}: no request`);
      if (row?.body && typeof base.body === "string") base.body = JSON.stringify({ ...(JSON.parse(base.body) as object), ...row.body });
      const write = ref.method !== "get";

      if (!row) {
        // Personal: signed out is refused; other users' lists hold none of A's data.
        if (ref.path.startsWith("/api/auth/")) continue;
        const out = await send(base, undefined);
        cases++;
        if (out.status !== 401) failures.push(`${key} [signed out]: ${out.status}, expected 401`);
        if (!write) {
          for (const who of ["otherTeam", "otherUser"] as const) {
            const res = await send(base, people[who].cookie);
            cases++;
            const found = leak(res.text);
            if (found) failures.push(`${key} [${who}]: response holds A's ${found}`);
          }
        }
        seen.push(key);
        continue;
      }

      seen.push(key);
      const before = write ? await snapshotA() : "";
      const out = await send(base, undefined);
      cases++;
      if (out.status !== 401) failures.push(`${key} [signed out]: ${out.status}, expected 401`);
      for (const who of Object.keys(people) as Caller[]) {
        const want = expected(row, who, admins);
        if (write && want === "allowed") continue;
        const res = await send(base, people[who].cookie);
        cases++;
        const ok = want === "allowed" ? ![401, 403, 404].includes(res.status) : res.status === want;
        if (!ok) failures.push(`${key} [${who}]: ${res.status}, expected ${want} — ${res.text.slice(0, 120)}`);
        if ((who === "otherTeam" || who === "otherUser") && res.status < 300) failures.push(`${key} [${who}]: ${res.status} for another tenant`);
        const found = want !== "allowed" ? leak(res.text) : undefined;
        if (found) failures.push(`${key} [${who}]: refused response holds A's ${found}`);
        await refreshSession(t, people[who], hashes);
      }
      if (write && (await snapshotA()) !== before) failures.push(`${key}: team A's rows changed after refused callers' writes`);
      await restoreA();
    }
    console.log(`authz: ${cases} cases over ${seen.length} operations`);
    expect(failures).toEqual([]);
  }, 300_000);
});
