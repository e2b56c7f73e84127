import { and, asc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  assignableTeamRoles,
  teamMessages,
  teamRoleNames,
  type AssignableTeamRole,
  type CreateTeam,
  type Team,
  type TeamDetail,
  type TeamListItem,
  type TeamMember,
  type UpdateTeamMember,
} from "@routepilot/contracts";
import { teamInvitations, teamMembers, teams, user, type DbOrTx, type Tx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { ConflictError, firstOrThrow, ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import { ensureSubscriber } from "../accounts/accounts";
import { NO_ORIGIN, type RequestOrigin } from "../../lib/request-origin";
import { writeAuditEvent } from "../security/audit";
import { asTeamRole, hasTeamsAccess, memberOf, teamForManager, teamForMember, type TeamRow } from "./access";
import { TeamEvents } from "./events";
import { refreshTeams, refreshTeamsOf } from "./quota";
import { assertNoUnsafeMarkup } from "../security/sanitize";

export type TeamDeps = Pick<AppDeps, "db" | "realtime" | "logger">;
/** The signed-in caller; `origin` is the request (address, user agent, session) their audit rows record. */
export type TeamCaller = { id: string; email: string; origin?: RequestOrigin };
type Caller = TeamCaller;

/** Runs a team change in one transaction, then publishes what it queued. */
export async function inTeamTransaction<T>(deps: TeamDeps, work: (tx: Tx, events: TeamEvents) => Promise<T>): Promise<T> {
  const events = new TeamEvents();
  const result = await deps.db.transaction((tx) => work(tx, events));
  await events.flush(deps.realtime, deps.logger);
  return result;
}

export function presentTeam(row: TeamRow): Team {
  return { id: row.id, name: row.name, ownerId: row.ownerId, totalQuota: row.totalQuota, usedQuota: row.usedQuota };
}

/**
 * The audit row (team_role_change) of a member's new team role, or of their leaving the team
 * (after "none"): whose, by whom, before and after, from which request.
 */
function auditTeamRole(deps: TeamDeps, tx: Tx, actor: Caller, teamId: string, memberId: string, action: string, before: string, after: string): Promise<void> {
  return writeAuditEvent(tx, deps.logger, {
    ...(actor.origin ?? NO_ORIGIN),
    eventType: "team_role_change",
    action,
    outcome: "success",
    riskLevel: "medium",
    userId: memberId,
    resource: `/api/teams/${teamId}/members/${memberId}`,
    metadata: { actorId: actor.id, teamId, before, after },
  });
}

/** POST /api/teams: the caller (teams access, SPEC §5) founds a team and is its owner. */
export async function createTeam(deps: TeamDeps, caller: Caller, input: CreateTeam): Promise<Team> {
  assertNoUnsafeMarkup({ name: input.name });
  const owner = await ensureSubscriber(deps.db, caller.id, caller.email);
  if (!(await hasTeamsAccess(deps.db, caller.id))) throw new ForbiddenError(teamMessages.noTeamsAccess);
  return inTeamTransaction(deps, async (tx) => {
    const team = firstOrThrow(await tx.insert(teams).values({ name: input.name, ownerId: caller.id, totalQuota: owner.monthlyRouteLimit }).returning(), "team insert returned no row");
    await tx.insert(teamMembers).values({ teamId: team.id, userId: caller.id, role: "owner", quotaAllocation: 0 });
    return presentTeam(team);
  });
}

/** GET /api/teams: the caller's teams, oldest membership first, with the caller's role and allocation. */
export async function listTeams(db: DbOrTx, userId: string): Promise<TeamListItem[]> {
  await refreshTeamsOf(db, userId);
  const rows = await db
    .select({
      team: teams,
      role: teamMembers.role,
      quotaAllocation: teamMembers.quotaAllocation,
      memberUsedQuota: teamMembers.usedQuota,
      memberCount: sql<number>`(select count(*)::int from team_members m where m.team_id = "teams"."id")`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teams.id));
  return rows.map((r) => ({
    ...presentTeam(r.team),
    role: r.team.ownerId === userId ? "owner" : asTeamRole(r.role),
    quotaAllocation: r.quotaAllocation,
    memberUsedQuota: r.memberUsedQuota,
    memberCount: Number(r.memberCount),
  }));
}

const inviter = alias(user, "inviter");

/** Open invitations of a team: not accepted, revoked, declined or expired. */
export const invitationIsOpen = () =>
  and(isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), isNull(teamInvitations.declinedAt), gt(teamInvitations.expiresAt, new Date()));

async function membersOf(db: DbOrTx, team: TeamRow): Promise<TeamMember[]> {
  const rows = await db
    .select({ member: teamMembers, email: user.email, name: user.name, image: user.image, inviterName: inviter.name })
    .from(teamMembers)
    .innerJoin(user, eq(user.id, teamMembers.userId))
    .leftJoin(inviter, eq(inviter.id, teamMembers.invitedBy))
    .where(eq(teamMembers.teamId, team.id))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.userId));
  return rows.map((r) => presentMember(team, r.member, r));
}

