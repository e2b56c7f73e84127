import { and, eq, getTableColumns, isNotNull, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { URI, type TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountSecurityMessages } from "@routepilot/contracts";
import * as schema from "@routepilot/db";
import { authenticationLogs, routeStops, routes, savedLocations, session, teamMembers, teamNotifications, teams, twoFactor, user, userPreferences } from "@routepilot/db";
import { PROOF_BUCKET } from "../../driver/proof";
import { cookieFrom, createTestApp, PASSWORD, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Json = Record<string, unknown>;
const json = async (res: Response) => (await res.json()) as Json;

/** Turns two-factor authentication on for the account behind `cookie`; returns its TOTP, backup codes and the new cookie. */
async function enableTwoFactor(cookie: string): Promise<{ totp: TOTP; backupCodes: string[]; cookie: string }> {
  const enable = await t.call("/api/auth/two-factor/enable", { cookie, body: { password: PASSWORD } });
  expect(enable.status).toBe(200);
  const body = (await enable.json()) as { totpURI: string; backupCodes: string[] };
  const totp = URI.parse(body.totpURI) as TOTP;
  expect(totp.issuer).toBe("RoutePilot");
  const verify = await t.call("/api/auth/two-factor/verify-totp", { cookie, body: { code: totp.generate() } });
  expect(verify.status).toBe(200);
  return { totp, backupCodes: body.backupCodes, cookie: cookieFrom(verify) || cookie };
}

async function reauth(cookie: string, body: Json = { password: PASSWORD }) {
  return t.call("/api/me/security/reauthenticate", { cookie, body });
}

describe("signed out", () => {
  it("answers 401 on every account-security endpoint", async () => {
    expect((await t.call("/api/me/security/sessions")).status).toBe(401);
    expect((await t.call("/api/me/security/sessions/abc", { method: "DELETE" })).status).toBe(401);
    expect((await t.call("/api/me/security/sessions/revoke-others", { method: "POST" })).status).toBe(401);
    expect((await t.call("/api/me/security/events")).status).toBe(401);
    expect((await t.call("/api/me/security/reauthenticate", { body: { password: PASSWORD } })).status).toBe(401);
    expect((await t.call("/api/me/export")).status).toBe(401);
    expect((await t.call("/api/me", { method: "DELETE", body: { confirmation: "DELETE" } })).status).toBe(401);
  });
});

describe("two-factor authentication (TOTP)", () => {
  it("is switched on only after a code is confirmed, then required at sign-in; backup codes work once", async () => {
    const email = "two-factor@example.com";
    const { cookie, userId } = await t.signUp(email);

    const wrong = await t.call("/api/auth/two-factor/enable", { cookie, body: { password: "Wr0ng!Password" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_PASSWORD");

    const enable = await t.call("/api/auth/two-factor/enable", { cookie, body: { password: PASSWORD } });
    const { totpURI, backupCodes } = (await enable.json()) as { totpURI: string; backupCodes: string[] };
    expect(backupCodes).toHaveLength(10);
    // Not on until the first code is confirmed: sign-in still needs the password only.
    expect((await t.deps.db.select().from(user).where(eq(user.id, userId)))[0]!.twoFactorEnabled).toBe(false);
    const totp = URI.parse(totpURI) as TOTP;
    const badCode = await t.call("/api/auth/two-factor/verify-totp", { cookie, body: { code: totp.generate() === "000000" ? "111111" : "000000" } });
    expect(badCode.status).toBe(401);
    const confirm = await t.call("/api/auth/two-factor/verify-totp", { cookie, body: { code: totp.generate() } });
    expect(confirm.status).toBe(200);
    expect((await t.deps.db.select().from(user).where(eq(user.id, userId)))[0]!.twoFactorEnabled).toBe(true);

    // Sign-in: the password alone creates no session.
    const first = await t.signIn(email);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ["totp"] });
    const pending = cookieFrom(first);
    expect(pending).toMatch(/two_factor=/);
    expect(pending).not.toMatch(/session_token=/);
    expect((await t.call("/api/me", { cookie: pending })).status).toBe(401);
    expect((await t.call("/api/me/security/sessions", { cookie: pending })).status).toBe(401);

    const miss = await t.call("/api/auth/two-factor/verify-totp", { cookie: pending, body: { code: "000000" === totp.generate() ? "111111" : "000000" } });
    expect(miss.status).toBe(401);
    expect(((await miss.json()) as { code: string }).code).toBe("INVALID_CODE");
    const ok = await t.call("/api/auth/two-factor/verify-totp", { cookie: pending, body: { code: totp.generate() } });
    expect(ok.status).toBe(200);
    const signedIn = cookieFrom(ok);
    expect((await t.call("/api/me", { cookie: signedIn })).status).toBe(200);

    // A backup code instead of the app's code: once.
    const code = backupCodes[0]!;
    const second = cookieFrom(await t.signIn(email));
    const backup = await t.call("/api/auth/two-factor/verify-backup-code", { cookie: second, body: { code } });
    expect(backup.status).toBe(200);
    expect((await t.call("/api/me", { cookie: cookieFrom(backup) })).status).toBe(200);
    const third = cookieFrom(await t.signIn(email));
    const reused = await t.call("/api/auth/two-factor/verify-backup-code", { cookie: third, body: { code } });
    expect(reused.status).toBe(401);

    // Regenerated codes replace the old ones.
    const regenerated = await t.call("/api/auth/two-factor/generate-backup-codes", { cookie: signedIn, body: { password: PASSWORD } });
    expect(regenerated.status).toBe(200);
    const fresh = ((await regenerated.json()) as { backupCodes: string[] }).backupCodes;
    const fourth = cookieFrom(await t.signIn(email));
    expect((await t.call("/api/auth/two-factor/verify-backup-code", { cookie: fourth, body: { code: backupCodes[1] } })).status).toBe(401);
    const fifth = cookieFrom(await t.signIn(email));
    expect((await t.call("/api/auth/two-factor/verify-backup-code", { cookie: fifth, body: { code: fresh[0] } })).status).toBe(200);

    // The history names each step; the audit trail has the switch-on.
    const events = (await json(await t.call("/api/me/security/events?limit=100", { cookie: signedIn }))) as { events: { eventType: string; outcome: string }[] };
    const kinds = events.events.map((e) => `${e.eventType}:${e.outcome}`);
    expect(kinds).toContain("two_factor_enable:success");
    expect(kinds).toContain("two_factor_verify:failure");
    expect(kinds).toContain("two_factor_verify:success");
    expect(kinds).toContain("sign_in:success");

    // Disable needs the password; afterwards the password alone signs in again.
    expect((await t.call("/api/auth/two-factor/disable", { cookie: signedIn, body: { password: "Wr0ng!Password" } })).status).toBe(400);
    const off = await t.call("/api/auth/two-factor/disable", { cookie: signedIn, body: { password: PASSWORD } });
    expect(off.status).toBe(200);
    expect(await t.deps.db.select().from(twoFactor).where(eq(twoFactor.userId, userId))).toHaveLength(0);
    const plain = await t.signIn(email);
    expect(((await plain.json()) as Json).twoFactorRedirect).toBeUndefined();
    const disabled = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, userId), eq(authenticationLogs.eventType, "two_factor_disable")));
    expect(disabled).toHaveLength(1);
  });
});

