import { createRoute, z } from "@hono/zod-openapi";
import { adminOverageChargesSchema, adminOverageQuerySchema, billingAccountSchema, billingPlansSchema, billingUrlSchema, checkoutRequestSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError, rateLimited } from "../../../lib/openapi";

const notConfigured = jsonError("BILLING_NOT_CONFIGURED: STRIPE_SECRET_KEY (or the plan's STRIPE_PRICE_*) is not set; plans are changed by an administrator");
const stripeFailed = jsonError("Stripe could not be reached or refused the request (nothing changed)");
const paymentLimited = rateLimited("More than 5 billing sessions a minute (SPEC §9 payment); blocked 10 minutes, see Retry-After");

export const postCheckout = createRoute({
  method: "post",
  path: "/api/billing/checkout",
  tags: ["Billing"],
  summary: "Start a Stripe Checkout session (mode subscription) for a paid plan; answers the Checkout URL",
  request: { body: { content: { "application/json": { schema: checkoutRequestSchema } }, required: true } },
  responses: {
    200: json(billingUrlSchema, "Checkout URL"),
    ...authErrors,
    409: jsonError("Already on a paid plan billed by Stripe: change it in the Customer Portal"),
    429: paymentLimited,
    502: stripeFailed,
    503: notConfigured,
  },
});

export const postPortal = createRoute({
  method: "post",
  path: "/api/billing/portal",
  tags: ["Billing"],
  summary: "Open the Stripe Customer Portal (card, plan change, cancel, invoices) for the user's billing account",
  responses: {
    200: json(billingUrlSchema, "Customer Portal URL"),
    401: authErrors[401],
    409: jsonError("No billing account yet: upgrade first"),
    429: paymentLimited,
    502: stripeFailed,
    503: notConfigured,
  },
});

export const postWebhook = createRoute({
  method: "post",
  path: "/api/billing/webhook",
  tags: ["Billing"],
  security: [],
  summary:
    "Stripe webhook (public; the raw body is verified against the Stripe-Signature header with STRIPE_WEBHOOK_SECRET). Each event id is handled once; unknown events are acknowledged and ignored.",
  responses: {
    200: json(z.object({ received: z.literal(true), outcome: z.enum(["processed", "replayed", "ignored"]) }), "Event acknowledged"),
    400: jsonError("Missing or bad signature, or not a Stripe event (nothing changed)"),
    413: authErrors[413],
    503: notConfigured,
  },
});

export const getSubscription = createRoute({
  method: "get",
  path: "/api/billing/subscription",
  tags: ["Billing"],
  summary: "SPEC §7 check-subscription (subscribed, tier, monthly limit, routes used this period, Stripe customer id) plus status, renewal, payment method and whether self-service billing is on",
  responses: { 200: json(billingAccountSchema, "Subscription"), 401: authErrors[401] },
});

export const getOverageCharges = createRoute({
  method: "get",
  path: "/api/billing/overage-charges",
  tags: ["Billing"],
  summary: "The user's overage charges (100 p per route above the limit), newest first; 12 by default (SPEC §3)",
  request: { query: adminOverageQuerySchema },
  responses: { 200: json(adminOverageChargesSchema, "Overage charges (the same shape the admin console shows)"), 400: authErrors[400], 401: authErrors[401] },
});

export const getPlans = createRoute({
  method: "get",
  path: "/api/billing/plans",
  tags: ["Billing"],
  security: [],
  summary: "Public: whether self-service billing is on and which paid plans Checkout sells (those with a STRIPE_PRICE_*)",
  responses: { 200: json(billingPlansSchema, "Plans on sale") },
});
