import { and, eq } from "drizzle-orm";
import {
  account as credentials,
  contactMessages,
  contactReplies,
  fleetSettings,
  orderDrafts,
  stopProofs,
  plans,
  routes,
  routeShares,
  routeStops,
  savedLocations,
  securityAlerts,
  session,
  subscribers,
  teamInvitations,
  teamMembers,
  teamNotifications,
  teams,
  user,
  vehicles,
} from "@routepilot/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForPlans } from "../fleet/plans";
import { BASE, createTestApp, type TestApp } from "../../test/harness";
import { fuzzRequests, opKey, operationsOf, type FuzzRequest, type IdLookup, type OpenApiDocument, type OperationRef } from "../../test/openapi-fuzz";
import { freshRows, passwordHashes, refreshSession, securityWorld, snapshotTeam, type FreshIds, type FreshKind, type SecurityWorld } from "../../test/security-world";
import { DEPOT } from "../../test/fleet-fixtures";
import { file, jpegBytes, plainOrders, pngBytes, today } from "../../test/live-fixtures";
import { account, json, type Account } from "../../test/team-fixtures";
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
  /** For a write each allowed caller sends: the fresh rows it acts on (see freshRows), made anew for every caller. */
  fresh?: FreshKind;
  /** Allowed callers who act on themselves with team A's own ids instead of fresh rows (a driver leaving). */
  self?: readonly Role[];
  /** The valid body of an allowed write, from the ids it acts on (merged over the document's example). */
  valid?: (a: AllowedCall) => Record<string, unknown> | Promise<Record<string, unknown>>;
  /** A multipart body instead of JSON. */
  form?: (a: AllowedCall) => FormData;
  /**
   * How team A's owner sees the allowed write: an API path (ids in braces) the owner reads before
   * and after, or a database read; the two must differ. null: the write need not change what
   * anyone reads (say so in a comment).
   */
  seen?: string | ((a: AllowedCall) => Promise<unknown>) | null;
}

/** One allowed caller's write: who, the ids it acts on, and a GET as team A's owner. */
interface AllowedCall {
  who: Caller;
  ids: FreshIds;
  n: number;
  owner: <T = Record<string, unknown>>(path: string) => Promise<T>;
}

const ALL: readonly Role[] = ROLES;
const OWNER_ADMIN: readonly Role[] = ["owner", "admin"];
const FLEET: readonly Role[] = ["owner", "admin", "manager"];
const NOBODY: readonly Role[] = [];

const TEAM = "/api/teams/{teamId}";
const ROUTE = "/api/routes/{routeId}";
const shares = (a: AllowedCall) => t.deps.db.select().from(routeShares).where(eq(routeShares.routeId, a.ids.routeId));
const userRow = (a: AllowedCall) => t.deps.db.select().from(user).where(eq(user.id, a.ids.adminTargetId));
const van = (name: string) => ({ name, profile: "van", capacity: [200], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT });
/** A stop of the fresh plan's first route and the other van, for moves and locks. */
async function planStop(a: AllowedCall): Promise<{ orderId: string; vehicleId: string; otherVehicleId: string }> {
  const plan = await a.owner<{ routes: { vehicleId: string; stops: { orderId: string }[] }[] }>(`/api/teams/${a.ids.teamId}/plans/${a.ids.planId}`);
  const from = plan.routes.find((r) => r.stops.length > 0);
  if (!from) throw new Error(`plan ${a.ids.planId} has no stops: ${JSON.stringify(plan).slice(0, 300)}`);
  return { orderId: from.stops[0]!.orderId, vehicleId: from.vehicleId, otherVehicleId: from.vehicleId === a.ids.vehicleId ? a.ids.vehicle2Id : a.ids.vehicleId };
}
function proofForm(a: AllowedCall): FormData {
  const form = new FormData();
  form.append("clientEventId", `authz-proof-${a.n}`);
  form.append("photo", file(jpegBytes([], 1024), "photo.jpg", "image/jpeg"));
  form.append("recipient", `Recipient ${a.n}`);
  return form;
}