function presentMember(team: TeamRow, m: typeof teamMembers.$inferSelect, who: { email: string; name: string; image: string | null; inviterName: string | null }): TeamMember {
  return {
    userId: m.userId,
    email: who.email,
    name: who.name,
    image: who.image,
    role: team.ownerId === m.userId ? "owner" : asTeamRole(m.role),
    quotaAllocation: m.quotaAllocation,
    usedQuota: m.usedQuota,
    invitedBy: m.invitedBy,
    invitedByName: who.inviterName,
    joinedAt: m.createdAt.toISOString(),
  };
}

/** GET /api/teams/{id}: members and open invitations, for members only (404 for anyone else). */
export async function getTeam(db: DbOrTx, userId: string, teamId: string): Promise<TeamDetail> {
  await refreshTeams(db, [teamId]);
  const { team, role } = await teamForMember(db, userId, teamId);
  const members = await membersOf(db, team);
  const invitations = await db
    .select({ inv: teamInvitations, inviterName: inviter.name })
    .from(teamInvitations)
    .leftJoin(inviter, eq(inviter.id, teamInvitations.invitedBy))
    .where(and(eq(teamInvitations.teamId, teamId), invitationIsOpen()))
    .orderBy(asc(teamInvitations.createdAt), asc(teamInvitations.id));
  return {
    ...presentTeam(team),
    role,
    allocatedQuota: members.reduce((sum, m) => sum + m.quotaAllocation, 0),
    members,
    pendingInvitations: invitations.map(({ inv, inviterName }) => ({
      id: inv.id,
      email: inv.email,
      role: asAssignableRole(inv.role),
      invitedBy: inviterName,
      expiresAt: inv.expiresAt.toISOString(),
      createdAt: inv.createdAt.toISOString(),
    })),
  };
}

export function asAssignableRole(value: string): AssignableTeamRole {
  return (assignableTeamRoles as readonly string[]).includes(value) ? (value as AssignableTeamRole) : "member";
}

/** Allocations of all members but one, and the 400 when the new allocation would take the sum above the team quota. */
async function assertAllocationFits(tx: DbOrTx, team: TeamRow, userId: string, oldAllocation: number, newAllocation: number): Promise<void> {
  if (newAllocation <= oldAllocation) return;
  const [others] = await tx
    .select({ sum: sql<number>`coalesce(sum(${teamMembers.quotaAllocation}), 0)::int` })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, userId)));
  const available = Math.max(0, team.totalQuota - Number(others?.sum ?? 0));
  if (newAllocation > available) {
    const message = teamMessages.allocationTooHigh(Math.max(0, available - oldAllocation), team.totalQuota);
    throw new ValidationError(message, { quotaAllocation: message });
  }
}

