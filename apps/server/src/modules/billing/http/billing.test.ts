import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { overageCharges, stripeEvents, subscribers, teamNotifications, user as users } from "@routepilot/db";
import { startFakeStripe, type FakeStripe } from "../../../test/fake-stripe";
import { createTestApp, type TestApp } from "../../../test/harness";
import { DEPOT, scatteredOrders } from "../../../test/fleet-fixtures";
import { waitForPlans } from "../../fleet/plans";
import { account, createTeam, setTier } from "../../../test/team-fixtures";

const SECRET_KEY = "sk_test_routepilot_fake_secret_key_123456";
const WEBHOOK_SECRET = "whsec_routepilot_test_signing_secret";
const PRICES = { STRIPE_PRICE_PREMIUM: "price_premium_test", STRIPE_PRICE_ENTERPRISE: "price_enterprise_test", STRIPE_PRICE_FLEET_PRO: "price_fleet_test" };

let fake: FakeStripe;
let t: TestApp;
let off: TestApp;
const logLines: string[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_BASE: fake.base, ...PRICES, PAYMENT_RATE_LIMIT: "0" });
  // Capture what the app logs, to prove the secret key never appears in a line.
  t.deps.logger = pino(
    { level: "debug" },
    new Writable({
      write(chunk: Buffer, _enc, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  off = await createTestApp();
});
afterAll(async () => {
  await t.close();
  await off.close();
  await fake.close();
});

const signed = (payload: string) => Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });

let eventCounter = 0;
function event(type: string, object: Record<string, unknown>, id = `evt_test_${++eventCounter}`, created = 1_790_000_000) {
  return JSON.stringify({ id, object: "event", type, api_version: "2026-10-28.endive", created, data: { object } });
}
const postWebhook = (payload: string, signature: string | null = signed(payload), app: TestApp = t) =>
  app.call("/api/billing/webhook", { rawBody: payload, headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) } });

async function subscriber(userId: string) {
  const [row] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, userId));
  return row!;
}

/** A signed-up user with a subscribers row (created on first access). */
async function newUser(email: string, app: TestApp = t) {
  const u = await app.signUp(email);
  expect((await app.call("/api/billing/subscription", { cookie: u.cookie })).status).toBe(200);
  return u;
}

function subscriptionObject(userId: string | null, price: string, extra: Record<string, unknown> = {}) {
  return {
    id: "sub_test_1",
    object: "subscription",
    customer: "cus_test_sub",
    status: "active",
    metadata: userId ? { userId } : {},
    items: { object: "list", data: [{ id: "si_1", object: "subscription_item", price: { id: price, object: "price" }, current_period_start: 1_893_456_000, current_period_end: 1_896_134_400 }] },
    ...extra,
  };
}

describe("without STRIPE_SECRET_KEY", () => {
  it("checkout and portal answer 503 BILLING_NOT_CONFIGURED", async () => {
    const u = await off.signUp("nostripe@example.com");
    for (const path of ["/api/billing/checkout", "/api/billing/portal"]) {
      const res = await off.call(path, { cookie: u.cookie, body: { tier: "premium" } });
      expect(res.status).toBe(503);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe("BILLING_NOT_CONFIGURED");
      expect(body.error.message).toMatch(/administrator/);
    }
  });

  it("SPEC §9 payment: the 6th session in a minute is refused with 429", async () => {
    const u = await off.signUp("limited@example.com");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await off.call("/api/billing/portal", { method: "POST", cookie: u.cookie })).status);
    expect(statuses).toEqual([503, 503, 503, 503, 503, 429]);
    const res = await off.call("/api/billing/checkout", { cookie: u.cookie, body: { tier: "premium" } });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(500);
  });

  it("the webhook answers 503 and changes nothing", async () => {
    const payload = event("customer.subscription.updated", subscriptionObject("x", PRICES.STRIPE_PRICE_PREMIUM));
    expect((await postWebhook(payload, signed(payload), off)).status).toBe(503);
  });

  it("GET /api/billing/plans (public) says nothing is on sale; with Stripe it lists the priced plans", async () => {
    expect(await (await off.call("/api/billing/plans")).json()).toEqual({ billingEnabled: false, purchasableTiers: [] });
    expect(await (await t.call("/api/billing/plans")).json()).toEqual({ billingEnabled: true, purchasableTiers: ["premium", "enterprise", "fleet_pro"] });
    const some = await createTestApp({ STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_PRICE_PREMIUM: PRICES.STRIPE_PRICE_PREMIUM });
    expect(await (await some.call("/api/billing/plans")).json()).toEqual({ billingEnabled: true, purchasableTiers: ["premium"] });
    await some.close();
  });

  it("the subscription is still readable", async () => {
    const u = await off.signUp("nostripe2@example.com");
    const res = await off.call("/api/billing/subscription", { cookie: u.cookie });
    expect(await res.json()).toEqual({
      subscribed: false,
      subscription_tier: "free",
      monthly_route_limit: 5,
      routes_used_this_period: 0,
      stripe_customer_id: null,
      subscription_status: "active",
      current_period_end: null,
      cancel_at_period_end: false,
      billed_by_stripe: false,
      has_payment_method: false,
      // The page says plans are changed by an administrator instead of offering a broken button.
      billing_enabled: false,
      purchasable_tiers: [],
      is_legacy_user: false,
      trial_days: 0,
    });
  });
});