/** Team- and resource-scoped operations, by "METHOD /path". */
const TABLE: Record<string, Row> = {
  "GET /api/teams/{id}": { allow: ALL },
  "PATCH /api/teams/{id}/members/{userId}": { allow: OWNER_ADMIN, body: { role: "member" }, fresh: "member", seen: TEAM },
  // The target is the driver of team A, who may remove themselves (leave); owner and admin remove a fresh member.
  "DELETE /api/teams/{id}/members/{userId}": { allow: ["owner", "admin", "driver"], fresh: "member", self: ["driver"], seen: TEAM },
  "POST /api/teams/{id}/transfer": { allow: ["owner"], fresh: "member", valid: (a) => ({ userId: a.ids.memberUserId }), seen: TEAM },
  "POST /api/teams/{id}/invitations": { allow: OWNER_ADMIN, valid: (a) => ({ email: `authz-invitee-${a.n}@example.com`, role: "member" }), seen: TEAM },
  "POST /api/teams/{id}/invitations/{invitationId}/resend": { allow: OWNER_ADMIN, fresh: "staleInvitation", seen: TEAM },
  "DELETE /api/teams/{id}/invitations/{invitationId}": { allow: OWNER_ADMIN, fresh: "invitation", seen: TEAM },
  "GET /api/teams/{teamId}/vehicles": { allow: FLEET },
  "POST /api/teams/{teamId}/vehicles": { allow: FLEET, body: { shift: { start: "08:00", end: "17:00" } }, valid: (a) => van(`Van ${a.who} ${a.n}`), seen: `${TEAM}/vehicles` },
  "GET /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET },
  "PATCH /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET, fresh: "vehicle", valid: (a) => ({ name: `Renamed ${a.who} ${a.n}` }), seen: `${TEAM}/vehicles/{vehicleId}` },
  "DELETE /api/teams/{teamId}/vehicles/{vehicleId}": { allow: FLEET, fresh: "vehicle", seen: `${TEAM}/vehicles` },
  "GET /api/teams/{teamId}/drivers": { allow: FLEET },
  // The target is the driver of team A, who may read their own driver record.
  "GET /api/teams/{teamId}/drivers/{userId}": { allow: ["owner", "admin", "manager", "driver"] },
  "PUT /api/teams/{teamId}/drivers/{userId}": { allow: FLEET, valid: (a) => ({ licenceNumber: `LIC-${a.who}-${a.n}` }), seen: `${TEAM}/drivers/{memberUserId}` },
  "GET /api/teams/{teamId}/fleet-settings": { allow: FLEET },
  "PUT /api/teams/{teamId}/fleet-settings": { allow: FLEET, body: { timeZone: "Europe/London" }, valid: (a) => ({ timeZone: "Europe/London", capacityDimensions: [`units ${a.n}`] }), seen: `${TEAM}/fleet-settings` },
  "GET /api/teams/{teamId}/plans": { allow: FLEET },
  "POST /api/teams/{teamId}/plans": {
    allow: FLEET,
    valid: (a) => ({ date: today(), objective: "balance", vehicleIds: [a.ids.vehicleId], orders: plainOrders(2, 300 + a.n), settings: { timeLimitSeconds: 1 } }),
    seen: `${TEAM}/plans`,
  },
  "GET /api/teams/{teamId}/plans/{planId}": { allow: FLEET },
  "GET /api/teams/{teamId}/plans/{planId}/variants": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/variants": {
    allow: FLEET,
    fresh: "plan",
    valid: (a) => ({ name: `Variant ${a.n}`, vehicleIds: [a.ids.vehicleId], objective: "min_vehicles", settings: { timeLimitSeconds: 1 } }),
    seen: `${TEAM}/plans/{planId}/variants`,
  },
  "POST /api/teams/{teamId}/plans/{planId}/moves": {
    allow: FLEET,
    fresh: "plan",
    valid: async (a) => {
      const s = await planStop(a);
      return { orderId: s.orderId, toVehicleId: s.otherVehicleId, position: 0 };
    },
    seen: `${TEAM}/plans/{planId}`,
  },
  "PUT /api/teams/{teamId}/plans/{planId}/locks": {
    allow: FLEET,
    fresh: "plan",
    valid: async (a) => {
      const s = await planStop(a);
      return { locks: [{ orderId: s.orderId, vehicleId: s.vehicleId }] };
    },
    seen: `${TEAM}/plans/{planId}`,
  },
  // A re-solve of the same orders may find the same routes: the plan's own update time shows it ran.
  "POST /api/teams/{teamId}/plans/{planId}/replan": {
    allow: FLEET,
    fresh: "plan",
    valid: () => ({}),
    seen: (a) => t.deps.db.select({ updatedAt: plans.updatedAt }).from(plans).where(eq(plans.id, a.ids.planId)),
  },
  "GET /api/teams/{teamId}/plans/{planId}/compare": { allow: FLEET },
  "POST /api/teams/{teamId}/plans/{planId}/dispatch": {
    allow: FLEET,
    fresh: "plan",
    valid: async (a) => {
      const plan = await a.owner<{ routes: { vehicleId: string; stops: unknown[] }[] }>(`/api/teams/${a.ids.teamId}/plans/${a.ids.planId}`);
      const drivers = [w.people.driver.userId, w.people.driver2.userId];
      const used = plan.routes.filter((r) => r.stops.length > 0);
      return { assignments: used.map((r, i) => ({ vehicleId: r.vehicleId, driverUserId: drivers[i] })), dispatchAnyway: true };
    },
    seen: (a) => t.deps.db.select({ id: routes.id }).from(routes).where(eq(routes.planId, a.ids.planId)),
  },
  // A day's order drafts (issue 25): the date is today's (the document's date pattern); each allowed save writes other rows.
  "GET /api/teams/{teamId}/order-drafts/{date}": { allow: FLEET },
  "PUT /api/teams/{teamId}/order-drafts/{date}": {
    allow: FLEET,
    valid: (a) => ({ orders: [{ id: `o${a.n}`, source: "Added by hand", order: { id: `o${a.n}`, label: `Draft ${a.who} ${a.n}`, contact: { email: `draft-${a.n}@example.com` } }, problems: [] }] }),
    seen: (a) => t.deps.db.select({ orders: orderDrafts.orders }).from(orderDrafts).where(eq(orderDrafts.teamId, a.ids.teamId)),
  },
  "GET /api/teams/{teamId}/routes": { allow: FLEET },
  "GET /api/teams/{teamId}/routes/next": { allow: FLEET },
  "GET /api/teams/{teamId}/positions": { allow: FLEET },
  // Resequencing an already optimised route may keep its order: nothing need change.
  "POST /api/teams/{teamId}/routes/{routeId}/resequence": { allow: FLEET, fresh: "dispatched", valid: () => ({}), seen: null },
  "POST /api/teams/{teamId}/routes/{routeId}/stops/{stopId}/move": { allow: FLEET, fresh: "dispatched", valid: (a) => ({ toRouteId: a.ids.route2Id }), seen: ROUTE },
  "POST /api/teams/{teamId}/routes/urgent": { allow: FLEET, valid: (a) => ({ date: today(), label: `Urgent ${a.n}`, lat: 51.51, lng: -0.12 }), seen: (a) => t.deps.db.select({ id: routeStops.id }).from(routeStops).where(eq(routeStops.label, `Urgent ${a.n}`)) },
  "GET /api/teams/{teamId}/customer-messages": { allow: FLEET },
  // Customer e-mails are the owner's and admins' (a manager reads them).
  "PUT /api/teams/{teamId}/customer-messages": {
    allow: OWNER_ADMIN,
    valid: async (a) => {
      const { enabled, templates, quietHours } = await a.owner<{ enabled: boolean; templates: Record<string, { subject: string; body: string }>; quietHours: unknown }>(
        `/api/teams/${a.ids.teamId}/customer-messages`,
      );
      return { enabled, quietHours, templates: { ...templates, delivered: { ...templates.delivered!, subject: `Delivered (${a.n})` } } };
    },
    seen: `${TEAM}/customer-messages`,
  },
  "GET /api/analytics/teams/{teamId}": { allow: FLEET },
  // Team A's dispatched route of its driver, which the owner dispatched: the owner reads and edits it; an admin reads
  // it (decision 008) but may not change it (404, as for anyone else); a fresh route for each allowed write.
  "GET /api/routes/{id}": { allow: OWNER_ADMIN, refused: 404 },
  "PATCH /api/routes/{id}": { allow: ["owner"], refused: 404, fresh: "dispatched", valid: (a) => ({ name: `Renamed ${a.n}` }), seen: ROUTE },
  "DELETE /api/routes/{id}": { allow: ["owner"], refused: 404, fresh: "dispatched", seen: ROUTE },
  // The copy is a new route of the caller's: the original does not change.
  "POST /api/routes/{id}/duplicate": { allow: ["owner"], refused: 404, fresh: "dispatched", seen: null },
  "POST /api/routes/{id}/reoptimize": { allow: ["owner"], refused: 404, fresh: "dispatched", valid: () => ({}), seen: ROUTE },
  "POST /api/routes/{id}/stops": { allow: ["owner"], refused: 404, body: { stops: [{ address: "1 Main St", lat: 51.5, lng: -0.12 }] }, fresh: "dispatched", seen: ROUTE },
  "DELETE /api/routes/{id}/stops/{stopId}": { allow: ["owner"], refused: 404, fresh: "dispatched", seen: ROUTE },
  "POST /api/routes/{id}/share": { allow: ["owner"], refused: 404, fresh: "dispatched", seen: shares },
  "DELETE /api/routes/{id}/share": { allow: ["owner"], refused: 404, fresh: "shared", seen: shares },
  "GET /api/routes/{id}/export": { allow: OWNER_ADMIN, refused: 404 },
  // A's driver's stop.
  "POST /api/driver/stops/{stopId}/events": {
    allow: ["driver"],
    refused: 404,
    fresh: "dispatched",
    valid: (a) => ({ clientEventId: `authz-event-${a.n}`, type: "arrived", at: new Date().toISOString() }),
    seen: ROUTE,
  },
  "POST /api/driver/stops/{stopId}/proof": { allow: ["driver"], refused: 404, fresh: "dispatched", form: proofForm, seen: (a) => t.deps.db.select().from(stopProofs).where(eq(stopProofs.routeStopId, a.ids.stopId)) },
  // A stop id is not a proof file's id: every caller gets 404 here; "a real proof file" below uploads one and reads it.
  "GET /api/driver/proof/{id}": { allow: NOBODY, refused: 404 },
  // Team A owner's saved location and notification.
  "PATCH /api/saved-locations/{id}": { allow: ["owner"], refused: 404, fresh: "savedLocation", valid: (a) => ({ name: `Renamed place ${a.n}` }), seen: "/api/saved-locations" },
  "DELETE /api/saved-locations/{id}": { allow: ["owner"], refused: 404, fresh: "savedLocation", seen: "/api/saved-locations" },
  "POST /api/notifications/{id}/read": { allow: ["owner"], refused: 404, fresh: "notification", seen: "/api/notifications" },
  // Instance administration: no team role may; team A's owner is the instance's super_admin (first sign-up).
  "GET /api/admin/users": { allow: NOBODY, admins: true },
  "GET /api/admin/analytics": { allow: NOBODY, admins: true },
  "GET /api/health/details": { allow: NOBODY, admins: true },
  "PATCH /api/admin/users/{id}/plan": { allow: NOBODY, admins: true, fresh: "user", valid: () => ({ tier: "premium" }), seen: (a) => t.deps.db.select().from(subscribers).where(eq(subscribers.userId, a.ids.adminTargetId)) },
  "POST /api/admin/users/{id}/ban": { allow: NOBODY, admins: true, fresh: "user", valid: () => ({ reason: "authz" }), seen: userRow },
  // Unbanning someone who is not banned changes nothing.
  "POST /api/admin/users/{id}/unban": { allow: NOBODY, admins: true, fresh: "user", seen: null },
  // A fresh account has no usage to reset.
  "POST /api/admin/users/{id}/reset-usage": { allow: NOBODY, admins: true, fresh: "user", seen: null },
  "GET /api/admin/users/{id}/overage-charges": { allow: NOBODY, admins: true },
  "PATCH /api/admin/users/{id}/role": { allow: NOBODY, admins: true, fresh: "user", valid: () => ({ role: "admin" }), seen: userRow },
  // The super_admin deletes a fresh account: its user row is gone afterwards.
  "DELETE /api/admin/users/{id}": { allow: NOBODY, admins: true, fresh: "user", seen: userRow },
  "GET /api/security/metrics": { allow: NOBODY, admins: true },
  "GET /api/security/alerts": { allow: NOBODY, admins: true },
  "PATCH /api/security/alerts/{id}": {
    allow: NOBODY,
    admins: true,
    body: { status: "resolved" },
    fresh: "alert",
    seen: (a) => t.deps.db.select().from(securityAlerts).where(eq(securityAlerts.id, a.ids.alertId)),
  },
  "GET /api/security/violations": { allow: NOBODY, admins: true },
  "GET /api/security/audit": { allow: NOBODY, admins: true },
  // The contact inbox (decision 024): instance administrators only, on one message of the world.
  "GET /api/admin/contact-messages": { allow: NOBODY, admins: true },
  "GET /api/admin/contact-messages/{id}": { allow: NOBODY, admins: true },
  "PATCH /api/admin/contact-messages/{id}": {
    allow: NOBODY,
    admins: true,
    body: { status: "handled" },
    seen: () => t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, contactMessageId)),
  },
  "POST /api/admin/contact-messages/{id}/reply": {
    allow: NOBODY,
    admins: true,
    body: { text: "Answered by the authorisation matrix" },
    seen: () => t.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, contactMessageId)),
  },
};