describe("sessions", () => {
  it("lists and revokes only the user's own sessions", async () => {
    const a = await t.signUp("sessions-a@example.com");
    const other = cookieFrom(await t.call("/api/auth/sign-in/email", { body: { email: "sessions-a@example.com", password: PASSWORD }, headers: { "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1" } }));
    const b = await t.signUp("sessions-b@example.com");

    const list = (await json(await t.call("/api/me/security/sessions", { cookie: a.cookie }))) as { sessions: { id: string; current: boolean; device: string }[] };
    expect(list.sessions).toHaveLength(2);
    expect(list.sessions.filter((s) => s.current)).toHaveLength(1);
    expect(list.sessions.map((s) => s.device)).toContain("Safari on iPhone");
    const otherId = list.sessions.find((s) => !s.current)!.id;

    const [bSession] = await t.deps.db.select().from(session).where(eq(session.userId, b.userId));
    expect((await t.call(`/api/me/security/sessions/${bSession!.id}`, { method: "DELETE", cookie: a.cookie })).status).toBe(404);
    expect((await t.call("/api/me/security/sessions/no-such-session", { method: "DELETE", cookie: a.cookie })).status).toBe(404);
    expect((await t.call("/api/me", { cookie: b.cookie })).status).toBe(200);

    expect((await t.call(`/api/me/security/sessions/${otherId}`, { method: "DELETE", cookie: a.cookie })).status).toBe(204);
    expect((await t.call("/api/me", { cookie: other })).status).toBe(401);

    const third = cookieFrom(await t.signIn("sessions-a@example.com"));
    const fourth = cookieFrom(await t.signIn("sessions-a@example.com"));
    const revoked = await json(await t.call("/api/me/security/sessions/revoke-others", { method: "POST", cookie: a.cookie }));
    expect(revoked).toEqual({ revoked: 2 });
    expect((await t.call("/api/me", { cookie: third })).status).toBe(401);
    expect((await t.call("/api/me", { cookie: fourth })).status).toBe(401);
    expect((await t.call("/api/me", { cookie: a.cookie })).status).toBe(200);
    expect((await t.call("/api/me", { cookie: b.cookie })).status).toBe(200);
    const audit = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, a.userId), eq(authenticationLogs.eventType, "session_revoke")));
    expect(audit).toHaveLength(2);
  });
});