describe("POST /api/billing/checkout", () => {
  it("401 signed out", async () => {
    expect((await t.call("/api/billing/checkout", { body: { tier: "premium" } })).status).toBe(401);
    expect((await t.call("/api/billing/portal", { method: "POST" })).status).toBe(401);
    expect((await t.call("/api/billing/subscription")).status).toBe(401);
    expect((await t.call("/api/billing/overage-charges")).status).toBe(401);
  });

  it("400 for an unknown or free tier, nothing sent to Stripe", async () => {
    const u = await t.signUp("badtier@example.com");
    const before = fake.requests.length;
    for (const tier of ["gold", "free", 3]) {
      const res = await t.call("/api/billing/checkout", { cookie: u.cookie, body: { tier } });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.tier).toMatch(/premium, enterprise or fleet_pro/);
    }
    expect((await t.call("/api/billing/checkout", { cookie: u.cookie, rawBody: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect(fake.requests.length).toBe(before);
  });

  it("creates a subscription Checkout session through the real client and answers its URL", async () => {
    const u = await t.signUp("buyer@example.com");
    const res = await t.call("/api/billing/checkout", { cookie: u.cookie, body: { tier: "enterprise" } });
    expect(res.status).toBe(200);
    const { url } = (await res.json()) as { url: string };
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test/);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.path).toBe("/v1/checkout/sessions");
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(sent.params).toMatchObject({
      mode: "subscription",
      client_reference_id: u.userId,
      "subscription_data[metadata][userId]": u.userId,
      "line_items[0][price]": PRICES.STRIPE_PRICE_ENTERPRISE,
      "line_items[0][quantity]": "1",
      customer_email: "buyer@example.com",
      success_url: "http://localhost:3000/payment-success?session_id={CHECKOUT_SESSION_ID}",
    });
  });

  it("a legacy account (free, created before 2024-12-26) gets its first paid plan with 30 days free; others get no trial", async () => {
    const legacy = await newUser("legacy@example.com");
    await t.deps.db.update(users).set({ createdAt: new Date("2024-06-01T10:00:00Z") }).where(eq(users.id, legacy.userId));
    expect(await (await t.call("/api/billing/subscription", { cookie: legacy.cookie })).json()).toMatchObject({ is_legacy_user: true, trial_days: 30 });
    expect((await t.call("/api/billing/checkout", { cookie: legacy.cookie, body: { tier: "premium" } })).status).toBe(200);
    expect(fake.requests.at(-1)!.params).toMatchObject({ "subscription_data[trial_period_days]": "30", "subscription_data[metadata][userId]": legacy.userId });

    // Once it has had a Stripe subscription, the trial is spent.
    await t.deps.db.update(subscribers).set({ stripeCustomerId: "cus_legacy" }).where(eq(subscribers.userId, legacy.userId));
    expect(await (await t.call("/api/billing/subscription", { cookie: legacy.cookie })).json()).toMatchObject({ is_legacy_user: true, trial_days: 0 });
    expect((await t.call("/api/billing/checkout", { cookie: legacy.cookie, body: { tier: "premium" } })).status).toBe(200);
    expect(fake.requests.at(-1)!.params["subscription_data[trial_period_days]"]).toBeUndefined();

    const recent = await newUser("recent@example.com");
    expect(await (await t.call("/api/billing/subscription", { cookie: recent.cookie })).json()).toMatchObject({ is_legacy_user: false, trial_days: 0 });
    expect((await t.call("/api/billing/checkout", { cookie: recent.cookie, body: { tier: "premium" } })).status).toBe(200);
    expect(fake.requests.at(-1)!.params["subscription_data[trial_period_days]"]).toBeUndefined();
  });

  it("reuses the linked customer", async () => {
    const u = await newUser("returning@example.com");
    await t.deps.db.update(subscribers).set({ stripeCustomerId: "cus_returning" }).where(eq(subscribers.userId, u.userId));
    expect((await t.call("/api/billing/checkout", { cookie: u.cookie, body: { tier: "premium" } })).status).toBe(200);
    const sent = fake.requests.at(-1)!;
    expect(sent.params).toMatchObject({ customer: "cus_returning", "line_items[0][price]": PRICES.STRIPE_PRICE_PREMIUM });
    expect(sent.params.customer_email).toBeUndefined();
  });

  it("409 when already on a paid plan billed by Stripe (no second subscription)", async () => {
    const u = await newUser("paying@example.com");
    await t.deps.db.update(subscribers).set({ stripeCustomerId: "cus_paying", subscriptionTier: "premium", monthlyRouteLimit: 100 }).where(eq(subscribers.userId, u.userId));
    const before = fake.requests.length;
    const res = await t.call("/api/billing/checkout", { cookie: u.cookie, body: { tier: "enterprise" } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Manage billing/);
    expect(fake.requests.length).toBe(before);
  });

  it("a Stripe failure is a 502 whose log line never holds the secret key", async () => {
    const u = await t.signUp("stripedown@example.com");
    fake.failWith(500);
    try {
      const res = await t.call("/api/billing/checkout", { cookie: u.cookie, body: { tier: "premium" } });
      expect(res.status).toBe(502);
      expect(JSON.stringify(await res.json())).not.toContain(SECRET_KEY);
    } finally {
      fake.failWith(null);
    }
    const failures = logLines.filter((l) => l.includes("Stripe request failed"));
    expect(failures.length).toBeGreaterThan(0);
    for (const line of logLines) expect(line).not.toContain(SECRET_KEY);
  });
});

describe("POST /api/billing/portal", () => {
  it("409 without a linked customer", async () => {
    const u = await t.signUp("noportal@example.com");
    const res = await t.call("/api/billing/portal", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/Upgrade to a paid plan first/);
  });

  it("opens the portal for the linked customer", async () => {
    const u = await newUser("portal@example.com");
    await t.deps.db.update(subscribers).set({ stripeCustomerId: "cus_portal" }).where(eq(subscribers.userId, u.userId));
    const res = await t.call("/api/billing/portal", { method: "POST", cookie: u.cookie });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { url: string }).url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(fake.requests.at(-1)).toMatchObject({ path: "/v1/billing_portal/sessions", params: { customer: "cus_portal", return_url: "http://localhost:3000/subscription" } });
  });
});

describe("POST /api/billing/webhook", () => {
  it("400 for a missing or bad signature, nothing changed", async () => {
    const u = await newUser("forged@example.com");
    const payload = event("customer.subscription.updated", subscriptionObject(u.userId, PRICES.STRIPE_PRICE_PREMIUM));
    expect((await postWebhook(payload, null)).status).toBe(400);
    expect((await postWebhook(payload, Stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_someone_else" }))).status).toBe(400);
    expect((await postWebhook(payload.replace("active", "trialing"), signed(payload))).status).toBe(400);
    expect((await subscriber(u.userId)).subscriptionTier).toBe("free");
    expect(await t.deps.db.select().from(stripeEvents).where(eq(stripeEvents.id, JSON.parse(payload).id))).toEqual([]);
  });

  it("400 (never 500) for a signed body that is not JSON or not an event", async () => {
    for (const payload of ["{not json", "[]", "null", '"text"', '{"id":"evt_x"}', '{"id":"evt_y","type":"x","data":{"object":null}}']) {
      const res = await postWebhook(payload);
      expect(res.status, payload).toBe(400);
    }
  });

  it("customer.subscription.updated with the premium price moves the named user to premium, once", async () => {
    const u = await newUser("upgraded@example.com");
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 4 }).where(eq(subscribers.userId, u.userId));
    const payload = event("customer.subscription.updated", subscriptionObject(u.userId, PRICES.STRIPE_PRICE_PREMIUM, { customer: "cus_upgraded" }));
    const res = await postWebhook(payload);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "processed" });
    const row = await subscriber(u.userId);
    expect(row).toMatchObject({ subscriptionTier: "premium", monthlyRouteLimit: 100, subscriptionStatus: "active", stripeCustomerId: "cus_upgraded", routesUsedThisPeriod: 0 });
    // The usage period now starts at the Stripe period start.
    expect(row.currentPeriodStart.toISOString()).toBe(new Date(1_893_456_000 * 1000).toISOString());
    expect(await (await t.call("/api/billing/subscription", { cookie: u.cookie })).json()).toEqual({
      subscribed: true,
      subscription_tier: "premium",
      monthly_route_limit: 100,
      routes_used_this_period: 0,
      stripe_customer_id: "cus_upgraded",
      subscription_status: "active",
      current_period_end: new Date(1_896_134_400 * 1000).toISOString(),
      cancel_at_period_end: false,
      billed_by_stripe: true,
      has_payment_method: false,
      billing_enabled: true,
      purchasable_tiers: ["premium", "enterprise", "fleet_pro"],
      is_legacy_user: false,
      trial_days: 0,
    });

    // An administrator changes the plan and usage in between; the replay changes nothing.
    await t.deps.db.update(subscribers).set({ subscriptionTier: "free", monthlyRouteLimit: 5, routesUsedThisPeriod: 3 }).where(eq(subscribers.userId, u.userId));
    const replay = await postWebhook(payload);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual({ received: true, outcome: "replayed" });
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, routesUsedThisPeriod: 3 });
  });

  it("finds the user by the linked customer when the metadata has none; deleted → free", async () => {
    const u = await newUser("linked@example.com");
    const completed = event("checkout.session.completed", { id: "cs_1", object: "checkout.session", client_reference_id: u.userId, customer: "cus_linked", mode: "subscription" });
    expect((await postWebhook(completed)).status).toBe(200);
    expect(await subscriber(u.userId)).toMatchObject({ stripeCustomerId: "cus_linked", hasPaymentMethod: true });

    const sub = subscriptionObject(null, PRICES.STRIPE_PRICE_FLEET_PRO, { customer: "cus_linked" });
    expect((await postWebhook(event("customer.subscription.created", sub))).status).toBe(200);
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "fleet_pro", monthlyRouteLimit: 2000 });

    expect((await postWebhook(event("customer.subscription.deleted", { ...sub, status: "canceled" }))).status).toBe(200);
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, stripeCustomerId: "cus_linked" });
  });

  it("events arriving out of order: an older event changes nothing, and the end of a replaced subscription leaves the new one", async () => {
    const u = await newUser("ordered@example.com");
    const premium = subscriptionObject(u.userId, PRICES.STRIPE_PRICE_PREMIUM, { id: "sub_old", customer: "cus_ordered" });
    const enterprise = subscriptionObject(u.userId, PRICES.STRIPE_PRICE_ENTERPRISE, { id: "sub_new", customer: "cus_ordered", cancel_at_period_end: true });
    // The upgrade (later) is delivered before the creation (earlier).
    expect(await (await postWebhook(event("customer.subscription.updated", enterprise, undefined, 1_790_000_200))).json()).toMatchObject({ outcome: "processed" });
    expect(await (await postWebhook(event("customer.subscription.created", premium, undefined, 1_790_000_100))).json()).toMatchObject({ outcome: "ignored" });
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "enterprise", stripeSubscriptionId: "sub_new", cancelAtPeriodEnd: true });
    // The old subscription's deletion, though newer, does not end the plan the new one pays for.
    expect(await (await postWebhook(event("customer.subscription.deleted", { ...premium, status: "canceled" }, undefined, 1_790_000_300))).json()).toMatchObject({ outcome: "ignored" });
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "enterprise", monthlyRouteLimit: 500 });
    const page = (await (await t.call("/api/billing/subscription", { cookie: u.cookie })).json()) as Record<string, unknown>;
    expect(page).toMatchObject({ subscription_tier: "enterprise", cancel_at_period_end: true, billed_by_stripe: true, current_period_end: new Date(1_896_134_400 * 1000).toISOString() });
    // Its own deletion does.
    expect(await (await postWebhook(event("customer.subscription.deleted", { ...enterprise, status: "canceled" }, undefined, 1_790_000_400))).json()).toMatchObject({ outcome: "processed" });
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, stripeSubscriptionId: null, currentPeriodEnd: null });
  });

  it("an unknown price id → 200, logged, no change", async () => {
    const u = await newUser("oddprice@example.com");
    const res = await postWebhook(event("customer.subscription.updated", subscriptionObject(u.userId, "price_unknown")));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ outcome: "ignored" });
    expect(await subscriber(u.userId)).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, stripeCustomerId: null });
    expect(logLines.some((l) => l.includes("price_unknown"))).toBe(true);
  });

  it("an unknown event type → 200, ignored", async () => {
    const res = await postWebhook(event("charge.refunded", { id: "ch_1", object: "charge" }));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ received: true, outcome: "ignored" });
  });

  it("payment methods set hasPaymentMethod; a failed invoice marks past_due, notifies, and fails its overage charges; a paid one pays them", async () => {
    const u = await newUser("payer@example.com");
    await t.deps.db.update(subscribers).set({ stripeCustomerId: "cus_payer" }).where(eq(subscribers.userId, u.userId));
    expect((await postWebhook(event("payment_method.attached", { id: "pm_1", object: "payment_method", customer: "cus_payer" }))).status).toBe(200);
    expect((await subscriber(u.userId)).hasPaymentMethod).toBe(true);
    expect((await postWebhook(event("customer.updated", { id: "cus_payer", object: "customer", invoice_settings: { default_payment_method: null }, default_source: null }))).status).toBe(200);
    expect((await subscriber(u.userId)).hasPaymentMethod).toBe(false);

    const start = new Date("2026-01-01T00:00:00Z");
    const end = new Date("2026-02-01T00:00:00Z");
    await t.deps.db.insert(overageCharges).values([
      { userId: u.userId, billingPeriodStart: start, billingPeriodEnd: end, overageRoutes: 1, amountCharged: 100, stripeInvoiceItemId: "ii_a" },
      { userId: u.userId, billingPeriodStart: start, billingPeriodEnd: end, overageRoutes: 1, amountCharged: 100, stripeInvoiceItemId: "ii_b" },
    ]);
    const invoice = (lines: string[]) => ({
      id: "in_1",
      object: "invoice",
      customer: "cus_payer",
      lines: { object: "list", data: lines.map((ii) => ({ id: `il_${ii}`, object: "line_item", parent: { type: "invoice_item_details", invoice_item_details: { invoice_item: ii } } })) },
    });
    expect((await postWebhook(event("invoice.payment_failed", invoice(["ii_a"])))).status).toBe(200);
    expect((await subscriber(u.userId)).subscriptionStatus).toBe("past_due");
    const notes = await t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, u.userId));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ type: "alert", title: "Payment failed" });

    expect((await postWebhook(event("invoice.paid", invoice(["ii_a", "ii_b"])))).status).toBe(200);
    expect((await subscriber(u.userId)).subscriptionStatus).toBe("active");
    const res = await t.call("/api/billing/overage-charges", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const { charges } = (await res.json()) as { charges: { paymentStatus: string; amountCharged: number }[] };
    expect(charges.map((c) => c.paymentStatus)).toEqual(["paid", "paid"]);
  });
});

