import { and, eq, isNotNull } from "drizzle-orm";
import { account as credentials, routeShares, securityAlerts, routeStops, teamInvitations, teamMembers, teamNotifications, teams, user, vehicles } from "@routepilot/db";
import type { Vehicle } from "@routepilot/contracts";
import { DEPOT } from "./fleet-fixtures";
import { waitForPlans } from "../modules/fleet/plans";
import { liveWorld, plainOrders, today, type LiveWorld } from "./live-fixtures";
import { account, addMember, json, type Account } from "./team-fixtures";
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

/** Team A's ids with some replaced by fresh rows; `route2Id`/`vehicle2Id` are a second route or van of the same fixture. */
export interface FreshIds extends ResourceIds {
  route2Id: string;
  vehicle2Id: string;
  /** The account an instance admin acts on. */
  adminTargetId: string;
  alertId: string;
}

/**
 * Kinds of fresh rows one allowed write of the authorisation matrix acts on, so that every
 * allowed caller's write has rows of its own and no row of the table disturbs another.
 */
export type FreshKind = "member" | "invitation" | "staleInvitation" | "vehicle" | "plan" | "dispatched" | "shared" | "savedLocation" | "notification" | "user" | "alert";

let freshCounter = 0;

async function freshVan(t: TestApp, w: SecurityWorld, name: string): Promise<Vehicle> {
  const res = await t.call(`/api/teams/${w.teamId}/vehicles`, {
    cookie: w.people.owner.cookie,
    body: { name, profile: "van", capacity: [200], shift: { start: "00:00", end: "23:59" }, start: DEPOT, end: DEPOT },
  });
  if (res.status !== 201) throw new Error(`fresh vehicle: ${res.status} ${await res.text()}`);
  return json<Vehicle>(res);
}

/** A solved plan of today on two fresh vans of team A (`used`: the vans the solution gives stops). */
export async function freshPlan(t: TestApp, w: SecurityWorld, n: number): Promise<{ id: string; vans: string[]; used: string[] }> {
  const vans = [(await freshVan(t, w, `Plan van ${n}a`)).id, (await freshVan(t, w, `Plan van ${n}b`)).id];
  const res = await t.call(`/api/teams/${w.teamId}/plans`, {
    cookie: w.people.owner.cookie,
    body: { date: today(), objective: "balance", vehicleIds: vans, orders: plainOrders(3, 100 + n), settings: { timeLimitSeconds: 1 } },
  });
  if (res.status !== 202) throw new Error(`fresh plan: ${res.status} ${await res.text()}`);
  const { id } = await json<{ id: string }>(res);
  await waitForPlans();
  const plan = await json<{ status: string; routes: { vehicleId: string; stops: unknown[] }[] }>(t.call(`/api/teams/${w.teamId}/plans/${id}`, { cookie: w.people.owner.cookie }));
  const used = plan.routes.filter((r) => r.stops.length > 0).map((r) => r.vehicleId);
  if (used.length === 0) throw new Error(`fresh plan ${id}: no route (${plan.status})`);
  return { id, vans, used };
}

/** Creates fresh rows of `kind` on team A's side (as its owner) and returns the ids that replace the world's. */
export async function freshRows(t: TestApp, w: SecurityWorld, kind: FreshKind): Promise<Partial<FreshIds>> {
  const n = ++freshCounter;
  const owner = w.people.owner;
  switch (kind) {
    case "member": {
      const who = await account(t, `fresh-member-${n}`, `Fresh Member ${n}`);
      await addMember(t, w.teamId, who, "driver");
      return { memberUserId: who.userId };
    }
    case "user":
      return { adminTargetId: (await account(t, `fresh-user-${n}`)).userId };
    case "invitation":
    case "staleInvitation": {
      const email = `fresh-invitee-${n}@example.com`;
      const res = await t.call(`/api/teams/${w.teamId}/invitations`, { cookie: owner.cookie, body: { email, role: "member" } });
      if (res.status !== 201) throw new Error(`fresh invitation: ${res.status} ${await res.text()}`);
      const { id } = await json<{ id: string }>(res);
      // Sent long ago (expired), so a resend is past its cooldown.
      if (kind === "staleInvitation") await t.deps.db.update(teamInvitations).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(teamInvitations.id, id));
      const row = await one(t.deps.db.select().from(teamInvitations).where(eq(teamInvitations.id, id)), "fresh invitation");
      return { invitationId: id, invitationToken: row.token };
    }
    case "vehicle":
      return { vehicleId: (await freshVan(t, w, `Fresh van ${n}`)).id };
    case "plan": {
      const plan = await freshPlan(t, w, n);
      return { planId: plan.id, vehicleId: plan.vans[0]!, vehicle2Id: plan.vans[1]! };
    }
    case "dispatched":
    case "shared": {
      const plan = await freshPlan(t, w, n);
      const drivers = [w.people.driver, w.people.driver2];
      const res = await t.call(`/api/teams/${w.teamId}/plans/${plan.id}/dispatch`, {
        cookie: owner.cookie,
        body: { assignments: plan.used.map((vehicleId, i) => ({ vehicleId, driverUserId: drivers[i]!.userId })), dispatchAnyway: true },
      });
      if (res.status !== 200) throw new Error(`fresh dispatch: ${res.status} ${await res.text()}`);
      const out = await json<{ routes: { routeId: string; driverUserId: string }[] }>(res);
      const routeOf = (driver: Account) => out.routes.find((r) => r.driverUserId === driver.userId)?.routeId;
      const routeId = routeOf(w.people.driver)!;
      const stop = await one(t.deps.db.select().from(routeStops).where(and(eq(routeStops.routeId, routeId), isNotNull(routeStops.trackingToken))), "fresh stop");
      if (kind === "shared") {
        const share = await t.call(`/api/routes/${routeId}/share`, { method: "POST", cookie: owner.cookie });
        if (share.status >= 300) throw new Error(`fresh share: ${share.status} ${await share.text()}`);
      }
      // The solver may put every order on one van: then the second route is driver2's of the world.
      return { routeId, route2Id: routeOf(w.people.driver2) ?? w.route2Id, stopId: stop.id, planId: plan.id, vehicleId: plan.vans[0]!, vehicle2Id: plan.vans[1]! };
    }
    case "savedLocation": {
      const res = await t.call("/api/saved-locations", { cookie: owner.cookie, body: { name: `Fresh place ${n}`, address: "2 Main St", lat: 51.5, lng: -0.12 } });
      if (res.status !== 201) throw new Error(`fresh saved location: ${res.status} ${await res.text()}`);
      return { savedLocationId: (await json<{ id: string }>(res)).id };
    }
    case "alert": {
      const [row] = await t.deps.db.insert(securityAlerts).values({ type: "system_anomaly", severity: "medium", source: `authz:${n}` }).returning();
      return { alertId: row!.id };
    }
    case "notification": {
      const [row] = await t.deps.db.insert(teamNotifications).values({ userId: owner.userId, type: "other", title: `Fresh note ${n}`, message: "fresh" }).returning();
      return { notificationId: row!.id };
    }
  }
}