/** Operations anyone may call signed out (security: [] in the document, and these). */
const PUBLIC = new Set(["GET /api/health", "POST /api/contact", "GET /api/realtime"]);

/** Own-data operations: every signed-in user acts on their own account only. */
const PERSONAL = new Set([
  "GET /api/me", "DELETE /api/me", "GET /api/me/plan", "GET /api/me/security/sessions", "DELETE /api/me/security/sessions/{id}",
  "POST /api/me/security/sessions/revoke-others", "GET /api/me/security/events", "POST /api/me/security/reauthenticate", "GET /api/me/export",
  "GET /api/preferences", "PATCH /api/preferences", "GET /api/saved-locations", "POST /api/saved-locations", "GET /api/notifications",
  "POST /api/notifications/read-all", "GET /api/me/usage", "POST /api/routes/resolve", "POST /api/routes/optimize", "GET /api/routes",
  "GET /api/analytics/summary", "GET /api/analytics/enhanced", "GET /api/geocode/autocomplete", "GET /api/geocode", "POST /api/geocode/batch", "POST /api/billing/checkout", "POST /api/billing/portal",
  "GET /api/billing/subscription", "GET /api/billing/overage-charges", "GET /api/teams", "POST /api/teams", "GET /api/invitations",
  "POST /api/invitations/{token}/accept", "POST /api/invitations/{token}/decline", "GET /api/driver/routes", "GET /api/driver/routes/next", "POST /api/driver/positions",
  "POST /api/auth/sign-up/email", "POST /api/auth/sign-in/email", "POST /api/auth/sign-out", "GET /api/auth/get-session",
  "POST /api/auth/request-password-reset", "POST /api/auth/reset-password", "POST /api/auth/change-password", "POST /api/auth/send-verification-email",
  "POST /api/auth/two-factor/enable", "POST /api/auth/two-factor/disable", "POST /api/auth/two-factor/verify-totp",
  "POST /api/auth/two-factor/verify-backup-code", "POST /api/auth/two-factor/generate-backup-codes", "GET /api/auth/verify-email",
  // Sign-in by link, code or provider, identities, e-mail change, JWT (issue 27): Better Auth acts on the caller or the e-mailed account only; another user's identity → 404 (modules/accounts/http/sign-in-methods.test.ts).
  "POST /api/auth/sign-in/magic-link", "GET /api/auth/magic-link/verify", "POST /api/auth/email-otp/send-verification-otp", "POST /api/auth/sign-in/email-otp",
  "POST /api/auth/sign-in/social", "POST /api/auth/link-social", "POST /api/auth/change-email", "GET /api/auth/token", "GET /api/auth/jwks",
  "GET /api/me/identities", "DELETE /api/me/identities/{id}",
  // API keys: each user's own (another user's key → 404, modules/public-api/http/api-v1.test.ts); /api/v1/* takes a key only, so every cookie here gets 401.
  "GET /api/api-keys", "POST /api/api-keys", "DELETE /api/api-keys/{id}", "POST /api/v1/optimize",
  // API jobs: each key owner's own (another user's job → 404, modules/public-api/http/api-v1-jobs.test.ts); key only, cookies get 401.
  "POST /api/v1/jobs", "GET /api/v1/jobs/{id}", "DELETE /api/v1/jobs/{id}",
  // Avatars (issue 27): only the caller's own is set or removed; a picture is read by its unguessable versioned URL (another's → 404 unless handed out).
  "PUT /api/me/avatar", "DELETE /api/me/avatar", "GET /api/avatars/{userId}/{version}",
]);

