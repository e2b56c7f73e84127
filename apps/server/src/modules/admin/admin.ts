import { asc, count, desc, eq, ilike, inArray, or, sql } from "drizzle-orm";
import {
  accountDeletionRefusal,
  accountRoleOf,
  asTier,
  adminMessages,
  monthlyRouteLimits,
  type AccountRole,
  type AdminOverageCharge,
  type AdminUsersPage,
  type AdminUsersQuery,
  type PlanSummary,
  type Tier,
} from "@routepilot/contracts";
import { account, overageCharges, subscribers, user, type Database, type DbOrTx } from "@routepilot/db";
import { ForbiddenError, NotFoundError, ValidationError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { ensureSubscriber, getPlanSummary } from "../accounts/accounts";
import { writeAuditEvent, type AuthEventType } from "../security/audit";

/** The administrator acting, and where the request came from (for the audit row). */
export interface AdminActor {
  id: string;
  email: string;
  role: string;
  sessionId: string | null;
  userAgent: string | null;
  ipAddress: string | null;
}

const roleTokens = (role: string) => role.split(",").map((r) => r.trim());

/** Throws ForbiddenError unless the user's role is admin or super_admin. */
export function requireAdmin(actor: { role: string }): void {
  if (accountRoleOf(actor.role) === "user") throw new ForbiddenError(adminMessages.adminsOnly);
}

/** Throws ForbiddenError unless the user's role is super_admin. */
export function requireSuperAdmin(actor: { role: string }): void {
  if (accountRoleOf(actor.role) !== "super_admin") throw new ForbiddenError(adminMessages.superAdminsOnly);
}

/**
 * Throws unless `actor` may delete `target`'s account from the console (contracts'
 * accountDeletionRefusal, decision 022): 400 for one's own (the self-deletion flow, with its
 * password confirmation), 403 for a plain user, or an admin deleting an admin or super_admin.
 */
export function requireMayDeleteAccount(actor: { id: string; role: string }, target: { id: string; role: string }): void {
  requireAdmin(actor);
  const refusal = accountDeletionRefusal(actor, target);
  if (refusal === adminMessages.selfDelete) throw new ValidationError(refusal);
  if (refusal) throw new ForbiddenError(refusal);
}

/** Escapes LIKE wildcards so a search for "a_b" matches the text literally. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** One page of users with their plan and usage; search matches e-mail or name, case-insensitively. */
export async function listUsers(db: DbOrTx, query: AdminUsersQuery): Promise<AdminUsersPage> {
  const where = query.q ? or(ilike(user.email, likePattern(query.q)), ilike(user.name, likePattern(query.q))) : undefined;
  const routesUsed = sql<number>`coalesce(${subscribers.routesUsedThisPeriod}, 0)`;
  const order =
    query.sort === "email" ? [asc(user.email)] : query.sort === "routesUsed" ? [desc(routesUsed), asc(user.email)] : [desc(user.createdAt), asc(user.id)];
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      tier: subscribers.subscriptionTier,
      routesUsed,
      monthlyLimit: subscribers.monthlyRouteLimit,
      banned: user.banned,
      createdAt: user.createdAt,
    })
    .from(user)
    .leftJoin(subscribers, eq(subscribers.userId, user.id))
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [total] = await db.select({ n: count() }).from(user).where(where);
  const methods = await signInMethodsOf(db, rows.map((r) => r.id));
  return {
    users: rows.map((r) => ({
      ...r,
      tier: asTier(r.tier),
      routesUsed: Number(r.routesUsed),
      monthlyLimit: r.monthlyLimit ?? monthlyRouteLimits.free,
      banned: r.banned ?? false,
      createdAt: r.createdAt.toISOString(),
      signInMethods: methods.get(r.id) ?? [],
    })),
    total: Number(total?.n ?? 0),
  };
}

/** Each user's linked sign-in methods: the distinct provider ids of their Better Auth account rows, sorted. */
async function signInMethodsOf(db: DbOrTx, userIds: string[]): Promise<Map<string, string[]>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectDistinct({ userId: account.userId, providerId: account.providerId })
    .from(account)
    .where(inArray(account.userId, userIds))
    .orderBy(asc(account.userId), asc(account.providerId));
  const byUser = new Map<string, string[]>();
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.providerId]);
  return byUser;
}

