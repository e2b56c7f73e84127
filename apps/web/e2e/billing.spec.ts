import Stripe from "stripe";
import { request as playwrightRequest } from "@playwright/test";
import { expect, login, signUpViaApi, test, uniqueEmail } from "./fixtures";

/**
 * Sends a Stripe event to the server's webhook, signed as Stripe signs it, on a connection of its
 * own (as Stripe would: a reused idle keep-alive connection can be reset by the server).
 */
async function stripeEvent(type: string, object: Record<string, unknown>) {
  const secret = process.env.E2E_STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new Error("E2E_STRIPE_WEBHOOK_SECRET is not set: run the journeys through `npm run test:e2e`");
  const payload = JSON.stringify({ id: `evt_e2e_${type}_${Date.now()}`, object: "event", type, created: Math.floor(Date.now() / 1000), data: { object } });
  const request = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  const res = await request.post("/api/billing/webhook", {
    headers: { "content-type": "application/json", "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    data: payload,
  });
  expect(res.status(), await res.text()).toBe(200);
  expect(((await res.json()) as { outcome: string }).outcome).toBe("processed");
  await request.dispose();
}

test("a user upgrades through Stripe Checkout: /payment-success waits for the webhook, the new limit shows, Manage billing opens the portal", async ({ page, request }) => {
  const email = uniqueEmail("buyer");
  const { user } = await signUpViaApi(request, email, undefined, "Paying Courier");
  await request.post("/api/auth/sign-out", { data: {} });
  // Stripe's hosted pages cannot be reached here: stand-ins that only show where the browser went.
  await page.route("https://checkout.stripe.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Checkout</title><h1>Stripe Checkout</h1>" }));
  await page.route("https://billing.stripe.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<title>Billing</title><h1>Stripe billing portal</h1>" }));
  await login(page, email);

  // Pricing: the paid plans are on sale; the button starts a Checkout session on the server.
  await page.goto("/pricing");
  await expect(page.getByRole("group", { name: "Free" }).getByRole("button", { name: "Your current plan" })).toBeDisabled();
  await page.getByRole("group", { name: "Premium" }).getByRole("button", { name: "Upgrade to Premium" }).click();
  await page.waitForURL(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_/);
  const sessionId = new URL(page.url()).pathname.split("/").pop()!;

  // Back from Checkout before Stripe's webhook has arrived: the page waits and claims nothing.
  await page.goto(`/payment-success?session_id=${sessionId}`);
  await expect(page.getByText(/Waiting for the payment confirmation/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Payment confirmed" })).toHaveCount(0);

  // Stripe's webhooks land a few seconds later.
  const customer = `cus_e2e_${Date.now()}`;
  const now = Math.floor(Date.now() / 1000);
  await stripeEvent("checkout.session.completed", { id: sessionId, object: "checkout.session", mode: "subscription", client_reference_id: user.id, customer });
  await stripeEvent("customer.subscription.created", {
    id: `sub_e2e_${Date.now()}`,
    object: "subscription",
    customer,
    status: "active",
    metadata: { userId: user.id },
    items: { object: "list", data: [{ object: "subscription_item", price: { id: process.env.E2E_STRIPE_PRICE_PREMIUM, object: "price" }, current_period_start: now, current_period_end: now + 30 * 86_400 }] },
  });
  await expect(page.getByRole("heading", { level: 1, name: "Payment confirmed" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText("Premium is active")).toBeVisible();

  // The planner's usage bar shows the new limit after an in-app navigation.
  await page.getByRole("link", { name: "Plan a route" }).click();
  await expect(page.getByRole("region", { name: "Route usage" })).toContainText("0 of 100 routes used");

  // The subscription page: plan, renewal, card; plan changes now go through the portal.
  await page.goto("/subscription");
  const plan = page.getByRole("region", { name: "Premium plan" });
  await expect(plan).toContainText("Active");
  await expect(plan).toContainText(/Renews on \d+ \w+ \d{4} at £9\.99 a month\./);
  await expect(plan).toContainText("Card on file");
  await expect(page.getByRole("region", { name: "Overage charges" })).toContainText("No overage charges.");
  await expect(page.getByRole("button", { name: /Upgrade to/ })).toHaveCount(0);
  await page.getByRole("button", { name: "Manage billing" }).click();
  await page.waitForURL(/^https:\/\/billing\.stripe\.com\/p\/session\//);
});

test("/payment-success signed out asks to sign in and claims no payment", async ({ page }) => {
  await page.goto("/payment-success?session_id=cs_unknown");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", "/auth/sign-in?redirect=%2Fpayment-success");
  await expect(page.getByText(/Payment confirmed|Payment Successful/i)).toHaveCount(0);
});