describe("overage billing (SPEC §9)", () => {
  it("a route above the limit with a payment method becomes a pending charge and a 100 p gbp invoice item on the customer", async () => {
    const u = await newUser("overroute@example.com");
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5, hasPaymentMethod: true, stripeCustomerId: "cus_overage" }).where(eq(subscribers.userId, u.userId));
    const route = { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }] };
    const res = await t.call("/api/routes/optimize", { cookie: u.cookie, body: route });
    expect(res.status).toBe(200);
    const item = fake.requests.filter((r) => r.path === "/v1/invoiceitems").at(-1)!;
    expect(item.params).toMatchObject({ customer: "cus_overage", amount: "100", currency: "gbp" });
    expect(item.headers["idempotency-key"]).toMatch(/^overage-/);
    const [charge] = await t.deps.db.select().from(overageCharges).where(eq(overageCharges.userId, u.userId));
    expect(charge).toMatchObject({ amountCharged: 100, paymentStatus: "pending" });
    expect(charge!.stripeInvoiceItemId).toMatch(/^ii_test/);
  });
});

describe("overage billing of fleet plans (SPEC §9)", () => {
  it("a plan's routes above the quota holder's limit become invoice items too, one per route", async () => {
    const owner = await account(t, "fleet-overage", "Owen Over");
    await setTier(t, owner.userId, "fleet_pro");
    const teamId = await createTeam(t, owner, "Over Co");
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 5, routesUsedThisPeriod: 5, hasPaymentMethod: true, stripeCustomerId: "cus_fleet" }).where(eq(subscribers.userId, owner.userId));
    const body = { name: "Van", profile: "van", capacity: [40], shift: { start: "08:00", end: "17:00" }, start: DEPOT, end: DEPOT };
    const vehicle = (await (await t.call(`/api/teams/${teamId}/vehicles`, { cookie: owner.cookie, body })).json()) as { id: string };
    const orders = scatteredOrders(3).map((o) => ({ ...o, demand: [1], timeWindows: [] }));
    const res = await t.call(`/api/teams/${teamId}/plans`, { cookie: owner.cookie, body: { date: "2026-03-02", vehicleIds: [vehicle.id], orders } });
    expect(res.status).toBe(202);
    await waitForPlans();
    const items = fake.requests.filter((r) => r.path === "/v1/invoiceitems" && r.params.customer === "cus_fleet");
    expect(items).toHaveLength(1);
    expect(items[0]!.params).toMatchObject({ amount: "100", currency: "gbp" });
    const charges = await t.deps.db.select().from(overageCharges).where(eq(overageCharges.userId, owner.userId));
    expect(charges).toHaveLength(1);
    expect(charges[0]!.stripeInvoiceItemId).toMatch(/^ii_test/);
  }, 60_000);
});