describe("sign-in history", () => {
  it("shows the user's own events (and failures against their address), newest first, in pages", async () => {
    const a = await t.signUp("history-a@example.com");
    const b = await t.signUp("history-b@example.com");
    await t.signIn("history-a@example.com", "Wr0ng!Password");
    await t.signIn("history-b@example.com", "Wr0ng!Password");
    await t.signIn("history-a@example.com");

    const page = (await json(await t.call("/api/me/security/events?limit=2", { cookie: a.cookie }))) as { events: { id: string; eventType: string; outcome: string; createdAt: string }[]; nextBefore: string | null };
    expect(page.events.map((e) => `${e.eventType}:${e.outcome}`)).toEqual(["sign_in:success", "sign_in:failure"]);
    expect(page.nextBefore).toBe(page.events[1]!.id);
    const rest = (await json(await t.call(`/api/me/security/events?limit=2&before=${page.nextBefore}`, { cookie: a.cookie }))) as typeof page;
    expect(rest.events.map((e) => e.eventType)).toEqual(["sign_up"]);
    expect(rest.nextBefore).toBeNull();

    const bEvents = (await json(await t.call("/api/me/security/events", { cookie: b.cookie }))) as typeof page;
    expect(bEvents.events.map((e) => `${e.eventType}:${e.outcome}`)).toEqual(["sign_in:failure", "sign_up:success"]);
    // Another user's event id as the cursor names nothing of the caller's.
    expect((await t.call(`/api/me/security/events?before=${bEvents.events[0]!.id}`, { cookie: a.cookie })).status).toBe(404);

    expect((await t.call("/api/me/security/events?limit=0", { cookie: a.cookie })).status).toBe(400);
    expect((await t.call("/api/me/security/events?limit=abc", { cookie: a.cookie })).status).toBe(400);
    expect((await t.call("/api/me/security/events?before=not-an-id", { cookie: a.cookie })).status).toBe(400);
    void b.userId;
  });
});

async function seedData(userId: string, label: string) {
  const [location] = await t.deps.db.insert(savedLocations).values({ userId, name: `${label} home`, address: `1 ${label} Street` }).returning();
  await t.deps.db.insert(userPreferences).values({ userId, preferences: { theme: "dark" }, defaultStartLocationId: location!.id });
  const [route] = await t.deps.db
    .insert(routes)
    .values({ userId, name: `${label} route`, start: { label: "Depot", address: null, lat: 51.5, lng: -0.1 }, distanceM: 1000, durationS: 600, provider: "test" })
    .returning();
  await t.deps.db.insert(routeStops).values({ routeId: route!.id, sequence: 1, inputIndex: 0, label: `${label} stop`, lat: 51.51, lng: -0.11, arrivalS: 300, departureS: 300, legDistanceM: 1000, legDurationS: 300 });
  await t.deps.db.insert(teamNotifications).values({ userId, type: "other", title: `${label} note`, message: "hello" });
  return { routeId: route!.id };
}

