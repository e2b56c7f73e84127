import { and, asc, eq, inArray, lte, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { asTier, canManageTeam, teamMessages, teamRoles, type TeamRole } from "@routepilot/contracts";
import { subscribers, teamMembers, teams, type DbOrTx } from "@routepilot/db";
import { ForbiddenError, NotFoundError } from "../../lib/errors";

export type TeamRow = typeof teams.$inferSelect;
export type MemberRow = typeof teamMembers.$inferSelect;

export function asTeamRole(value: string): TeamRole {
  return (teamRoles as readonly string[]).includes(value) ? (value as TeamRole) : "member";
}

/**
 * The team and the caller's membership; anyone who is not a member gets 404 (a team's existence
 * is not revealed). `forUpdate` locks the team row: every change to a team's members,
 * allocations or invitations takes this lock first, so they are serialised per team.
 */
export async function teamForMember(db: DbOrTx, userId: string, teamId: string, options: { forUpdate?: boolean } = {}): Promise<{ team: TeamRow; me: MemberRow; role: TeamRole }> {
  const query = db.select().from(teams).where(eq(teams.id, teamId));
  const [team] = options.forUpdate ? await query.for("update") : await query;
  const [me] = team ? await db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId))) : [];
  if (!team || !me) throw new NotFoundError("Team");
  return { team, me, role: team.ownerId === userId ? "owner" : asTeamRole(me.role) };
}

/** As teamForMember, and the caller must be the owner or an admin (403 otherwise). */
export async function teamForManager(db: DbOrTx, userId: string, teamId: string, options: { forUpdate?: boolean } = {}) {
  const found = await teamForMember(db, userId, teamId, options);
  if (!canManageTeam(found.role)) throw new ForbiddenError(teamMessages.notManager);
  return found;
}

/** A member row of the team, or 404. */
export async function memberOf(db: DbOrTx, teamId: string, userId: string): Promise<MemberRow> {
  const [row] = await db.select().from(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!row) throw new NotFoundError("Member");
  return row;
}

/** SPEC §5 teams access: a team member, or tier enterprise or fleet_pro. */
export async function hasTeamsAccess(db: DbOrTx, userId: string): Promise<boolean> {
  const [sub] = await db.select({ tier: subscribers.subscriptionTier }).from(subscribers).where(eq(subscribers.userId, userId));
  const tier = asTier(sub?.tier);
  if (tier === "enterprise" || tier === "fleet_pro") return true;
  const [membership] = await db.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
  return Boolean(membership);
}

/**
 * The team whose quota a user's routes count against (decision 008): only for a user whose own
 * tier is free, the first team they joined as a non-owner. null: the personal quota applies.
 */
export async function quotaTeamOf(db: DbOrTx, userId: string): Promise<{ teamId: string } | null> {
  const [sub] = await db.select({ tier: subscribers.subscriptionTier }).from(subscribers).where(eq(subscribers.userId, userId));
  if (asTier(sub?.tier) !== "free") return null;
  const [row] = await db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.userId, userId), ne(teams.ownerId, userId)))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId))
    .limit(1);
  return row ?? null;
}

/** Members of the teams the caller owns or administers (the caller's membership as `mine`, the other's as `theirs`). */
const mine = alias(teamMembers, "mine");
const theirs = alias(teamMembers, "theirs");
const callerManages = (callerId: string) =>
  and(eq(mine.userId, callerId), or(eq(teams.ownerId, callerId), inArray(mine.role, ["owner", "admin"])));

/**
 * Whose routes the caller may list through a team (GET /api/routes?teamId=&memberId=, owner/admin
 * only): each member with the time they joined; a member's routes from before they joined stay
 * private. 404 when the caller does not own or administer such a team, or the member is not in it.
 */
export async function teamRouteScope(db: DbOrTx, callerId: string, filter: { teamId?: string | undefined; memberId?: string | undefined }): Promise<{ userId: string; since: Date }[]> {
  const rows = await db
    .select({ userId: theirs.userId, since: sql<Date>`min(${theirs.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
    .from(mine)
    .innerJoin(teams, eq(teams.id, mine.teamId))
    .innerJoin(theirs, eq(theirs.teamId, mine.teamId))
    .where(
      and(
        callerManages(callerId),
        filter.teamId ? eq(mine.teamId, filter.teamId) : undefined,
        filter.memberId ? eq(theirs.userId, filter.memberId) : undefined,
      ),
    )
    .groupBy(theirs.userId);
  if (rows.length === 0) throw new NotFoundError(filter.memberId ? "Member" : "Team");
  return rows;
}

/** Whether the caller owns or administers a team the route's author had joined when the route was made. */
export async function canSeeMemberRoute(db: DbOrTx, callerId: string, route: { userId: string; createdAt: Date }): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(mine)
    .innerJoin(teams, eq(teams.id, mine.teamId))
    .innerJoin(theirs, eq(theirs.teamId, mine.teamId))
    .where(and(callerManages(callerId), eq(theirs.userId, route.userId), lte(theirs.createdAt, route.createdAt)))
    .limit(1);
  return Boolean(row);
}
