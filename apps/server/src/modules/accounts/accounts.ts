import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import {
  isLegacyAccount,
  asTier,
  hasEnhancedAnalytics,
  hasTeamManagementTier,
  monthlyRouteLimits,
  tierDisplayNames,
  type FleetRole,
  type Me,
  type PlanSummary,
  type Tier,
} from "@routepilot/contracts";
import { subscribers, teamInvitations, teamMembers, teams, user, type DbOrTx } from "@routepilot/db";
import { refreshTeamsOf } from "../teams/quota";
import { firstOrThrow } from "../../lib/errors";

export type SubscriberRow = typeof subscribers.$inferSelect;

/** Returns the user's subscriber record, creating the SPEC §4 default (free, 5, 0, active) on first access. */
export async function ensureSubscriber(db: DbOrTx, userId: string, email: string): Promise<SubscriberRow> {
  const [existing] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
  if (existing) return existing;
  await db
    .insert(subscribers)
    .values({ userId, email, subscriptionTier: "free", monthlyRouteLimit: monthlyRouteLimits.free, routesUsedThisPeriod: 0, subscriptionStatus: "active" })
    .onConflictDoNothing({ target: subscribers.userId });
  return firstOrThrow(await db.select().from(subscribers).where(eq(subscribers.userId, userId)), "subscriber record could not be created");
}

interface Membership {
  teamId: string;
  role: string;
  quotaAllocation: number;
  usedQuota: number;
  teamTotalQuota: number;
  teamUsedQuota: number;
  ownerId: string;
  ownerTier: Tier;
}

/** Teams the user belongs to (not as owner), with the owner's tier, first joined first (its quota applies: decision 008). */
async function memberships(db: DbOrTx, userId: string): Promise<Membership[]> {
  const rows = await db
    .select({
      teamId: teamMembers.teamId,
      role: teamMembers.role,
      quotaAllocation: teamMembers.quotaAllocation,
      usedQuota: teamMembers.usedQuota,
      teamTotalQuota: teams.totalQuota,
      teamUsedQuota: teams.usedQuota,
      ownerId: teams.ownerId,
      ownerTier: sql<string | null>`(select ${subscribers.subscriptionTier} from ${subscribers} where ${subscribers.userId} = ${teams.ownerId})`,
    })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teamMembers.createdAt), asc(teamMembers.teamId));
  return rows.filter((r) => r.ownerId !== userId).map((r) => ({ ...r, ownerTier: asTier(r.ownerTier ?? "free") }));
}

/** SPEC §3 plan summary; team members see "Team Member" with their quota allocation (SPEC §6). */
export async function getPlanSummary(db: DbOrTx, userId: string, email: string): Promise<PlanSummary> {
  const subscriber = await ensureSubscriber(db, userId, email);
  const tier = asTier(subscriber.subscriptionTier);
  await refreshTeamsOf(db, userId);
  const [membership] = await memberships(db, userId);
  if (membership && tier === "free") {
    return {
      planName: "Team Member",
      monthlyLimit: membership.quotaAllocation,
      hasActiveSubscription: true,
      routesUsed: membership.usedQuota,
      subscriptionTier: membership.ownerTier === "fleet_pro" ? "fleet_pro" : "enterprise",
      hasPaymentMethod: subscriber.hasPaymentMethod,
      isTeamMember: true,
      teamQuota: membership.teamTotalQuota,
      teamUsed: membership.teamUsedQuota,
    };
  }
  return {
    planName: tierDisplayNames[tier],
    monthlyLimit: subscriber.monthlyRouteLimit,
    hasActiveSubscription: subscriber.subscriptionStatus === "active",
    routesUsed: subscriber.routesUsedThisPeriod,
    subscriptionTier: tier,
    hasPaymentMethod: subscriber.hasPaymentMethod,
  };
}

/** Fleet roles from team membership (DESIGN.md §4), plus roles listed in the user's role field. */
async function fleetRolesOf(db: DbOrTx, userId: string, roleField: string, ownTier: Tier, member: Membership[]): Promise<FleetRole[]> {
  const roles = new Set<FleetRole>();
  for (const token of roleField.split(",").map((r) => r.trim())) {
    if (token === "driver" || token === "manager") roles.add(token);
  }
  for (const m of member) {
    if (m.role === "driver") roles.add("driver");
    if (m.role === "manager" || m.role === "admin") roles.add("manager");
  }
  if (ownTier === "fleet_pro") {
    const owned = await db.select({ id: teams.id }).from(teams).where(eq(teams.ownerId, userId)).limit(1);
    if (owned.length > 0) roles.add("manager");
  }
  return [...roles].sort();
}

/** Everything the app shell needs to know about the signed-in user (GET /api/me). */
export async function getMe(db: DbOrTx, userId: string): Promise<Me> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new Error("signed-in user has no user row");
  const subscriber = await ensureSubscriber(db, row.id, row.email);
  const ownTier = asTier(subscriber.subscriptionTier);
  const member = await memberships(db, userId);
  const memberTier: Tier | null = member.length
    ? member.some((m) => m.ownerTier === "fleet_pro")
      ? "fleet_pro"
      : "enterprise"
    : null;
  const tier: Tier = ownTier === "free" && memberTier ? memberTier : ownTier;
  const accountRoles = row.role.split(",").map((r) => r.trim());
  const isSuperAdmin = accountRoles.includes("super_admin");
  return {
    user: {
      id: row.id,
      email: row.email,
      name: row.name,
      emailVerified: row.emailVerified,
      role: row.role,
      createdAt: row.createdAt.toISOString(),
    },
    tier,
    fleetRoles: await fleetRolesOf(db, userId, row.role, ownTier, member),
    access: {
      // SPEC §5: teams access = a team member, or tier enterprise or fleet_pro.
      teams: member.length > 0 || ownTier === "enterprise" || ownTier === "fleet_pro",
      // SPEC §5: fleet access = tier fleet_pro, or membership of a team whose owner is fleet_pro.
      fleet: ownTier === "fleet_pro" || member.some((m) => m.ownerTier === "fleet_pro"),
      enhancedAnalytics: hasEnhancedAnalytics(tier),
      teamManagement: hasTeamManagementTier(tier),
      admin: isSuperAdmin || accountRoles.includes("admin"),
      superAdmin: isSuperAdmin,
    },
    isLegacyUser: isLegacyAccount(ownTier, row.createdAt),
  };
}

/** Open invitations for an e-mail address: not accepted, revoked, declined or expired (SPEC §4). */
export async function countPendingInvitations(db: DbOrTx, email: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(teamInvitations)
    .where(and(eq(sql`lower(${teamInvitations.email})`, email.toLowerCase()), isNull(teamInvitations.acceptedAt), isNull(teamInvitations.revokedAt), isNull(teamInvitations.declinedAt), gt(teamInvitations.expiresAt, new Date())));
  return row?.n ?? 0;
}