describe("re-authentication and export", () => {
  it("needs the password (and the code with two-factor on) before the export, which holds only the user's data", async () => {
    const a = await t.signUp("export-a@example.com");
    const b = await t.signUp("export-b@example.com");
    await seedData(a.userId, "Alpha");
    await seedData(b.userId, "Bravo");

    expect((await t.call("/api/me/export", { cookie: a.cookie })).status).toBe(403);
    const wrong = await reauth(a.cookie, { password: "Wr0ng!Password" });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { message: accountSecurityMessages.wrongPassword, fields: { password: accountSecurityMessages.wrongPassword } } });
    expect((await reauth(a.cookie, { password: "" })).status).toBe(400);
    // B's confirmation does not open A's export.
    expect((await reauth(b.cookie)).status).toBe(200);
    expect((await t.call("/api/me/export", { cookie: a.cookie })).status).toBe(403);

    expect((await reauth(a.cookie)).status).toBe(200);
    const res = await t.call("/api/me/export", { cookie: a.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename="routepilot-data-\d{4}-\d{2}-\d{2}\.json"/);
    const text = await res.text();
    const data = JSON.parse(text) as { profile: { email: string }; savedLocations: { name: string }[]; routes: { name: string; stops: { label: string }[] }[]; preferences: { preferences: Json }; notifications: unknown[]; signInHistory: unknown[] };
    expect(data.profile.email).toBe("export-a@example.com");
    expect(data.savedLocations.map((l) => l.name)).toEqual(["Alpha home"]);
    expect(data.routes.map((r) => [r.name, r.stops.map((s) => s.label)])).toEqual([["Alpha route", ["Alpha stop"]]]);
    expect(data.preferences.preferences).toEqual({ theme: "dark" });
    expect(data.notifications).toHaveLength(1);
    expect(data.signInHistory.length).toBeGreaterThan(0);
    expect(text).not.toMatch(/Bravo|export-b@/);
    const audited = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, a.userId), eq(authenticationLogs.eventType, "data_export")));
    expect(audited).toHaveLength(1);
  });

  it("asks for the authenticator code when two-factor is on", async () => {
    const a = await t.signUp("reauth-2fa@example.com");
    const { totp, cookie } = await enableTwoFactor(a.cookie);
    const noCode = await reauth(cookie);
    expect(noCode.status).toBe(400);
    expect(await noCode.json()).toMatchObject({ error: { fields: { code: accountSecurityMessages.codeRequired } } });
    const badCode = await reauth(cookie, { password: PASSWORD, code: totp.generate() === "123456" ? "654321" : "123456" });
    expect(badCode.status).toBe(400);
    expect(await badCode.json()).toMatchObject({ error: { fields: { code: accountSecurityMessages.wrongCode } } });
    expect((await reauth(cookie, { password: PASSWORD, code: "12ab" })).status).toBe(400);
    expect((await reauth(cookie, { password: PASSWORD, code: totp.generate() })).status).toBe(200);
    expect((await t.call("/api/me/export", { cookie })).status).toBe(200);
  });
});

