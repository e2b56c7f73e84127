import { and, eq, sql } from "drizzle-orm";
import { OVERAGE_PENCE_PER_ROUTE, toasts, type OverageNotice, type UsageSummary } from "@routepilot/contracts";
import { overageCharges, subscribers, usageLogs, usageWarnings, type DbOrTx, type Tx } from "@routepilot/db";
import { QuotaExceededError } from "../lib/errors";
import type { Logger } from "../lib/logger";
import { getPlanSummary, ensureSubscriber } from "./accounts";
import type { Mailer } from "./mail";
import { routeMessages } from "@routepilot/contracts";
import { assertTeamQuota, consumeTeamQuota } from "./teams/quota";

/** The SPEC §8 over-limit toast lasts 8 seconds (SPEC §9). */
export const OVER_LIMIT_TOAST_MS = 8000;

const periodStartOf = sql`route_usage_period_start(${subscribers.currentPeriodStart}, ${subscribers.stripeCustomerId} is not null)`;

/** Starts a new usage period (count back to 0) when the stored one is over (DESIGN.md §4: monthly reset). */
export async function refreshUsagePeriod(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(subscribers)
    .set({ routesUsedThisPeriod: 0, currentPeriodStart: sql`${periodStartOf}`, updatedAt: new Date() })
    .where(and(eq(subscribers.userId, userId), sql`${periodStartOf} > ${subscribers.currentPeriodStart}`));
}

/** SPEC §3 usage summary: the plan summary plus percentage (capped at 100), remaining (not below 0) and isOverLimit. */
export async function getUsageSummary(db: DbOrTx, user: { id: string; email: string }): Promise<UsageSummary> {
  await ensureSubscriber(db, user.id, user.email);
  await refreshUsagePeriod(db, user.id);
  const plan = await getPlanSummary(db, user.id, user.email);
  return { ...plan, ...usageFigures(plan.routesUsed, plan.monthlyLimit) };
}

/** usagePercentage is a whole percent; isOverLimit is true once the limit is reached (the next route would be over it). */
export function usageFigures(used: number, limit: number): Pick<UsageSummary, "usagePercentage" | "remainingRoutes" | "isOverLimit"> {
  const usagePercentage = limit > 0 ? Math.min(100, Math.round((used / limit) * 100)) : used > 0 ? 100 : 0;
  return { usagePercentage, remainingRoutes: Math.max(0, limit - used), isOverLimit: used >= limit };
}

/** Refuses early, before any expensive work, when the next route is over the limit and there is no payment method. */
export async function assertCanOptimize(db: DbOrTx, user: { id: string; email: string }): Promise<void> {
  await ensureSubscriber(db, user.id, user.email);
  await refreshUsagePeriod(db, user.id);
  // A team member's routes count against the allocation instead (decision 008): 402 over it.
  if (await assertTeamQuota(db, user.id)) return;
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, user.id));
  if (row && row.routesUsedThisPeriod >= row.monthlyRouteLimit && !row.hasPaymentMethod) {
    throw new QuotaExceededError(routeMessages.overQuota(row.monthlyRouteLimit));
  }
}

export interface Consumption {
  routesUsed: number;
  monthlyLimit: number;
  /** Routes above the limit this period, this one included. */
  overageRoutes: number;
  /** What this route costs above the limit, in pence (0 within the limit). */
  overageAmount: number;
  periodStart: Date;
  /** true when increment_route_usage failed and the count was incremented directly (SPEC §8). */
  fallback: boolean;
  /** The pending overage_charges row written for this route, if it was above the limit (billed after commit). */
  overageChargeId: string | null;
  /** The team whose quota this route used (decision 008), told after commit so its dashboard refreshes. */
  teamId: string | null;
}

type IncrementRow = { routes_used: number; monthly_limit: number; overage_routes: number; overage_amount: number; period_start: string | Date };

/**
 * Checks and consumes one route of quota inside the caller's transaction (SPEC §7, §8, §9):
 * locks the subscriber row, refuses with 402 (nothing consumed) when over the limit without a
 * payment method, calls increment_route_usage (or increments directly if it fails), writes the
 * usage_logs row and, above the limit, a pending overage_charges row.
 */
