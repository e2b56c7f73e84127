import { and, eq, inArray, sql } from "drizzle-orm";
import Stripe from "stripe";
import { billingMessages, monthlyRouteLimits, type PaidTier } from "@routepilot/contracts";
import { overageCharges, stripeEvents, subscribers, teamNotifications, type Database, type DbOrTx } from "@routepilot/db";
import type { Env } from "../../lib/env";
import { BillingNotConfiguredError, ValidationError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import { writeAuditEvent } from "../security/audit";
import { tierOfPrice } from "./stripe";

/** Stripe webhooks: signature verification, each event once (stripe_events), subscriptions and invoices applied to the subscriber. */

type StripeObject = Record<string, unknown>;
/** `created` is the event's time (Unix seconds): Stripe does not deliver events in order. */
type VerifiedEvent = { id: string; type: string; created: number; object: StripeObject };

/**
 * Verifies the signature of the raw body and parses it. Bad or missing signature, or a body
 * that is not an event → 400 (nothing is changed).
 */
export function verifyWebhook(env: Env, rawBody: string, signature: string | undefined): VerifiedEvent {
  if (!env.STRIPE_WEBHOOK_SECRET) throw new BillingNotConfiguredError();
  if (!signature) throw new ValidationError("Missing Stripe-Signature header");
  let event: unknown;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch {
    throw new ValidationError("Invalid webhook signature or payload");
  }
  const e = event as { id?: unknown; type?: unknown; created?: unknown; data?: { object?: unknown } } | null;
  if (!e || typeof e !== "object" || typeof e.id !== "string" || typeof e.type !== "string" || !e.data || typeof e.data.object !== "object" || e.data.object === null) {
    throw new ValidationError("The webhook body is not a Stripe event");
  }
  const created = typeof e.created === "number" && Number.isFinite(e.created) ? e.created : Math.floor(Date.now() / 1000);
  return { id: e.id, type: e.type, created, object: e.data.object as StripeObject };
}

const str = (v: unknown): string | null => (typeof v === "string" && v !== "" ? v : null);
/** A Stripe reference: an id string, or an expanded object with an id. */
const ref = (v: unknown): string | null => str(v) ?? (v && typeof v === "object" ? str((v as StripeObject).id) : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
const list = (v: unknown): StripeObject[] => {
  const data = v && typeof v === "object" ? (v as StripeObject).data : null;
  return Array.isArray(data) ? data.filter((x): x is StripeObject => Boolean(x) && typeof x === "object") : [];
};
const metadataUserId = (o: StripeObject): string | null => {
  const m = o.metadata;
  return m && typeof m === "object" ? str((m as StripeObject).userId) : null;
};

type Outcome = "processed" | "replayed" | "ignored";

/** Handles one verified event once: its id is claimed in the same transaction as its changes. */
export async function handleWebhookEvent(deps: { env: Env; db: Database; logger: Logger }, event: VerifiedEvent): Promise<Outcome> {
  return deps.db.transaction(async (tx) => {
    const claimed = await tx.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning({ id: stripeEvents.id });
    if (claimed.length === 0) return "replayed";
    const log = deps.logger.child({ stripeEvent: event.id, type: event.type });
    const o = event.object;
    switch (event.type) {
      case "checkout.session.completed": {
        const userId = str(o.client_reference_id) ?? metadataUserId(o);
        const customer = ref(o.customer);
        if (!userId || !customer) return "ignored";
        // A subscription or setup Checkout collects a payment method; payment_method.attached may
        // have arrived before the customer was linked.
        const collected = o.mode === "subscription" || o.mode === "setup" ? { hasPaymentMethod: true } : {};
        const done = await tx.update(subscribers).set({ stripeCustomerId: customer, ...collected, updatedAt: new Date() }).where(eq(subscribers.userId, userId)).returning({ id: subscribers.id });
        if (done.length === 0) log.warn({ userId }, "checkout completed for an unknown user");
        return "processed";
      }
      case "customer.subscription.created":
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        return applySubscription(deps.env, tx, log, event, event.type === "customer.subscription.deleted");
      case "invoice.paid":
      case "invoice.payment_failed":
        return applyInvoice(tx, log, o, event.type === "invoice.paid");
      case "payment_method.attached":
      case "setup_intent.succeeded": {
        const customer = ref(o.customer);
        if (!customer) return "ignored";
        await tx.update(subscribers).set({ hasPaymentMethod: true, updatedAt: new Date() }).where(eq(subscribers.stripeCustomerId, customer));
        return "processed";
      }
      case "customer.updated": {
        const customer = str(o.id);
        if (!customer) return "ignored";
        const settings = o.invoice_settings && typeof o.invoice_settings === "object" ? (o.invoice_settings as StripeObject) : {};
        const has = Boolean(ref(settings.default_payment_method) ?? ref(o.default_source));
        await tx.update(subscribers).set({ hasPaymentMethod: has, updatedAt: new Date() }).where(eq(subscribers.stripeCustomerId, customer));
        return "processed";
      }
      default:
        return "ignored";
    }
  });
}

/** The user a Stripe object belongs to: metadata.userId first, else the linked customer. */
async function findSubscriber(tx: DbOrTx, userId: string | null, customer: string | null) {
  if (userId) {
    const [row] = await tx.select().from(subscribers).where(eq(subscribers.userId, userId));
    if (row) return row;
  }
  if (customer) {
    const [row] = await tx.select().from(subscribers).where(eq(subscribers.stripeCustomerId, customer));
    if (row) return row;
  }
  return null;
}

const activeStatuses = new Set(["active", "trialing", "past_due"]);

/** The audit row (plan_change) of a tier set by a Stripe subscription event, when the tier changes. */
async function auditPlanChange(tx: DbOrTx, log: Logger, row: { userId: string; subscriptionTier: string }, after: string, event: VerifiedEvent): Promise<void> {
  if (row.subscriptionTier === after) return;
  await writeAuditEvent(tx, log, {
    eventType: "plan_change",
    action: "stripe subscription",
    outcome: "success",
    riskLevel: "medium",
    userId: row.userId,
    userAgent: null,
    ipAddress: null,
    sessionId: null,
    resource: "/api/billing/webhook",
    metadata: { before: { tier: row.subscriptionTier }, after: { tier: after }, stripeEvent: event.id, eventType: event.type },
  });
}

/**
 * customer.subscription.created|updated|deleted. Stripe may deliver them late and out of order:
 * an event older than the last one applied changes nothing, and the end of a subscription that
 * has since been replaced by another leaves the new one in place.
 */
async function applySubscription(env: Env, tx: DbOrTx, log: Logger, event: VerifiedEvent, deleted: boolean): Promise<Outcome> {
  const o = event.object;
  const customer = ref(o.customer);
  const subscriptionId = str(o.id);
  const row = await findSubscriber(tx, metadataUserId(o), customer);
  if (!row) {
    log.warn({ customer }, "subscription event for no known user; ignored");
    return "ignored";
  }
  const eventAt = new Date(event.created * 1000);
  if (row.stripeSubscriptionEventAt && eventAt < row.stripeSubscriptionEventAt) {
    log.info({ userId: row.userId, eventAt, applied: row.stripeSubscriptionEventAt }, "subscription event older than the one applied; ignored");
    return "ignored";
  }
  if (row.stripeSubscriptionId && subscriptionId && subscriptionId !== row.stripeSubscriptionId && (deleted || !activeStatuses.has(str(o.status) ?? "active"))) {
    log.info({ userId: row.userId, subscriptionId, current: row.stripeSubscriptionId }, "an earlier subscription ended; the current one stays");
    return "ignored";
  }
  const status = str(o.status) ?? "active";
  const items = list(o.items);
  const periodStartUnix = num(items[0]?.current_period_start) ?? num(o.current_period_start);
  const periodEndUnix = num(items[0]?.current_period_end) ?? num(o.current_period_end);
  const now = new Date();
  const link = {
    ...(customer && !row.stripeCustomerId ? { stripeCustomerId: customer } : {}),
    ...(ref(o.default_payment_method) ? { hasPaymentMethod: true } : {}),
    stripeSubscriptionEventAt: eventAt,
  };
  if (deleted || !activeStatuses.has(status)) {
    // The free plan is active; an incomplete subscription only records the customer.
    if (!deleted && status === "incomplete") {
      await tx.update(subscribers).set({ ...link, updatedAt: now }).where(eq(subscribers.id, row.id));
      return "processed";
    }
    await tx
      .update(subscribers)
      .set({
        ...link,
        subscriptionTier: "free",
        monthlyRouteLimit: monthlyRouteLimits.free,
        subscriptionStatus: "active",
        stripeSubscriptionId: null,
        currentPeriodEnd: null,
        cancelAtPeriodEnd: false,
        updatedAt: now,
      })
      .where(eq(subscribers.id, row.id));
    await auditPlanChange(tx, log, row, "free", event);
    return "processed";
  }
  const prices = items.map((item) => ref(item.price)).filter((p): p is string => p !== null);
  const tier = prices.map((p) => tierOfPrice(env, p)).find((t): t is PaidTier => t !== null);
  if (!tier) {
    log.warn({ prices, userId: row.userId }, "subscription with no known STRIPE_PRICE_* price; no change");
    return "ignored";
  }
  const periodStart = periodStartUnix !== null ? new Date(periodStartUnix * 1000) : null;
  // A new Stripe period starts a new usage period (count back to 0).
  const reset = periodStart && periodStart.getTime() > row.currentPeriodStart.getTime() ? { currentPeriodStart: periodStart, routesUsedThisPeriod: 0 } : {};
  await tx
    .update(subscribers)
    .set({
      ...link,
      ...reset,
      subscriptionTier: tier,
      monthlyRouteLimit: monthlyRouteLimits[tier],
      subscriptionStatus: status,
      stripeSubscriptionId: subscriptionId,
      currentPeriodEnd: periodEndUnix !== null ? new Date(periodEndUnix * 1000) : null,
      cancelAtPeriodEnd: o.cancel_at_period_end === true,
      updatedAt: now,
    })
    .where(eq(subscribers.id, row.id));
  await auditPlanChange(tx, log, row, tier, event);
  return "processed";
}

/** The invoice item ids on an invoice's lines (current and pre-2025 payload shapes). */
function invoiceItemIds(o: StripeObject): string[] {
  const ids: string[] = [];
  for (const line of list(o.lines)) {
    const parent = line.parent && typeof line.parent === "object" ? (line.parent as StripeObject) : {};
    const details = parent.invoice_item_details && typeof parent.invoice_item_details === "object" ? (parent.invoice_item_details as StripeObject) : {};
    const id = ref(details.invoice_item) ?? ref(line.invoice_item);
    if (id) ids.push(id);
  }
  return ids;
}

async function applyInvoice(tx: DbOrTx, log: Logger, o: StripeObject, paid: boolean): Promise<Outcome> {
  const customer = ref(o.customer);
  const row = await findSubscriber(tx, null, customer);
  if (!row) {
    log.warn({ customer }, "invoice for no known customer; ignored");
    return "ignored";
  }
  const items = invoiceItemIds(o);
  if (items.length > 0) {
    await tx
      .update(overageCharges)
      .set({ paymentStatus: paid ? "paid" : "failed", ...(str(o.payment_intent) ? { stripePaymentIntentId: str(o.payment_intent) } : {}) })
      .where(and(eq(overageCharges.userId, row.userId), inArray(overageCharges.stripeInvoiceItemId, items), sql`${overageCharges.paymentStatus} <> 'paid'`));
  }
  if (paid) {
    if (row.subscriptionStatus === "past_due") await tx.update(subscribers).set({ subscriptionStatus: "active", updatedAt: new Date() }).where(eq(subscribers.id, row.id));
    return "processed";
  }
  await tx.update(subscribers).set({ subscriptionStatus: "past_due", updatedAt: new Date() }).where(eq(subscribers.id, row.id));
  await tx.insert(teamNotifications).values({ userId: row.userId, type: "alert", title: billingMessages.paymentFailedTitle, message: billingMessages.paymentFailed });
  return "processed";
}
