import { asc, desc, eq, inArray } from "drizzle-orm";
import type { AccountExport } from "@routepilot/contracts";
import {
  overageCharges,
  routeStops,
  routes,
  savedLocations,
  subscribers,
  teamMembers,
  teamNotifications,
  teams,
  usageLogs,
  user,
  userPreferences,
  type Database,
} from "@routepilot/db";
import { NotFoundError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import { listSecurityEvents } from "./sessions";
import { stopContact } from "../../security/contacts";
import type { FieldEncryption } from "../../security/field-encryption";

/** Dates become ISO strings so the export is plain JSON. */
function plain<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]));
}

/** Everything the product keeps about the user, as one JSON document (GET /api/me/export). */
export async function exportAccount(deps: { db: Database; encryption: FieldEncryption; logger: Logger }, userId: string, now = new Date()): Promise<AccountExport> {
  const { db } = deps;
  const [profile] = await db.select().from(user).where(eq(user.id, userId));
  if (!profile) throw new NotFoundError("Account");
  const [subscription] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
  const [preferences] = await db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  const locations = await db.select().from(savedLocations).where(eq(savedLocations.userId, userId)).orderBy(asc(savedLocations.createdAt));
  const ownRoutes = await db.select().from(routes).where(eq(routes.userId, userId)).orderBy(asc(routes.createdAt));
  const stops = ownRoutes.length
    ? await db
        .select()
        .from(routeStops)
        .where(inArray(routeStops.routeId, ownRoutes.map((r) => r.id)))
        .orderBy(asc(routeStops.routeId), asc(routeStops.sequence))
    : [];
  const usage = await db.select().from(usageLogs).where(eq(usageLogs.userId, userId)).orderBy(asc(usageLogs.createdAt));
  const charges = await db.select().from(overageCharges).where(eq(overageCharges.userId, userId)).orderBy(asc(overageCharges.createdAt));
  const memberships = await db
    .select({ teamId: teamMembers.teamId, teamName: teams.name, role: teamMembers.role, quotaAllocation: teamMembers.quotaAllocation, usedQuota: teamMembers.usedQuota, joinedAt: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId));
  const owned = await db.select({ teamId: teams.id, teamName: teams.name, createdAt: teams.createdAt }).from(teams).where(eq(teams.ownerId, userId));
  const notifications = await db.select().from(teamNotifications).where(eq(teamNotifications.userId, userId)).orderBy(desc(teamNotifications.createdAt));
  const history = await listSecurityEvents(db, { userId, email: profile.email }, { limit: 100 });

  return {
    exportedAt: now.toISOString(),
    profile: {
      id: profile.id,
      name: profile.name,
      email: profile.email,
      emailVerified: profile.emailVerified,
      createdAt: profile.createdAt.toISOString(),
      twoFactorEnabled: profile.twoFactorEnabled === true,
    },
    subscription: subscription ? plain(subscription) : null,
    preferences: preferences ? plain(preferences) : null,
    savedLocations: locations.map(plain),
    // A stop's customer contact is stored sealed (decision 011): the export shows it opened, as before.
    routes: ownRoutes.map((r) => ({
      ...plain(r),
      stops: stops.filter((s) => s.routeId === r.id).map(({ contactSealed, contact, ...s }) => plain({ ...s, contact: stopContact(deps.encryption, { contactSealed, contact }, deps.logger) })),
    })),
    usage: usage.map(plain),
    overageCharges: charges.map(plain),
    teamMemberships: [...owned.map((t) => ({ ...plain(t), role: "owner" })), ...memberships.map(plain)],
    notifications: notifications.map(plain),
    signInHistory: history.events,
  };
}