export async function consumeRouteQuota(
  tx: Tx,
  user: { id: string },
  meta: { routeRequestId: string; destinationCount: number; logger: Logger },
): Promise<Consumption> {
  const [locked] = await tx
    .select({
      used: sql<number>`case when ${periodStartOf} > ${subscribers.currentPeriodStart} then 0 else ${subscribers.routesUsedThisPeriod} end`,
      limit: subscribers.monthlyRouteLimit,
      hasPaymentMethod: subscribers.hasPaymentMethod,
    })
    .from(subscribers)
    .where(eq(subscribers.userId, user.id))
    .for("update");
  if (!locked) throw new Error("subscriber record missing");
  // A team member: the allocation and the team quota decide (402 over them); still counted personally below, never billed.
  const team = await consumeTeamQuota(tx, user.id);
  if (!team && Number(locked.used) + 1 > locked.limit && !locked.hasPaymentMethod) throw new QuotaExceededError(routeMessages.overQuota(locked.limit));

  let row: IncrementRow | undefined;
  let fallback = false;
  try {
    // A savepoint, so a failing function call leaves the transaction usable for the fallback.
    row = await tx.transaction(async (sp) => {
      const result = (await sp.execute(sql`select * from increment_route_usage(${user.id})`)) as unknown as { rows: IncrementRow[] };
      return result.rows[0];
    });
  } catch (error) {
    meta.logger.warn({ err: error, userId: user.id }, "increment_route_usage failed; incrementing directly");
  }
  if (!row) {
    fallback = true;
    await refreshUsagePeriod(tx, user.id);
    const [direct] = await tx
      .update(subscribers)
      .set({ routesUsedThisPeriod: sql`${subscribers.routesUsedThisPeriod} + 1`, updatedAt: new Date() })
      .where(eq(subscribers.userId, user.id))
      .returning();
    if (!direct) throw new Error("subscriber record missing");
    const over = Math.max(0, direct.routesUsedThisPeriod - direct.monthlyRouteLimit);
    row = {
      routes_used: direct.routesUsedThisPeriod,
      monthly_limit: direct.monthlyRouteLimit,
      overage_routes: over,
      overage_amount: over > 0 ? OVERAGE_PENCE_PER_ROUTE : 0,
      period_start: direct.currentPeriodStart,
    };
  }
  const periodStart = new Date(row.period_start);
  const now = new Date();
  await tx.insert(usageLogs).values({
    userId: user.id,
    quotaType: "route_optimization",
    quantity: 1,
    metadata: { route_request_id: meta.routeRequestId, destination_count: meta.destinationCount, timestamp: now.toISOString() },
  });
  const overageAmount = team ? 0 : Number(row.overage_amount);
  let overageChargeId: string | null = null;
  if (overageAmount > 0) {
    const periodEnd = new Date(periodStart);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    const [charge] = await tx
      .insert(overageCharges)
      .values({
        userId: user.id,
        billingPeriodStart: periodStart,
        billingPeriodEnd: periodEnd,
        overageRoutes: 1,
        amountCharged: overageAmount,
        paymentStatus: "pending",
      })
      .returning({ id: overageCharges.id });
    overageChargeId = charge?.id ?? null;
  }
  return {
    routesUsed: team ? team.used : Number(row.routes_used),
    monthlyLimit: team ? team.allocation : Number(row.monthly_limit),
    overageRoutes: team ? 0 : Number(row.overage_routes),
    overageAmount,
    periodStart,
    fallback,
    overageChargeId,
    teamId: team?.teamId ?? null,
  };
}

/** The SPEC §8 warning toast data for a route above the limit, or null within it. */
export function overageNotice(consumption: Consumption): OverageNotice | null {
  if (consumption.overageAmount <= 0) return null;
  const amountPence = consumption.overageRoutes * OVERAGE_PENCE_PER_ROUTE;
  return {
    exceededBy: consumption.overageRoutes,
    amountPence,
    chargedPence: consumption.overageAmount,
    title: toasts.overLimit(consumption.overageRoutes),
    description: toasts.overLimitDescription(amountPence),
    durationMs: OVER_LIMIT_TOAST_MS,
  };
}

/** 80 % of the quota, rounded down (SPEC §9), and at least one route. */
export function warningThreshold(limit: number): number {
  return Math.max(1, Math.floor(limit * 0.8));
}

/**
 * Sends the SPEC §9 usage e-mails (usage_warning_80, usage_warning_100), each once per period:
 * a usage_warnings row is claimed first, so concurrent requests cannot send one twice.
 * When one route reaches both thresholds only the 100 % message goes out.
 */
export async function sendUsageWarnings(db: DbOrTx, mailer: Mailer, user: { id: string; email: string }, consumption: Consumption, baseUrl: string): Promise<void> {
  const { routesUsed: used, monthlyLimit: total } = consumption;
  if (total <= 0) return;
  const kinds: Array<"usage_warning_80" | "usage_warning_100"> = [];
  if (used >= warningThreshold(total)) kinds.push("usage_warning_80");
  if (used >= total) kinds.push("usage_warning_100");
  let claimed: string[] = [];
  for (const kind of kinds) {
    const rows = await db
      .insert(usageWarnings)
      .values({ userId: user.id, periodStart: consumption.periodStart, kind })
      .onConflictDoNothing()
      .returning({ kind: usageWarnings.kind });
    claimed = claimed.concat(rows.map((r) => r.kind));
  }
  const kind = claimed.includes("usage_warning_100") ? "usage_warning_100" : claimed.includes("usage_warning_80") ? "usage_warning_80" : null;
  if (!kind) return;
  const overage = Math.max(0, used - total);
  const subject = kind === "usage_warning_100" ? "You have used all the routes in your plan this month" : `You have used ${used} of your ${total} routes this month`;
  const body =
    kind === "usage_warning_100"
      ? overage > 0
        ? `You have used ${used} of ${total} routes this month (${overage} over the limit). Further routes cost £${(OVERAGE_PENCE_PER_ROUTE / 100).toFixed(2)} each, charged to your payment method.`
        : `You have used ${used} of ${total} routes this month. New routes can be optimised again when your allowance resets at the start of your next monthly period; your saved routes stay available.`
      : `You have used ${used} of the ${total} routes in your plan this month. When all ${total} are used, new optimisations wait until your allowance resets.`;
  const link = `${baseUrl}/subscription`;
  await mailer.send({
    to: user.email,
    kind: "usage-warning",
    subject,
    text: `Hello,\n\n${body}\n\nSee your plan: ${link}\n\n— RoutePilot`,
    link,
  });
}
