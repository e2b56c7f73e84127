import { and, eq, isNotNull } from "drizzle-orm";
import { account as credentials, routeShares, routeStops, teamInvitations, teamMembers, teamNotifications, teams, user, vehicles } from "@routepilot/db";
import { liveWorld, type LiveWorld } from "../routes/driver/live-fixtures";
import { account, type Account } from "../routes/teams/team-fixtures";
import { cookieFrom, PASSWORD, type TestApp } from "./harness";

/**
 * The world of the security suites (fuzz, authorisation matrix): the live-operations world (a
 * fleet_pro team A with every role and dispatched routes, a team B with its own manager and
 * driver) plus an instance admin, a user outside every team, and one of each personal resource
 * (saved location, share link, invitation, notification) for team A's owner and for team B's
 * manager, so every id in the API has a real row on each side.
 */
export interface SecurityWorld extends LiveWorld {
  admin: Account;
  /** Ids of team A's side; `other` holds the same kinds of ids on team B's side. */
  ids: ResourceIds;
  other: ResourceIds;
}

export interface ResourceIds {
  teamId: string;
  vehicleId: string;
  routeId: string;
  stopId: string;
  planId: string;
  savedLocationId: string;
  shareToken: string;
  invitationId: string;
  invitationToken: string;
  notificationId: string;
  trackingToken: string;
  memberUserId: string;
}

async function one<T>(rows: Promise<T[]>, what: string): Promise<T> {
  const [row] = await rows;
  if (!row) throw new Error(`security world: no ${what}`);
  return row;
}

async function resourcesOf(t: TestApp, owner: Account, teamId: string, routeId: string, planId: string, memberUserId: string, label: string): Promise<ResourceIds> {
  const loc = await t.call("/api/saved-locations", { cookie: owner.cookie, body: { name: `${label} depot`, address: "1 Main St", lat: 51.5, lng: -0.12 } });
  if (loc.status !== 201) throw new Error(`saved location: ${loc.status} ${await loc.text()}`);
  const share = await t.call(`/api/routes/${routeId}/share`, { method: "POST", cookie: owner.cookie });
  const invite = await t.call(`/api/teams/${teamId}/invitations`, { cookie: owner.cookie, body: { email: `${label}-invitee@example.com`, role: "member" } });
  if (invite.status !== 201) throw new Error(`invitation: ${invite.status} ${await invite.text()}`);
  const invitation = await one(t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.teamId, teamId)), "invitation");
  const [notification] = await t.deps.db
    .insert(teamNotifications)
    .values({ userId: owner.userId, type: "other", title: `${label} note`, message: `${label} notification` })
    .returning();
  const stop = await one(t.deps.db.select().from(routeStops).where(and(eq(routeStops.routeId, routeId), isNotNull(routeStops.trackingToken))), "stop with a tracking token");
  const vehicle = await one(t.deps.db.select().from(vehicles).where(eq(vehicles.teamId, teamId)), "vehicle");
  const shareRow = share.status < 300 ? await one(t.deps.db.select().from(routeShares).where(eq(routeShares.routeId, routeId)), "share") : undefined;
  return {
    teamId,
    vehicleId: vehicle.id,
    routeId,
    stopId: stop.id,
    planId,
    savedLocationId: ((await loc.json()) as { id: string }).id,
    shareToken: shareRow?.token ?? "no-share-link-for-this-route",
    invitationId: invitation.id,
    invitationToken: invitation.token,
    notificationId: notification!.id,
    trackingToken: stop.trackingToken!,
    memberUserId,
  };
}

export async function securityWorld(t: TestApp, label: string): Promise<SecurityWorld> {
  const live = await liveWorld(t, label, { stops: 4 });
  const admin = await account(t, `${label}-admin`, "Ada Admin");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  const ids = await resourcesOf(t, live.people.owner, live.teamId, live.routeId, live.planId, live.people.driver.userId, `${label}-a`);
  const other = await resourcesOf(t, await otherOwner(t, live.otherTeamId), live.otherTeamId, live.otherRouteId, live.planId, live.people.otherDriver.userId, `${label}-b`);
  return { ...live, admin, ids, other };
}

/** Team B's owner (liveWorld keeps only its manager and driver), signed in. */
async function otherOwner(t: TestApp, teamId: string): Promise<Account> {
  const team = await one(t.deps.db.select().from(teams).where(eq(teams.id, teamId)), "other team");
  const owner = await one(t.deps.db.select().from(user).where(eq(user.id, team.ownerId)), "other owner");
  const res = await t.signIn(owner.email, PASSWORD);
  if (res.status !== 200) throw new Error(`other owner sign-in: ${res.status}`);
  return { cookie: cookieFrom(res), userId: owner.id, email: owner.email };
}

/** The stored password hashes of `who`, to put back after a password change the fuzz made. */
export async function passwordHashes(t: TestApp, who: Account[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const a of who) {
    const row = await one(t.deps.db.select().from(credentials).where(and(eq(credentials.userId, a.userId), eq(credentials.providerId, "credential"))), "credential");
    out.set(a.userId, row.password!);
  }
  return out;
}

/**
 * Signs `who` in again when their session no longer works (a sign-out, a password change or a
 * ban the fuzz caused): unbans them and puts their password hash back first.
 */
export async function refreshSession(t: TestApp, who: Account, hashes: Map<string, string>): Promise<void> {
  const me = await t.call("/api/me", { cookie: who.cookie });
  if (me.status === 200) return;
  await t.deps.db.update(user).set({ banned: false, banReason: null, banExpires: null }).where(eq(user.id, who.userId));
  const hash = hashes.get(who.userId);
  if (hash) await t.deps.db.update(credentials).set({ password: hash }).where(and(eq(credentials.userId, who.userId), eq(credentials.providerId, "credential")));
  const res = await t.signIn(who.email, PASSWORD);
  if (res.status !== 200) throw new Error(`cannot sign ${who.email} in again: ${res.status} ${await res.text()}`);
  who.cookie = cookieFrom(res);
}

/** A snapshot of a team's row and members, put back after requests that may transfer or remove. */
export async function snapshotTeam(t: TestApp, teamId: string): Promise<() => Promise<void>> {
  const team = await one(t.deps.db.select().from(teams).where(eq(teams.id, teamId)), "team");
  const members = await t.deps.db.select().from(teamMembers).where(eq(teamMembers.teamId, teamId));
  return async () => {
    await t.deps.db.transaction(async (tx) => {
      await tx.update(teams).set({ ownerId: team.ownerId, name: team.name }).where(eq(teams.id, teamId));
      await tx.delete(teamMembers).where(eq(teamMembers.teamId, teamId));
      if (members.length) await tx.insert(teamMembers).values(members);
    });
  };
}