/** The target user's row, or NotFoundError. */
export async function findUser(db: DbOrTx, userId: string) {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new NotFoundError("User");
  return row;
}

/** Writes the audit row of one admin action on `targetId`: who did it, what, before and after. */
export function auditAdminAction(
  db: DbOrTx,
  logger: Logger,
  actor: AdminActor,
  event: { eventType: AuthEventType; targetId: string; resource: string; before: unknown; after: unknown; extra?: Record<string, unknown> },
) {
  return writeAuditEvent(db, logger, {
    eventType: event.eventType,
    outcome: "success",
    riskLevel: event.eventType === "role_change" || event.eventType === "ban" ? "high" : "medium",
    userId: event.targetId,
    userAgent: actor.userAgent,
    ipAddress: actor.ipAddress,
    sessionId: actor.sessionId,
    resource: event.resource,
    metadata: { actorId: actor.id, actorEmail: actor.email, before: event.before, after: event.after, ...event.extra },
  });
}

/** Moves a user to `tier` with that tier's monthly limit, and audits it, in one transaction. Returns the plan summary. */
export async function changePlan(db: Database, logger: Logger, actor: AdminActor, userId: string, tier: Tier): Promise<PlanSummary> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, userId);
    const before = await ensureSubscriber(tx, target.id, target.email);
    await tx
      .update(subscribers)
      .set({ subscriptionTier: tier, monthlyRouteLimit: monthlyRouteLimits[tier], updatedAt: new Date() })
      .where(eq(subscribers.userId, target.id));
    await auditAdminAction(tx, logger, actor, {
      eventType: "plan_change",
      targetId: target.id,
      resource: `/api/admin/users/${target.id}/plan`,
      before: { tier: before.subscriptionTier, monthlyLimit: before.monthlyRouteLimit },
      after: { tier, monthlyLimit: monthlyRouteLimits[tier] },
    });
    return getPlanSummary(tx, target.id, target.email);
  });
}

/** Sets the user's routes used this period to 0, and audits it, in one transaction. */
export async function resetUsage(db: Database, logger: Logger, actor: AdminActor, userId: string): Promise<PlanSummary> {
  return db.transaction(async (tx) => {
    const target = await findUser(tx, userId);
    const before = await ensureSubscriber(tx, target.id, target.email);
    await tx.update(subscribers).set({ routesUsedThisPeriod: 0, updatedAt: new Date() }).where(eq(subscribers.userId, target.id));
    await auditAdminAction(tx, logger, actor, {
      eventType: "usage_reset",
      targetId: target.id,
      resource: `/api/admin/users/${target.id}/reset-usage`,
      before: { routesUsed: before.routesUsedThisPeriod },
      after: { routesUsed: 0 },
    });
    return getPlanSummary(tx, target.id, target.email);
  });
}

/** The user's overage charges, newest first. */
export async function listOverageCharges(db: DbOrTx, userId: string, limit: number): Promise<AdminOverageCharge[]> {
  await findUser(db, userId);
  const rows = await db.select().from(overageCharges).where(eq(overageCharges.userId, userId)).orderBy(desc(overageCharges.createdAt)).limit(limit);
  return rows.map((r) => ({
    id: r.id,
    billingPeriodStart: r.billingPeriodStart.toISOString(),
    billingPeriodEnd: r.billingPeriodEnd.toISOString(),
    overageRoutes: r.overageRoutes,
    amountCharged: r.amountCharged,
    paymentStatus: r.paymentStatus,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * The role field to store when `target` gets the account role `role`: fleet roles (driver,
 * manager) listed after a comma are kept. Refuses (400) to take super_admin from the last one.
 */
export async function nextRoleField(db: DbOrTx, target: { role: string }, role: AccountRole): Promise<string[]> {
  const current = accountRoleOf(target.role);
  if (current === "super_admin" && role !== "super_admin") {
    const [row] = await db.select({ n: count() }).from(user).where(sql`'super_admin' = any(string_to_array(replace(${user.role}, ' ', ''), ','))`);
    if (Number(row?.n ?? 0) <= 1) throw new ValidationError(adminMessages.lastSuperAdmin, { role: adminMessages.lastSuperAdmin });
  }
  const fleet = roleTokens(target.role).filter((t) => t === "driver" || t === "manager");
  return [role, ...fleet];
}