let t: TestApp;
let w: SecurityWorld;
let doc: OpenApiDocument;
let people: Record<Caller, Account>;
let hashes: Map<string, string>;

beforeAll(async () => {
  t = await createTestApp(LIMITS_OFF);
  w = await securityWorld(t, "authz");
  doc = (await (await t.call("/api/openapi.json")).json()) as OpenApiDocument;
  people = {
    owner: w.people.owner, admin: w.people.admin, manager: w.people.manager, driver: w.people.driver, member: w.people.member,
    otherTeam: w.people.otherManager, otherUser: w.people.outsider,
  };
  hashes = await passwordHashes(t, Object.values(people));
}, 120_000);

/** The contact message the inbox rows act on. */
let contactMessageId = "";
beforeAll(async () => {
  const [row] = await t.deps.db
    .insert(contactMessages)
    .values({ name: "Authz Sender", email: "authz-sender@example.com", topic: "general", message: "A message for the authorisation matrix." })
    .returning({ id: contactMessages.id });
  contactMessageId = row!.id;
});

afterAll(async () => {
  await waitForPlans();
  await t?.close();
});

/** Team A's ids as the world has them (fresh rows replace some for allowed writes). */
function worldIds(): FreshIds {
  return { ...w.ids, route2Id: w.route2Id, vehicle2Id: w.ids.vehicleId, adminTargetId: w.people.otherManager.userId, alertId: "00000000-0000-4000-8000-000000000000" };
}

