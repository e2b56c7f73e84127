import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { accountSecurityMessages, type AccountExport } from "@routepilot/contracts";
import {
  authenticationLogs,
  overageCharges,
  routeStops,
  routes,
  savedLocations,
  stopProofs,
  subscribers,
  teamMembers,
  teamNotifications,
  teams,
  usageLogs,
  user,
  userPreferences,
  type Database,
} from "@routepilot/db";
import { ConflictError, NotFoundError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../storage";
import { PROOF_BUCKET } from "../driver/proof";
import { writeAuditEvent } from "../audit";
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

export interface DeletionDeps {
  db: Database;
  logger: Logger;
  storage: Storage;
}

/**
 * Deletes the account and everything it owns in one transaction. Refused (409) while the user owns a
 * team: the team's data is its members' too, so ownership must pass on first.
 *
 * Every table referencing user.id: subscribers, saved_locations, user_preferences, team_notifications,
 * team_members, session, account, two_factor, stop_events, driver_positions, fleet_drivers, routes
 * (with their stops, shares and proofs), usage_logs, overage_charges and usage_warnings are deleted
 * (ON DELETE CASCADE); authentication_logs, contact_messages, rate_limit_violations,
 * security_alerts.resolved_by, team_members/team_invitations.invited_by, stop_proofs.uploaded_by,
 * plans.created_by and routes.driver_user_id keep their rows with the column set to null. A team
 * member's routes of a team pass to the team's owner (they are the team's work, not personal data).
 * The e-mail address is removed from the audit rows that named it. Proof files of deleted routes are
 * removed from storage after the commit.
 */
export async function deleteAccount(deps: DeletionDeps, who: { userId: string; userAgent: string | null; ipAddress: string | null; sessionId: string | null }): Promise<void> {
  const { db, logger, storage } = deps;
  const proofKeys = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ id: user.id, email: user.email }).from(user).where(eq(user.id, who.userId)).for("update");
    if (!profile) throw new NotFoundError("Account");
    const [ownedTeam] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.ownerId, who.userId)).orderBy(asc(teams.createdAt)).limit(1);
    if (ownedTeam) throw new ConflictError(accountSecurityMessages.ownsTeam(ownedTeam.name));

    // Team routes the member planned stay with the team: they pass to its owner.
    await tx
      .update(routes)
      .set({ userId: sql`(select ${teams.ownerId} from ${teams} where ${teams.id} = ${routes.teamId})`, updatedAt: new Date() })
      .where(and(eq(routes.userId, who.userId), isNotNull(routes.teamId), sql`exists (select 1 from ${teams} where ${teams.id} = ${routes.teamId})`));

    const proofs = await tx
      .select({ key: stopProofs.objectKey })
      .from(stopProofs)
      .innerJoin(routeStops, eq(routeStops.id, stopProofs.routeStopId))
      .innerJoin(routes, eq(routes.id, routeStops.routeId))
      .where(eq(routes.userId, who.userId));

    // Audit rows stay (user_id becomes null); the address they named goes.
    await tx
      .update(authenticationLogs)
      .set({ details: sql`jsonb_set(${authenticationLogs.details}, '{metadata,email}', '"[deleted]"'::jsonb)` })
      .where(
        and(
          sql`${authenticationLogs.details}->'metadata'->>'email' is not null`,
          or(eq(authenticationLogs.userId, who.userId), and(isNull(authenticationLogs.userId), sql`${authenticationLogs.details}->'metadata'->>'email' = ${profile.email.toLowerCase()}`)),
        ),
      );

    await tx.delete(user).where(eq(user.id, who.userId));
    await writeAuditEvent(tx, logger, {
      eventType: "account_deletion",
      outcome: "success",
      riskLevel: "medium",
      userId: null,
      userAgent: who.userAgent,
      ipAddress: who.ipAddress,
      sessionId: null,
      resource: "/api/me",
      metadata: { formerUserId: who.userId, proofFiles: proofs.length },
    });
    return proofs.map((p) => p.key);
  });

  for (const key of proofKeys) {
    await storage.remove(PROOF_BUCKET, key).catch((error: unknown) => logger.error({ err: error }, "could not remove a deleted account's proof file"));
  }
}