/** PATCH /api/teams/{id}/members/{userId} (owner/admin): role and/or allocation. */
export async function updateMember(deps: TeamDeps, caller: Caller, teamId: string, memberId: string, patch: UpdateTeamMember): Promise<TeamMember> {
  return inTeamTransaction(deps, async (tx, events) => {
    await refreshTeams(tx, [teamId]);
    const { team, role } = await teamForManager(tx, caller.id, teamId, { forUpdate: true });
    const target = await memberOf(tx, teamId, memberId);
    if (team.ownerId === memberId) {
      throw role === "owner" ? new ConflictError(teamMessages.ownerRoleByTransfer) : new ForbiddenError(teamMessages.ownerProtected);
    }
    if (patch.quotaAllocation !== undefined) await assertAllocationFits(tx, team, memberId, target.quotaAllocation, patch.quotaAllocation);
    const [updated] = await tx
      .update(teamMembers)
      .set({ ...(patch.role ? { role: patch.role } : {}), ...(patch.quotaAllocation !== undefined ? { quotaAllocation: patch.quotaAllocation } : {}) })
      .where(eq(teamMembers.id, target.id))
      .returning();
    if (!updated) throw new NotFoundError("Member");
    if (memberId !== caller.id) {
      const changes: string[] = [];
      if (patch.role && patch.role !== target.role) changes.push(teamMessages.roleChangedMessage(team.name, teamRoleNames[patch.role]));
      if (patch.quotaAllocation !== undefined && patch.quotaAllocation !== target.quotaAllocation) {
        changes.push(teamMessages.allocationChangedMessage(team.name, patch.quotaAllocation));
      }
      if (changes.length > 0) await events.notify(tx, memberId, "other", teamMessages.memberChangedTitle, changes.join(" "));
    }
    if (patch.role && patch.role !== target.role) await auditTeamRole(deps, tx, caller, teamId, memberId, "change role", target.role, patch.role);
    await events.teamChanged(tx, teamId, "updated", memberId);
    const [who] = await tx
      .select({ email: user.email, name: user.name, image: user.image, inviterName: inviter.name })
      .from(user)
      .leftJoin(inviter, eq(inviter.id, sql`${updated.invitedBy}`))
      .where(eq(user.id, memberId));
    return presentMember(team, updated, who ?? { email: "", name: "", image: null, inviterName: null });
  });
}

/**
 * DELETE /api/teams/{id}/members/{userId}: a member leaves (their own id) or the owner/admin
 * removes someone. The owner is never removed and cannot leave without transferring first.
 */
export async function removeMember(deps: TeamDeps, caller: Caller, teamId: string, memberId: string): Promise<void> {
  await inTeamTransaction(deps, async (tx, events) => {
    const self = memberId === caller.id;
    const { team } = self ? await teamForMember(tx, caller.id, teamId, { forUpdate: true }) : await teamForManager(tx, caller.id, teamId, { forUpdate: true });
    const target = await memberOf(tx, teamId, memberId);
    if (team.ownerId === memberId) throw self ? new ConflictError(teamMessages.ownerCannotLeave) : new ForbiddenError(teamMessages.ownerProtected);
    await tx.delete(teamMembers).where(eq(teamMembers.id, target.id));
    await auditTeamRole(deps, tx, caller, teamId, memberId, self ? "leave team" : "remove member", target.role, "none");
    if (!self) await events.notify(tx, memberId, "other", teamMessages.memberRemovedTitle, teamMessages.memberRemovedMessage(team.name));
    await events.teamChanged(tx, teamId, self ? "left" : "removed", memberId, [memberId]);
  });
}

/** POST /api/teams/{id}/transfer (owner only): the member named becomes owner; the old owner becomes admin. */
export async function transferOwnership(deps: TeamDeps, caller: Caller, teamId: string, newOwnerId: string): Promise<TeamDetail> {
  await inTeamTransaction(deps, async (tx, events) => {
    const { team, role } = await teamForMember(tx, caller.id, teamId, { forUpdate: true });
    if (role !== "owner") throw new ForbiddenError(teamMessages.notOwner);
    if (newOwnerId === caller.id) throw new ValidationError(teamMessages.transferToSelf, { userId: teamMessages.transferToSelf });
    const [target] = await tx.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, newOwnerId)));
    if (!target) throw new ValidationError(teamMessages.transferNotMember, { userId: teamMessages.transferNotMember });
    const [newOwner] = await tx.select({ email: user.email }).from(user).where(eq(user.id, newOwnerId));
    await ensureSubscriber(tx, newOwnerId, newOwner?.email ?? "");
    await tx.update(teams).set({ ownerId: newOwnerId, updatedAt: new Date() }).where(eq(teams.id, teamId));
    await tx.update(teamMembers).set({ role: "owner", quotaAllocation: 0 }).where(eq(teamMembers.id, target.id));
    await tx.update(teamMembers).set({ role: "admin" }).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, caller.id)));
    await events.notify(tx, newOwnerId, "other", teamMessages.ownershipTransferredTitle, teamMessages.ownershipTransferredMessage(team.name));
    await auditTeamRole(deps, tx, caller, teamId, newOwnerId, "transfer ownership", target.role, "owner");
    await events.teamChanged(tx, teamId, "transferred", newOwnerId);
  });
  return getTeam(deps.db, caller.id, teamId);
}