/** Ids by parameter (or body field) name and path. */
function lookupIn(ids: FreshIds): IdLookup {
  return (name, path) => {
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
    if (path.startsWith("/api/admin/users/")) return ids.adminTargetId;
    if (path.startsWith("/api/security/alerts/")) return ids.alertId;
    if (path.startsWith("/api/admin/contact-messages/")) return contactMessageId;
    if (path.startsWith("/api/driver/proof/")) return ids.stopId;
    return undefined;
  };
}

/** A path template of the table (`{teamId}`, `{routeId}`…) with the ids filled in. */
function fill(template: string, ids: FreshIds): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String((ids as unknown as Record<string, string>)[name] ?? `{${name}}`));
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
    await db.select().from(orderDrafts).where(eq(orderDrafts.teamId, ids.teamId)).orderBy(orderDrafts.id),
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

let writeCounter = 0;
/** AUTHZ_ONLY=<regex on "METHOD /path">: send only those rows (the completeness check still covers every operation). */
const ONLY = process.env.AUTHZ_ONLY ? new RegExp(process.env.AUTHZ_ONLY) : undefined;

/** The owner's view at a path: status and body. */
async function ownerView(path: string): Promise<string> {
  const res = await t.call(path, { cookie: people.owner.cookie });
  return `${res.status} ${await res.text()}`;
}

/**
 * One allowed caller's write on fresh rows of its own: it must succeed (2xx), and what the
 * table's `seen` reads as team A's owner (or in the database) must differ afterwards.
 */