/** Every table with a column referencing user.id, and how many rows still name `userId`. */
async function rowsNaming(userId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  const userColumns = ["userId", "ownerId", "invitedBy", "uploadedBy", "createdBy", "driverUserId", "resolvedBy"];
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

describe("account deletion", () => {
  it("deletes every row the user owns in one go, keeps audit rows without the user, and signs them out", async () => {
    const owner = await t.signUp("deletion-team-owner@example.com");
    const a = await t.signUp("deletion-a@example.com");
    const b = await t.signUp("deletion-b@example.com");
    const { routeId } = await seedData(a.userId, "Alpha");
    await seedData(b.userId, "Bravo");
    const [team] = await t.deps.db.insert(teams).values({ name: "Kept Team", ownerId: owner.userId }).returning();
    await t.deps.db.insert(teamMembers).values({ teamId: team!.id, userId: a.userId, role: "manager", invitedBy: owner.userId });
    // A team route A planned stays with the team (its owner); its proof file stays too.
    const [teamRoute] = await t.deps.db
      .insert(routes)
      .values({ userId: a.userId, teamId: team!.id, name: "Team route", start: { label: "Depot", address: null, lat: 51.5, lng: -0.1 }, distanceM: 1, durationS: 1, provider: "test" })
      .returning();
    // A's own route has a proof photo in storage: it goes with the route.
    const [stop] = await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, routeId));
    await t.deps.storage.upload(PROOF_BUCKET, "deleted-proof.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
    await t.deps.db.insert(schema.stopProofs).values({ routeStopId: stop!.id, teamId: team!.id, uploadedBy: a.userId, kind: "photo", objectKey: "deleted-proof.jpg", contentType: "image/jpeg", sizeBytes: 3 });
    await t.signIn("deletion-a@example.com", "Wr0ng!Password");
    const second = cookieFrom(await t.signIn("deletion-a@example.com"));
    expect(Object.keys(await rowsNaming(a.userId)).length).toBeGreaterThan(5);

    expect((await t.call("/api/me", { method: "DELETE", cookie: a.cookie, body: { confirmation: "DELETE" } })).status).toBe(403);
    expect((await reauth(a.cookie)).status).toBe(200);
    const typo = await t.call("/api/me", { method: "DELETE", cookie: a.cookie, body: { confirmation: "delete" } });
    expect(typo.status).toBe(400);
    expect(await typo.json()).toMatchObject({ error: { fields: { confirmation: accountSecurityMessages.confirmation } } });

    const del = await t.call("/api/me", { method: "DELETE", cookie: a.cookie, body: { confirmation: "DELETE" } });
    expect(del.status).toBe(204);

    expect(await rowsNaming(a.userId)).toEqual({});
    expect(await t.deps.db.select().from(user).where(eq(user.id, a.userId))).toHaveLength(0);
    // Audit rows remain without the user or the address; the deletion itself is recorded.
    const deletion = await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, "account_deletion"));
    expect(deletion.some((r) => r.userId === null && (r.details.metadata as Json).formerUserId === a.userId)).toBe(true);
    const naming = await t.deps.db.select().from(authenticationLogs).where(sql`${authenticationLogs.details}->'metadata'->>'email' = 'deletion-a@example.com'`);
    expect(naming).toHaveLength(0);
    expect((await t.deps.storage.info(PROOF_BUCKET, "deleted-proof.jpg"))).toBeNull();
    const [kept] = await t.deps.db.select().from(routes).where(eq(routes.id, teamRoute!.id));
    expect(kept!.userId).toBe(owner.userId);

    // Both sessions are gone; the password no longer signs in.
    expect((await t.call("/api/me", { cookie: a.cookie })).status).toBe(401);
    expect((await t.call("/api/me", { cookie: second })).status).toBe(401);
    expect((await t.signIn("deletion-a@example.com")).status).toBe(401);
    // The other users keep everything.
    expect(await t.deps.db.$count(savedLocations, eq(savedLocations.userId, b.userId))).toBe(1);
    expect(await t.deps.db.$count(teams, eq(teams.id, team!.id))).toBe(1);
    expect(await t.deps.db.$count(teamMembers, and(eq(teamMembers.teamId, team!.id), isNotNull(teamMembers.userId)))).toBe(0);
    expect((await t.call("/api/me", { cookie: b.cookie })).status).toBe(200);
  });

  it("refuses a team owner with the team's name and changes nothing", async () => {
    const owner = await t.signUp("owner-deletion@example.com");
    await t.deps.db.insert(teams).values({ name: "Owner's Fleet", ownerId: owner.userId });
    expect((await reauth(owner.cookie)).status).toBe(200);
    const res = await t.call("/api/me", { method: "DELETE", cookie: owner.cookie, body: { confirmation: "DELETE" } });
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { code: "CONFLICT", message: "Transfer ownership of Owner's Fleet or delete it first" } });
    expect(await t.deps.db.$count(user, eq(user.id, owner.userId))).toBe(1);
    expect((await t.call("/api/me", { cookie: owner.cookie })).status).toBe(200);
  });
});
