import { and, asc, eq, isNotNull, isNull, or, sql } from "drizzle-orm";
import { accountSecurityMessages, adminMessages } from "@routepilot/contracts";
import { authenticationLogs, routeStops, routes, stopProofs, teams, user, type Database } from "@routepilot/db";
import { ConflictError, NotFoundError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Storage } from "../../platform/storage";
import type { RequestOrigin } from "../../lib/request-origin";
import { writeAuditEvent } from "../security/audit";
import { PROOF_BUCKET } from "../driver/proof";
import { AVATAR_BUCKET, ownAvatarKey } from "./avatars";

export interface DeletionDeps {
  db: Database;
  logger: Logger;
  storage: Storage;
}

/** The account to delete, as it is when the deletion locks it. */
export interface DeletionTarget {
  id: string;
  email: string;
  role: string;
}

/**
 * An administrator deleting someone else's account (DELETE /api/admin/users/{id}): who they are,
 * for the audit row, and the check that they may delete this account, run on the locked row.
 */
export interface OperatorDeletion {
  actor: { id: string; email: string; role: string };
  /** Throws (ForbiddenError, ValidationError) when the actor may not delete `target`. */
  authorize: (target: DeletionTarget) => void;
}

/**
 * Deletes the account and everything it owns in one transaction: the one deletion path, used by
 * self-deletion (DELETE /api/me, `who` is the user's own request) and by an administrator
 * (DELETE /api/admin/users/{id}, `operator` set; `who` is the admin's request). Refused (409)
 * while the user owns a team: the team's data is its members' too, so ownership must pass on first.
 *
 * Every table referencing user.id: subscribers, saved_locations, user_preferences, team_notifications,
 * team_members, session, account, apikey, two_factor, stop_events, driver_positions, fleet_drivers,
 * routes (with their stops, shares and proofs), usage_logs, overage_charges, usage_warnings and
 * api_jobs are deleted (ON DELETE CASCADE); authentication_logs, contact_messages,
 * rate_limit_violations, security_alerts.resolved_by, team_members/team_invitations.invited_by,
 * stop_proofs.uploaded_by, plans.created_by and routes.driver_user_id keep their rows with the
 * column set to null. A team member's routes of a team pass to the team's owner (they are the
 * team's work, not personal data). The e-mail address is removed from the audit rows that named
 * it. One account_deletion audit row records the deletion (and the administrator, when one did
 * it). Proof files of deleted routes and the user's avatar are removed from storage after the commit.
 */
export async function deleteAccount(
  deps: DeletionDeps,
  who: { userId: string } & RequestOrigin,
  operator?: OperatorDeletion,
): Promise<void> {
  const { db, logger, storage } = deps;
  const files = await db.transaction(async (tx) => {
    const [profile] = await tx.select({ id: user.id, email: user.email, role: user.role, image: user.image }).from(user).where(eq(user.id, who.userId)).for("update");
    if (!profile) throw new NotFoundError(operator ? "User" : "Account");
    operator?.authorize(profile);
    const [ownedTeam] = await tx.select({ name: teams.name }).from(teams).where(eq(teams.ownerId, who.userId)).orderBy(asc(teams.createdAt)).limit(1);
    if (ownedTeam) throw new ConflictError(operator ? adminMessages.deleteOwnsTeam(profile.email, ownedTeam.name) : accountSecurityMessages.ownsTeam(ownedTeam.name));

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
      userId: null,
      userAgent: who.userAgent,
      ipAddress: who.ipAddress,
      ...(operator
        ? {
            // The administrator's own session and request: the row names them, not the deleted user's address.
            action: "delete account (administrator)",
            riskLevel: "high",
            sessionId: who.sessionId,
            resource: `/api/admin/users/${who.userId}`,
            metadata: { formerUserId: who.userId, formerRole: profile.role, proofFiles: proofs.length, actorId: operator.actor.id, actorEmail: operator.actor.email, actorRole: operator.actor.role },
          }
        : { riskLevel: "medium", sessionId: null, resource: "/api/me", metadata: { formerUserId: who.userId, proofFiles: proofs.length } }),
    });
    const avatar = ownAvatarKey(profile.id, profile.image);
    return [...proofs.map((p) => ({ bucket: PROOF_BUCKET, key: p.key })), ...(avatar ? [{ bucket: AVATAR_BUCKET, key: avatar }] : [])];
  });

  for (const { bucket, key } of files) {
    await storage.remove(bucket, key).catch((error: unknown) => logger.error({ err: error, bucket }, "could not remove a deleted account's file"));
  }
}
