import { z } from "zod";
import { tiers } from "./tiers";

/** Tiers bought through Stripe Checkout (free is every account's starting plan). */
export const paidTiers = ["premium", "enterprise", "fleet_pro"] as const;
export type PaidTier = (typeof paidTiers)[number];

/** Messages of the self-service billing endpoints (issue 9), shown to users as they are. */
export const billingMessages = {
  notConfigured: "Online payments are not set up on this server. Plans are changed by an administrator: please use the contact page.",
  notSoldOnline: "Online payments are not set up on this server, so plans cannot be bought here.",
  priceNotConfigured: "This plan cannot be bought online on this server. Please use the contact page.",
  noCustomer: "There is no billing account for you yet. Upgrade to a paid plan first; the billing portal opens once you have one.",
  alreadySubscribed: "You already have a paid plan. Use Manage billing to change or cancel it.",
  unknownTier: "Choose one of the paid plans: premium, enterprise or fleet_pro",
  stripeFailed: "The payment provider could not be reached. Please try again in a moment.",
  paymentFailedTitle: "Payment failed",
  paymentFailed: "Your latest payment did not go through. Please update your payment method in Manage billing to keep your plan.",
} as const;

export const checkoutRequestSchema = z.object({
  tier: z.enum(paidTiers, { error: billingMessages.unknownTier }),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

/** A Stripe-hosted page (Checkout or Customer Portal) to send the browser to. */
export const billingUrlSchema = z.object({ url: z.string() });

/** SPEC §7 check-subscription answer, read from the subscribers table. */
export const subscriptionCheckSchema = z.object({
  subscribed: z.boolean(),
  subscription_tier: z.enum(tiers),
  monthly_route_limit: z.number().int(),
  routes_used_this_period: z.number().int(),
  stripe_customer_id: z.string().nullable(),
});
export type SubscriptionCheck = z.infer<typeof subscriptionCheckSchema>;

/**
 * GET /api/billing/subscription: the SPEC §7 check-subscription fields, plus what the
 * subscription page shows (status, renewal, payment method, whether self-service billing is on
 * and which plans it sells, the legacy label).
 */
export const billingAccountSchema = subscriptionCheckSchema.extend({
  /** Stripe's subscription status (active, trialing, past_due…); "active" for plans without Stripe. */
  subscription_status: z.string(),
  /** When the current paid period ends (ISO), for a plan billed by Stripe; null otherwise. */
  current_period_end: z.string().nullable(),
  /** The subscription ends at current_period_end instead of renewing (cancelled in the portal). */
  cancel_at_period_end: z.boolean(),
  /** Billed by Stripe: a subscription is linked (plans set by an administrator are not). */
  billed_by_stripe: z.boolean(),
  has_payment_method: z.boolean(),
  /** Self-service billing is configured on this server (STRIPE_SECRET_KEY set). */
  billing_enabled: z.boolean(),
  /** The paid plans Checkout can sell here (those with a STRIPE_PRICE_*). */
  purchasable_tiers: z.array(z.enum(paidTiers)),
  is_legacy_user: z.boolean(),
  /** Free days the legacy label gives on the first paid plan (0 when it does not apply). */
  trial_days: z.number().int(),
});
export type BillingAccount = z.infer<typeof billingAccountSchema>;

/** GET /api/billing/plans (public): whether plans can be bought online here, and which. */
export const billingPlansSchema = z.object({
  billingEnabled: z.boolean(),
  purchasableTiers: z.array(z.enum(paidTiers)),
});
export type BillingPlans = z.infer<typeof billingPlansSchema>;