describe("OpenAPI", () => {
  it("documents the billing routes; the webhook needs no session", async () => {
    const doc = (await (await t.call("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { security?: unknown[] }>> };
    for (const path of ["/api/billing/checkout", "/api/billing/portal", "/api/billing/webhook", "/api/billing/subscription", "/api/billing/overage-charges"]) expect(doc.paths[path], path).toBeDefined();
    expect(doc.paths["/api/billing/webhook"]!.post!.security).toEqual([]);
  });
});

describe("GET /api/billing/overage-charges", () => {
  it("answers only the user's own charges, newest first, 12 by default; 400 for a bad limit", async () => {
    const u = await newUser("overage@example.com");
    const other = await newUser("other-overage@example.com");
    const start = new Date("2026-01-01T00:00:00Z");
    const end = new Date("2026-02-01T00:00:00Z");
    const rows = Array.from({ length: 14 }, (_, i) => ({ userId: u.userId, billingPeriodStart: start, billingPeriodEnd: end, overageRoutes: 1, amountCharged: 100, createdAt: new Date(Date.UTC(2026, 0, 1 + i)) }));
    await t.deps.db.insert(overageCharges).values(rows);
    const res = await t.call("/api/billing/overage-charges", { cookie: u.cookie });
    const { charges } = (await res.json()) as { charges: { createdAt: string }[] };
    expect(charges).toHaveLength(12);
    expect(charges[0]!.createdAt).toBe("2026-01-14T00:00:00.000Z");
    expect((await (await t.call("/api/billing/overage-charges?limit=2", { cookie: u.cookie })).json()) as unknown).toMatchObject({ charges: [{}, {}] });
    expect(((await (await t.call("/api/billing/overage-charges", { cookie: other.cookie })).json()) as { charges: unknown[] }).charges).toEqual([]);
    expect((await t.call("/api/billing/overage-charges?limit=0", { cookie: u.cookie })).status).toBe(400);
    expect((await t.call("/api/billing/overage-charges?limit=abc", { cookie: u.cookie })).status).toBe(400);
  });
});
