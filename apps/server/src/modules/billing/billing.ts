import { eq } from "drizzle-orm";
import { asTier, billingMessages, isLegacyAccount, LEGACY_TRIAL_DAYS, OVERAGE_PENCE_PER_ROUTE, paidTiers, type BillingAccount, type BillingPlans, type PaidTier, type SubscriptionCheck } from "@routepilot/contracts";
import { overageCharges, subscribers, user as users, type Database, type DbOrTx } from "@routepilot/db";
import type { Env } from "../../lib/env";
import { BillingNotConfiguredError, ConflictError, StripeUnavailableError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { ensureSubscriber } from "../accounts/accounts";
import { callStripe, priceIds, requireStripe, stripeClient } from "./stripe";

/** Checkout, the customer portal, the plans on sale, the billing account, and overage invoice items. */

async function subscriberRow(db: DbOrTx, user: { id: string; email: string }) {
  await ensureSubscriber(db, user.id, user.email);
  const [row] = await db.select().from(subscribers).where(eq(subscribers.userId, user.id));
  if (!row) throw new Error("subscriber record missing");
  return row;
}

/**
 * Free trial days a Checkout gives (docs/decisions/007-legacy-accounts.md): a legacy account
 * that has never had a Stripe subscription gets LEGACY_TRIAL_DAYS; everyone else none.
 */
async function trialDays(db: DbOrTx, row: typeof subscribers.$inferSelect): Promise<number> {
  if (row.stripeCustomerId || row.stripeSubscriptionId) return 0;
  const [account] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, row.userId));
  return account && isLegacyAccount(asTier(row.subscriptionTier), account.createdAt) ? LEGACY_TRIAL_DAYS : 0;
}

/** A Stripe Checkout session (mode subscription) for one of the paid tiers; answers its URL. */
export async function createCheckoutSession(
  deps: { env: Env; db: Database; logger: Logger; baseUrl: string },
  user: { id: string; email: string },
  tier: PaidTier,
): Promise<{ url: string }> {
  const stripe = requireStripe(deps.env);
  const price = priceIds(deps.env)[tier];
  if (!price) throw new BillingNotConfiguredError(billingMessages.priceNotConfigured);
  const row = await subscriberRow(deps.db, user);
  // A second subscription would be billed beside the first; plan changes go through the portal.
  if (row.stripeCustomerId && row.subscriptionTier !== "free" && row.subscriptionStatus !== "canceled") throw new ConflictError(billingMessages.alreadySubscribed);
  const trial = await trialDays(deps.db, row);
  const session = await callStripe(deps.logger, "checkout.sessions.create", () =>
    stripe.checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price, quantity: 1 }],
      client_reference_id: user.id,
      subscription_data: { metadata: { userId: user.id }, ...(trial > 0 ? { trial_period_days: trial } : {}) },
      metadata: { userId: user.id },
      ...(row.stripeCustomerId ? { customer: row.stripeCustomerId } : { customer_email: user.email }),
      success_url: `${deps.baseUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${deps.baseUrl}/pricing`,
    }),
  );
  if (!session.url) throw new StripeUnavailableError();
  return { url: session.url };
}

/** A Stripe Customer Portal session for the user's linked customer; 409 when there is none. */
export async function createPortalSession(
  deps: { env: Env; db: Database; logger: Logger; baseUrl: string },
  user: { id: string; email: string },
): Promise<{ url: string }> {
  const stripe = requireStripe(deps.env);
  const row = await subscriberRow(deps.db, user);
  if (!row.stripeCustomerId) throw new ConflictError(billingMessages.noCustomer);
  const customer = row.stripeCustomerId;
  const session = await callStripe(deps.logger, "billingPortal.sessions.create", () =>
    stripe.billingPortal.sessions.create({ customer, return_url: `${deps.baseUrl}/subscription` }),
  );
  return { url: session.url };
}

/** SPEC §7 check-subscription, from the subscribers table. */
function subscriptionCheck(row: typeof subscribers.$inferSelect): SubscriptionCheck {
  const tier = asTier(row.subscriptionTier);
  return {
    subscribed: tier !== "free" && (row.subscriptionStatus === "active" || row.subscriptionStatus === "trialing"),
    subscription_tier: tier,
    monthly_route_limit: row.monthlyRouteLimit,
    routes_used_this_period: row.routesUsedThisPeriod,
    stripe_customer_id: row.stripeCustomerId,
  };
}

/** The paid plans Checkout can sell on this server: those with a price, when Stripe is configured. */
function purchasableTiers(env: Env): PaidTier[] {
  if (!stripeClient(env)) return [];
  const prices = priceIds(env);
  return paidTiers.filter((tier) => prices[tier] !== undefined);
}

/** GET /api/billing/plans (public). */
export function billingPlans(env: Env): BillingPlans {
  return { billingEnabled: stripeClient(env) !== null, purchasableTiers: purchasableTiers(env) };
}

/** GET /api/billing/subscription: check-subscription plus what the subscription page shows. */
export async function getBillingAccount(deps: { env: Env; db: DbOrTx }, user: { id: string; email: string }): Promise<BillingAccount> {
  const row = await subscriberRow(deps.db, user);
  const [account] = await deps.db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, user.id));
  const enabled = stripeClient(deps.env) !== null;
  return {
    ...subscriptionCheck(row),
    subscription_status: row.subscriptionStatus,
    current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    billed_by_stripe: row.stripeSubscriptionId !== null,
    has_payment_method: row.hasPaymentMethod,
    billing_enabled: enabled,
    purchasable_tiers: purchasableTiers(deps.env),
    is_legacy_user: account ? isLegacyAccount(asTier(row.subscriptionTier), account.createdAt) : false,
    trial_days: enabled ? await trialDays(deps.db, row) : 0,
  };
}

/**
 * With Stripe configured and a linked customer, bills a new overage charge as an invoice item
 * (100 p, gbp) on the customer's next invoice and keeps its id. Runs after the route's
 * transaction; a Stripe failure is logged and leaves the charge pending without an item.
 */
export async function billOverageCharge(deps: { env: Env; db: Database; logger: Logger }, userId: string, chargeId: string): Promise<void> {
  const stripe = stripeClient(deps.env);
  if (!stripe) return;
  const [row] = await deps.db.select({ customer: subscribers.stripeCustomerId }).from(subscribers).where(eq(subscribers.userId, userId));
  if (!row?.customer) return;
  const customer = row.customer;
  try {
    const item = await callStripe(deps.logger, "invoiceItems.create", () =>
      stripe.invoiceItems.create(
        { customer, amount: OVERAGE_PENCE_PER_ROUTE, currency: "gbp", description: "Route above the monthly limit", metadata: { userId, overageChargeId: chargeId } },
        { idempotencyKey: `overage-${chargeId}` },
      ),
    );
    await deps.db.update(overageCharges).set({ stripeInvoiceItemId: item.id }).where(eq(overageCharges.id, chargeId));
  } catch (error) {
    if (!(error instanceof StripeUnavailableError)) throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Webhooks

/** The parts of an event this server reads; everything else in the payload is ignored. */
