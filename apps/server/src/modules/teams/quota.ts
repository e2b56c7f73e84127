import { and, eq, inArray, sql } from "drizzle-orm";
import { teamMessages } from "@routepilot/contracts";
import { teamMembers, teams, type DbOrTx, type Tx } from "@routepilot/db";
import { QuotaExceededError } from "../../lib/errors";
import { quotaTeamOf } from "./access";

/**
 * Keeps teams in step with their owner (decision 008): total_quota is the owner's monthly route
 * limit, and when the owner's usage period has moved on, the team's and its members' used
 * quotas start again from 0. Runs in a savepoint (the teams row lock taken here is held to the
 * end of the caller's transaction), so a reset is never half applied.
 */
export async function refreshTeams(db: DbOrTx, teamIds: string[]): Promise<void> {
  if (teamIds.length === 0) return;
  await db.transaction(async (tx) => {
    const ids = sql.join(
      teamIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const result = (await tx.execute(sql`
      with cur as (
        select t.id, p.period_start, p.route_limit, p.period_start > t.usage_period_start as reset
        from teams t
        join (
          select s.user_id, s.monthly_route_limit as route_limit,
            route_usage_period_start(s.current_period_start, s.stripe_customer_id is not null) as period_start
          from subscribers s
        ) p on p.user_id = t.owner_id
        where t.id in (${ids})
        order by t.id
        for update of t
      )
      update teams t set
        used_quota = case when cur.reset then 0 else t.used_quota end,
        usage_period_start = case when cur.reset then cur.period_start else t.usage_period_start end,
        total_quota = cur.route_limit,
        updated_at = now()
      from cur
      where cur.id = t.id and (cur.reset or t.total_quota <> cur.route_limit)
      returning t.id, cur.reset
    `)) as unknown as { rows: { id: string; reset: boolean }[] };
    const reset = result.rows.filter((r) => r.reset).map((r) => r.id);
    if (reset.length > 0) await tx.update(teamMembers).set({ usedQuota: 0 }).where(inArray(teamMembers.teamId, reset));
  });
}

/** The teams a user belongs to, refreshed (see refreshTeams). */
export async function refreshTeamsOf(db: DbOrTx, userId: string): Promise<void> {
  const rows = await db.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  await refreshTeams(
    db,
    rows.map((r) => r.teamId),
  );
}

export interface TeamConsumption {
  teamId: string;
  /** The member's routes this period, this one included, and their allocation. */
  used: number;
  allocation: number;
}

async function teamQuotaState(db: DbOrTx, teamId: string, userId: string, forUpdate: boolean) {
  await refreshTeams(db, [teamId]);
  const teamQuery = db.select({ total: teams.totalQuota, used: teams.usedQuota }).from(teams).where(eq(teams.id, teamId));
  const [team] = forUpdate ? await teamQuery.for("update") : await teamQuery;
  const memberQuery = db
    .select({ allocation: teamMembers.quotaAllocation, used: teamMembers.usedQuota })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  const [member] = forUpdate ? await memberQuery.for("update") : await memberQuery;
  if (!team || !member) throw new Error("quota team vanished");
  if (member.used + 1 > member.allocation) throw new QuotaExceededError(teamMessages.allocationExceeded(member.allocation));
  if (team.used + 1 > team.total) throw new QuotaExceededError(teamMessages.teamQuotaExceeded(team.total));
  return { team, member };
}

/**
 * Refuses early (402, nothing consumed) when the user's routes count against a team and the next
 * one would go over the allocation or the team's quota. Returns whether a team quota applies.
 */
export async function assertTeamQuota(db: DbOrTx, userId: string): Promise<boolean> {
  const quotaTeam = await quotaTeamOf(db, userId);
  if (!quotaTeam) return false;
  await teamQuotaState(db, quotaTeam.teamId, userId, false);
  return true;
}

/**
 * Counts one route against the user's team, inside the route's transaction (the caller holds the
 * user's subscriber row lock): locks the team row then the member row, refuses with 402 over the
 * allocation or the team quota, and adds one to both used quotas. null when no team quota applies.
 */
export async function consumeTeamQuota(tx: Tx, userId: string): Promise<TeamConsumption | null> {
  const quotaTeam = await quotaTeamOf(tx, userId);
  if (!quotaTeam) return null;
  const { member } = await teamQuotaState(tx, quotaTeam.teamId, userId, true);
  await tx.update(teams).set({ usedQuota: sql`${teams.usedQuota} + 1`, updatedAt: new Date() }).where(eq(teams.id, quotaTeam.teamId));
  await tx
    .update(teamMembers)
    .set({ usedQuota: sql`${teamMembers.usedQuota} + 1` })
    .where(and(eq(teamMembers.teamId, quotaTeam.teamId), eq(teamMembers.userId, userId)));
  return { teamId: quotaTeam.teamId, used: member.used + 1, allocation: member.allocation };
}