async function allowedWrite(ref: OperationRef, row: Row, who: Caller, failures: string[]): Promise<void> {
  const key = opKey(ref);
  const n = ++writeCounter;
  const fresh = row.fresh && !(row.self as readonly Caller[] | undefined)?.includes(who) ? await freshRows(t, w, row.fresh) : {};
  const ids: FreshIds = { ...worldIds(), ...fresh };
  const a: AllowedCall = { who, ids, n, owner: (path) => json(t.call(path, { cookie: people.owner.cookie })) };
  const [req] = fuzzRequests(doc, ref, lookupIn(ids), w.other.routeId);
  if (!req) throw new Error(`${key}: no request`);
  if (row.form) {
    req.body = row.form(a);
    delete req.headers["content-type"];
  } else if (typeof req.body === "string" || row.valid) {
    const example = typeof req.body === "string" ? (JSON.parse(req.body) as object) : {};
    req.body = JSON.stringify({ ...example, ...row.body, ...(row.valid ? await row.valid(a) : {}) });
    req.headers["content-type"] = "application/json";
  }
  const { seen } = row;
  const look = (): Promise<string> => (typeof seen === "string" ? ownerView(fill(seen, ids)) : seen ? seen(a).then((v) => JSON.stringify(v)) : Promise.resolve(""));
  const before = await look();
  const res = await send(req, people[who].cookie);
  if (res.status >= 300) failures.push(`${key} [${who}, allowed]: ${res.status} — ${res.text.slice(0, 200)}`);
  else {
    await waitForPlans();
    if (seen !== null && (await look()) === before) failures.push(`${key} [${who}, allowed]: ${res.status}, but the owner sees no change (${typeof seen === "string" ? fill(seen, ids) : "database"})`);
  }
  await refreshSession(t, people[who], hashes);
}

describe("authorisation matrix", () => {
  it("every operation is in the table, public or personal; every caller gets what the table says", async () => {
    const ops = operationsOf(doc);
    const lookup = lookupIn(worldIds());
    const failures: string[] = [];
    const seen: string[] = [];
    let cases = 0;
    let allowedWrites = 0;
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
      if (isPublic || key === "GET /api/realtime" || (ONLY && !ONLY.test(key))) continue;
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
      if (write) {
        const allowed = (Object.keys(people) as Caller[]).filter((who) => expected(row, who, admins) === "allowed");
        if (allowed.length > 0 && row.seen === undefined) failures.push(`${key}: allowed write without a "seen" check in the table`);
        for (const who of allowed) {
          await allowedWrite(ref, row, who, failures);
          await restoreA();
          cases++;
          allowedWrites++;
        }
      }
    }
    console.log(`authz: ${cases} cases over ${seen.length} operations (${allowedWrites} allowed writes on fresh rows)`);
    expect(failures).toEqual([]);
  }, 300_000);
});

