import { and, eq, sql } from "drizzle-orm";
import { OVERAGE_PENCE_PER_ROUTE, toasts, usageNotices, type OverageNotice, type UsageSummary } from "@routepilot/contracts";
import { overageCharges, subscribers, teams, usageLogs, usageWarnings, type Database, type DbOrTx, type Tx } from "@routepilot/db";
import { firstOrThrow, QuotaExceededError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { getPlanSummary, ensureSubscriber } from "../accounts/accounts";
import type { Mailer } from "../../platform/mail/mail";
import { routeMessages } from "@routepilot/contracts";
import type { RealtimeBus } from "../../platform/realtime/bus";
import { formatterFor, getPreferences } from "../accounts/preferences";
import { quotaTeamOf } from "../teams/access";
import { TeamEvents } from "../teams/events";
import { assertTeamQuota, consumeTeamQuota } from "../teams/quota";
import { supportedMailLanguage } from "../../platform/mail/i18n";
import { usageWarningEmail, type UsageMailVariant } from "./usage-mail";

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

/**
 * SPEC §3 usage summary: the plan summary plus percentage (capped at 100), remaining (not below 0)
 * and isOverLimit; with whether the next optimisation would be refused (and the server's reason)
 * and when the count resets, so the planner can say so before anything is typed.
 */
export async function getUsageSummary(db: DbOrTx, user: { id: string; email: string }): Promise<UsageSummary> {
  await ensureSubscriber(db, user.id, user.email);
  await refreshUsagePeriod(db, user.id);
  const plan = await getPlanSummary(db, user.id, user.email);
  const refusal = await optimizeRefusal(db, user.id);
  const periodResetsAt = await usagePeriodResetsAt(db, user.id);
  return { ...plan, ...usageFigures(plan.routesUsed, plan.monthlyLimit), canOptimize: refusal === null, refusal, periodResetsAt: periodResetsAt.toISOString() };
}

/** The end of the current usage period of a subscriber: a month after its start (Stripe-anchored), else the next calendar month in UTC. */
async function periodEndOf(db: DbOrTx, subscriberUserId: string): Promise<Date | null> {
  const result = (await db.execute(sql`
    select case when s.stripe_customer_id is not null
      then p.start + interval '1 month'
      else (date_trunc('month', p.start at time zone 'UTC') + interval '1 month') at time zone 'UTC'
    end as resets_at
    from ${subscribers} s,
      lateral (select route_usage_period_start(s.current_period_start, s.stripe_customer_id is not null) as start) p
    where s.user_id = ${subscriberUserId}
  `)) as unknown as { rows: { resets_at: string | Date }[] };
  const row = result.rows[0];
  return row ? new Date(row.resets_at) : null;
}

/**
 * When the user's route count starts again: the end of their own usage period, or for a team
 * member whose routes count against a team, the end of the team owner's period (decision 008).
 */
export async function usagePeriodResetsAt(db: DbOrTx, userId: string): Promise<Date> {
  const team = await quotaTeamOf(db, userId);
  if (team) {
    const [owner] = await db.select({ ownerId: teams.ownerId }).from(teams).where(eq(teams.id, team.teamId));
    const end = owner ? await periodEndOf(db, owner.ownerId) : null;
    if (end) return end;
  }
  const own = await periodEndOf(db, userId);
  if (!own) throw new Error("subscriber record missing");
  return own;
}

/**
 * Why the user's next optimisation would be refused with 402 (the message the server sends),
 * or null when it would go through: a team member over their allocation or the team's quota,
 * else the monthly limit reached without a payment method. Reads only; consumes nothing.
 */
export async function optimizeRefusal(db: DbOrTx, userId: string): Promise<string | null> {
  try {
    // A team member's routes count against the allocation instead (decision 008).
    if (await assertTeamQuota(db, userId)) return null;
  } catch (error) {
    if (error instanceof QuotaExceededError) return error.message;
    throw error;
  }
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, userId));
  if (row && row.routesUsedThisPeriod >= row.monthlyRouteLimit && !row.hasPaymentMethod) return routeMessages.overQuota(row.monthlyRouteLimit);
  return null;
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
  const refusal = await optimizeRefusal(db, user.id);
  if (refusal) throw new QuotaExceededError(refusal);
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
    const direct = firstOrThrow(
      await tx
        .update(subscribers)
        .set({ routesUsedThisPeriod: sql`${subscribers.routesUsedThisPeriod} + 1`, updatedAt: new Date() })
        .where(eq(subscribers.userId, user.id))
        .returning(),
      "subscriber record missing",
    );
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

type UsageWarningKind = "usage_warning_80" | "usage_warning_100";

/** What {@link sendUsageWarnings} needs: the database, the mailer and links for the e-mail, the realtime bus for the push. */
export type UsageNoticeDeps = { db: Database; mailer: Mailer; baseUrl: string; realtime: RealtimeBus; logger: Logger };

/**
 * The SPEC §9 usage notices (80 % of the quota, rounded down, and 100 %), each once per usage
 * period: a usage_warnings row (primary key user, period, kind) is inserted with ON CONFLICT DO
 * NOTHING together with the bell's team_notifications row, in one transaction; only the request
 * whose insert won writes the notice, pushes it to the user's open sockets (realtime
 * `notifications/created`, after commit, so every open tab's bell shows it without waiting for its
 * next poll) and — when the user's notifications preference is on — sends the e-mail. A re-run, a
 * retry, a concurrent request or a second server process finds the row and sends nothing; the next
 * period claims again. When one route reaches both thresholds, both notices reach the bell but
 * only the 100 % e-mail goes out. Dates and amounts are written for the user (their language and
 * time zone). Called after the route's transaction committed: a notice missed by a crash is
 * claimed by the user's next route.
 */
export async function sendUsageWarnings(deps: UsageNoticeDeps, user: { id: string; email: string }, consumption: Consumption): Promise<void> {
  const { db } = deps;
  const { routesUsed: used, monthlyLimit: total } = consumption;
  if (total <= 0) return;
  const kinds: UsageWarningKind[] = [];
  if (used >= warningThreshold(total)) kinds.push("usage_warning_80");
  if (used >= total) kinds.push("usage_warning_100");
  if (kinds.length === 0) return;
  const prefs = await getPreferences(db, user.id);
  const format = formatterFor(prefs);
  const resetsAt = await usagePeriodResetsAt(db, user.id);
  const resetsOn = format.date(resetsAt, "long");
  const [sub] = await db.select({ hasPaymentMethod: subscribers.hasPaymentMethod }).from(subscribers).where(eq(subscribers.userId, user.id));
  const price = format.money(OVERAGE_PENCE_PER_ROUTE);
  /** The bell's title and short message, and which e-mail tells the notice (usage-mail.ts). */
  const notice = (kind: UsageWarningKind): { title: string; bell: string; variant: UsageMailVariant } => {
    if (kind === "usage_warning_80") return { title: usageNotices.nearLimitTitle, bell: usageNotices.nearLimitBell(used, total, resetsOn), variant: "near" };
    const [bell, variant]: [string, UsageMailVariant] = consumption.teamId
      ? [usageNotices.limitTeamBell(total, resetsOn), "limitTeam"]
      : sub?.hasPaymentMethod
        ? [usageNotices.limitWithCardBell(total, price, resetsOn), "limitWithCard"]
        : [usageNotices.limitBell(total, resetsOn), "limit"];
    return { title: usageNotices.limitTitle, bell, variant };
  };
  const events = new TeamEvents();
  const claimed = await db.transaction(async (tx) => {
    const won: UsageWarningKind[] = [];
    for (const kind of kinds) {
      const rows = await tx
        .insert(usageWarnings)
        .values({ userId: user.id, periodStart: consumption.periodStart, kind })
        .onConflictDoNothing()
        .returning({ kind: usageWarnings.kind });
      if (rows.length === 0) continue;
      won.push(kind);
      const { title, bell } = notice(kind);
      await events.notify(tx, user.id, "alert", title, bell);
    }
    return won;
  });
  // The notices reach the user's open tabs now (the bell is the user's own, also for a team member's allocation).
  await events.flush(deps.realtime, deps.logger);
  const kind = claimed.includes("usage_warning_100") ? "usage_warning_100" : claimed.includes("usage_warning_80") ? "usage_warning_80" : null;
  if (!kind || !prefs.notifications) return;
  // In the user's language (their preference; English when it is not one e-mails are written in).
  await deps.mailer.send(
    usageWarningEmail({
      to: user.email,
      variant: notice(kind).variant,
      used,
      total,
      pricePence: OVERAGE_PENCE_PER_ROUTE,
      resetsAt,
      baseUrl: deps.baseUrl,
      language: supportedMailLanguage(prefs.language) ?? "en",
      format,
    }),
  );
}