describe("authorisation matrix: personal data, the auth API and proof files", () => {
  it("a member's personal route: the member edits it; team A's owner and admin read it (decision 008) but get 404 on every write, like everyone else", async () => {
    const member = people.member;
    // The member plans from the team's quota: give them an allocation.
    await t.deps.db.update(teamMembers).set({ quotaAllocation: 50 }).where(and(eq(teamMembers.teamId, w.teamId), eq(teamMembers.userId, member.userId)));
    const personalRoute = async (n: number): Promise<{ routeId: string; stopId: string }> => {
      const res = await t.call("/api/routes/optimize", {
        cookie: member.cookie,
        body: { name: `Member's own ${n}`, start: { lat: 51.5074, lng: -0.1278 }, stops: [{ lat: 51.52, lng: -0.1, label: "Stop one" }, { lat: 51.49, lng: -0.14, label: "Stop two" }] },
      });
      if (res.status !== 200) throw new Error(`personal route: ${res.status} ${await res.text()}`);
      const { route } = await json<{ route: { id: string; stops: { id: string }[] } }>(res);
      return { routeId: route.id, stopId: route.stops[0]!.id };
    };
    const rowsOf = async (routeId: string) =>
      JSON.stringify([
        await t.deps.db.select().from(routes).where(eq(routes.id, routeId)),
        await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, routeId)).orderBy(routeStops.id),
        await t.deps.db.select().from(routeShares).where(eq(routeShares.routeId, routeId)),
      ]);
    const writes: { key: string; body?: Record<string, unknown> }[] = [
      { key: "PATCH /api/routes/{id}", body: { name: "Taken over" } },
      { key: "DELETE /api/routes/{id}" },
      { key: "POST /api/routes/{id}/duplicate" },
      { key: "POST /api/routes/{id}/reoptimize", body: {} },
      { key: "POST /api/routes/{id}/stops", body: { stops: [{ address: "1 Main St", lat: 51.5, lng: -0.12 }] } },
      { key: "DELETE /api/routes/{id}/stops/{stopId}" },
      { key: "POST /api/routes/{id}/share" },
      { key: "GET /api/routes/{id}" },
      { key: "GET /api/routes/{id}/export?format=csv" },
    ];
    const failures: string[] = [];
    let cases = 0;
    const target = await personalRoute(0);
    for (const [i, { key, body }] of writes.entries()) {
      const [method, template] = key.split(" ") as [string, string];
      const path = (ids: { routeId: string; stopId: string }) => template.replace("{id}", ids.routeId).replace("{stopId}", ids.stopId);
      const init = (cookie?: string) => ({ method, cookie, ...(body ? { body } : {}) });
      const before = await rowsOf(target.routeId);
      for (const who of ["owner", "admin", "manager", "otherTeam", "otherUser"] as const) {
        const res = await t.call(path(target), init(people[who].cookie));
        cases++;
        const want = method === "GET" && (who === "owner" || who === "admin") ? 200 : 404;
        if (res.status !== want) failures.push(`${key} [${who}] on the member's personal route: ${res.status}, expected ${want}`);
      }
      const out = await t.call(path(target), init());
      cases++;
      if (out.status !== 401) failures.push(`${key} [signed out]: ${out.status}, expected 401`);
      if ((await rowsOf(target.routeId)) !== before) failures.push(`${key}: the member's route changed after refused calls`);
      // The member on a route of their own for this write: allowed.
      const own = method === "GET" ? target : await personalRoute(i + 1);
      const ownBefore = await rowsOf(own.routeId);
      const res = await t.call(path(own), init(member.cookie));
      cases++;
      if (res.status >= 300) failures.push(`${key} [member, own route]: ${res.status} — ${(await res.text()).slice(0, 200)}`);
      else if (method !== "GET" && key !== "POST /api/routes/{id}/duplicate" && (await rowsOf(own.routeId)) === ownBefore) failures.push(`${key} [member, own route]: no change stored`);
    }
    console.log(`authz personal routes: ${cases} cases`);
    expect(failures).toEqual([]);
  }, 300_000);

  it("personal writes: the owner's preferences, places, notifications and sessions change only by the owner", async () => {
    const owner = people.owner;
    const other = people.otherUser;
    const ownerRows = async () =>
      JSON.stringify([
        await ownerView("/api/preferences"),
        await t.deps.db.select().from(savedLocations).where(eq(savedLocations.userId, owner.userId)).orderBy(savedLocations.id),
        await t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, owner.userId)).orderBy(teamNotifications.id),
        (await t.deps.db.select({ id: session.id }).from(session).where(eq(session.userId, owner.userId)).orderBy(session.id)).map((r) => r.id),
      ]);
    const ownerSession = (await json<{ session: { id: string } }>(t.call("/api/auth/get-session", { cookie: owner.cookie }))).session.id;
    const place = await freshRows(t, w, "savedLocation");
    const note = await freshRows(t, w, "notification");
    const before = await ownerRows();
    const failures: string[] = [];
    // The other user's writes: their own (2xx) or, for the owner's ids, 404; the owner's rows stay as they were.
    const attempts: [string, string, unknown, number][] = [
      ["PATCH", "/api/preferences", { theme: "dark", distanceUnit: "km" }, 200],
      ["POST", "/api/saved-locations", { name: "Other's place", address: "3 Main St", lat: 51.5, lng: -0.12 }, 201],
      ["POST", "/api/notifications/read-all", undefined, 200],
      ["PATCH", `/api/saved-locations/${place.savedLocationId}`, { name: "Stolen" }, 404],
      ["DELETE", `/api/saved-locations/${place.savedLocationId}`, undefined, 404],
      ["POST", `/api/notifications/${note.notificationId}/read`, undefined, 404],
      ["DELETE", `/api/me/security/sessions/${ownerSession}`, undefined, 404],
      ["POST", "/api/me/security/sessions/revoke-others", undefined, 200],
    ];
    for (const [method, path, body, status] of attempts) {
      const res = await t.call(path, { method, cookie: other.cookie, ...(body === undefined ? {} : { body }) });
      if (Math.floor(res.status / 100) !== Math.floor(status / 100) || (status === 404 && res.status !== 404)) failures.push(`${method} ${path} [other user]: ${res.status}, expected ${status} — ${(await res.text()).slice(0, 160)}`);
      const out = await t.call(path, { method, ...(body === undefined ? {} : { body }) });
      if (out.status !== 401) failures.push(`${method} ${path} [signed out]: ${out.status}, expected 401`);
    }
    if ((await ownerRows()) !== before) failures.push("the owner's preferences, places, notifications or sessions changed after another user's writes");
    await refreshSession(t, other, hashes);
    // The owner's own writes succeed and show.
    for (const [method, path, body] of attempts.slice(0, 6)) {
      const res = await t.call(path, { method, cookie: owner.cookie, ...(body === undefined ? {} : { body }) });
      if (res.status >= 300) failures.push(`${method} ${path} [owner]: ${res.status} — ${(await res.text()).slice(0, 160)}`);
    }
    if ((await ownerRows()) === before) failures.push("the owner's own writes changed nothing");
    expect(failures).toEqual([]);
  }, 120_000);

  it("/api/auth/*: another user's session token cannot be revoked or used; two-factor, password and e-mail changes touch only the caller; signed out gets 401", async () => {
    const x = await account(t, "authz-x");
    const y = await account(t, "authz-y");
    const sessionOf = async (who: Account) => json<{ session: { id: string; token: string }; user: { email: string; twoFactorEnabled?: boolean } }>(t.call("/api/auth/get-session", { cookie: who.cookie }));
    const ySession = await sessionOf(y);
    const yRows = async () =>
      JSON.stringify([
        await t.deps.db.select().from(user).where(eq(user.id, y.userId)),
        await t.deps.db.select().from(session).where(eq(session.userId, y.userId)).orderBy(session.id),
        await t.deps.db.select({ password: credentials.password }).from(credentials).where(and(eq(credentials.userId, y.userId), eq(credentials.providerId, "credential"))),
      ]);
    const before = await yRows();
    const failures: string[] = [];
    const calls: [string, string, unknown][] = [
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/revoke-session", { token: ySession.session.token }],
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["POST", "/api/auth/update-user", { name: "Renamed" }],
      ["POST", "/api/auth/change-password", { currentPassword: "Str0ng!Pass", newPassword: "N3w!Password9", revokeOtherSessions: true }],
      ["POST", "/api/auth/change-email", { newEmail: y.email }],
      ["POST", "/api/auth/two-factor/enable", { password: "Str0ng!Pass" }],
      ["POST", "/api/auth/two-factor/disable", { password: "Str0ng!Pass" }],
      ["POST", "/api/auth/delete-user", { password: "Str0ng!Pass" }],
      ["POST", "/api/auth/revoke-sessions", {}],
    ];
    for (const [method, path, body] of calls) {
      const out = await t.call(path, { method, ...(body === undefined ? {} : { body }) });
      if (out.status !== 401) failures.push(`${method} ${path} [signed out]: ${out.status}, expected 401`);
      const res = await t.call(path, { method, cookie: x.cookie, ...(body === undefined ? {} : { body }) });
      const text = await res.text();
      if (text.includes(ySession.session.token) || text.includes(ySession.session.id)) failures.push(`${method} ${path} [x]: the response holds y's session`);
      if (res.status >= 500) failures.push(`${method} ${path} [x]: ${res.status}`);
      if ((await yRows()) !== before) failures.push(`${method} ${path} [x]: y's account or sessions changed`);
      // x may have signed itself out (revoke, password change, deletion): sign in again for the next call.
      if ((await t.call("/api/me", { cookie: x.cookie })).status !== 200) {
        const again = await t.signIn(x.email, "N3w!Password9");
        const retry = again.status === 200 ? again : await t.signIn(x.email);
        if (retry.status === 200) x.cookie = retry.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
      }
    }
    // y's session still works, and its token is no use as x's cookie value.
    expect((await t.call("/api/me", { cookie: y.cookie })).status).toBe(200);
    expect(failures).toEqual([]);
  }, 120_000);

  it("GET /api/driver/proof/{id}: a real proof file is served to the stop's driver and team A's owner, admin and manager only", async () => {
    const ids = await freshRows(t, w, "dispatched");
    const photo = jpegBytes([], 2048);
    const form = new FormData();
    form.append("clientEventId", "authz-proof-read");
    form.append("photo", file(photo, "photo.jpg", "image/jpeg"));
    form.append("signature", file(pngBytes(), "signature.png", "image/png"));
    form.append("recipient", "Mr Read");
    const upload = await send({ label: "proof", method: "POST", path: `/api/driver/stops/${ids.stopId}/proof`, headers: {}, body: form }, people.driver.cookie);
    expect(upload.status, upload.text).toBe(200);
    const proof = JSON.parse(upload.text) as { url: string; files: { url: string; kind: string }[] };
    const failures: string[] = [];
    for (const url of [proof.url, ...proof.files.map((f) => f.url)]) {
      for (const who of Object.keys(people) as Caller[]) {
        const res = await t.app.request(`${BASE}${url}`, { headers: { cookie: people[who].cookie } });
        const bytes = Buffer.from(await res.arrayBuffer());
        const allowed = ["driver", "owner", "admin", "manager"].includes(who);
        if (allowed && (res.status !== 200 || bytes.length === 0)) failures.push(`${url} [${who}]: ${res.status}, expected 200 with the file`);
        if (allowed && url === proof.url && !bytes.equals(photo)) failures.push(`${url} [${who}]: not the uploaded photo`);
        if (!allowed && res.status !== 404) failures.push(`${url} [${who}]: ${res.status}, expected 404`);
        if (!allowed && bytes.includes(photo.subarray(-64))) failures.push(`${url} [${who}]: the photo's bytes in a refusal`);
      }
      const out = await t.app.request(`${BASE}${url}`);
      if (out.status !== 401) failures.push(`${url} [signed out]: ${out.status}, expected 401`);
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
