import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { BillingAccount } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SubscriptionPage } from "@/features/billing/routes/subscription-page";
import { PlanAction } from "@/features/billing/components/plan-action";

vi.mock("@/lib/browser", () => ({ goTo: vi.fn(), reloadPage: vi.fn() }));
const { goTo } = await import("@/lib/browser");

const free: BillingAccount = {
  subscribed: false,
  subscription_tier: "free",
  monthly_route_limit: 5,
  routes_used_this_period: 2,
  stripe_customer_id: null,
  subscription_status: "active",
  current_period_end: null,
  cancel_at_period_end: false,
  billed_by_stripe: false,
  has_payment_method: false,
  billing_enabled: true,
  purchasable_tiers: ["premium", "enterprise", "fleet_pro"],
  is_legacy_user: false,
  trial_days: 0,
};

function fakeApi(account: BillingAccount, charges: unknown[] = [], failures: Record<string, [number, string]> = {}) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const method = init?.method ?? "GET";
      calls.push({ method, path, body: init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined });
      const failure = failures[path];
      if (failure) return jsonResponse({ error: { code: "X", message: failure[1] } }, failure[0]);
      if (path === "/api/billing/subscription") return jsonResponse(account);
      if (path === "/api/billing/overage-charges") return jsonResponse({ charges });
      if (path === "/api/billing/checkout") return jsonResponse({ url: "https://checkout.stripe.com/c/pay/cs_test_1" });
      if (path === "/api/billing/portal") return jsonResponse({ url: "https://billing.stripe.com/p/session/bps_1" });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

const renderPage = () =>
  renderWithQuery(
    <MemoryRouter>
      <SubscriptionPage usage={<p>usage bar</p>} />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(goTo).mockClear();
});

describe("SubscriptionPage", () => {
  it("shows a free plan with its usage, no card, no charges, and upgrades through Stripe Checkout", async () => {
    const calls = fakeApi(free);
    renderPage();
    const plan = await screen.findByRole("region", { name: "Free plan" });
    expect(within(plan).getByText("Active")).toBeInTheDocument();
    expect(within(plan).getByText("usage bar")).toBeInTheDocument();
    expect(within(plan).getByText("None")).toBeInTheDocument();
    expect(await screen.findByText("No overage charges.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Manage billing" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Upgrade to Premium" }));
    expect(calls.find((c) => c.path === "/api/billing/checkout")?.body).toEqual({ tier: "premium" });
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_test_1"));
  });

  it("shows a Stripe plan's renewal date, card and overage history in pounds, and opens the portal", async () => {
    const calls = fakeApi(
      { ...free, subscribed: true, subscription_tier: "premium", monthly_route_limit: 100, stripe_customer_id: "cus_1", billed_by_stripe: true, has_payment_method: true, current_period_end: "2027-01-05T10:00:00.000Z" },
      [{ id: "c1", billingPeriodStart: "2026-11-01T00:00:00.000Z", billingPeriodEnd: "2026-12-01T00:00:00.000Z", overageRoutes: 3, amountCharged: 300, paymentStatus: "paid", createdAt: "2026-11-20T00:00:00.000Z" }],
    );
    renderPage();
    const plan = await screen.findByRole("region", { name: "Premium plan" });
    expect(within(plan).getByText(/Renews on 5 January 2027 at £9\.99 a month\./)).toBeInTheDocument();
    expect(within(plan).getByText("Card on file")).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Your overage charges" });
    expect(within(table).getByText("£3.00")).toBeInTheDocument();
    expect(within(table).getByText("Paid")).toBeInTheDocument();
    // Billed by Stripe: plan changes go through the portal, never a second Checkout.
    expect(screen.queryByRole("button", { name: /Upgrade to/ })).toBeNull();
    await userEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    expect(calls.some((c) => c.path === "/api/billing/portal" && c.method === "POST")).toBe(true);
    await vi.waitFor(() => expect(goTo).toHaveBeenCalledWith("https://billing.stripe.com/p/session/bps_1"));
  });

  it("without online payments, says an administrator changes plans and links the contact page", async () => {
    fakeApi({ ...free, billing_enabled: false, purchasable_tiers: [] });
    renderPage();
    expect(await screen.findByText("Plans are changed by an administrator")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "contact us" })).toHaveAttribute("href", "/contact");
    expect(screen.queryByRole("button", { name: /Upgrade|Manage billing/ })).toBeNull();
  });

  it("without online payments, has no card or overage wording and says how plans are changed here", async () => {
    fakeApi({ ...free, billing_enabled: false, purchasable_tiers: [] });
    const view = renderPage();
    expect(await screen.findByRole("region", { name: "At your monthly limit" })).toHaveTextContent(/stops optimising new routes until your allowance resets, and nothing is charged/);
    expect(screen.getByText(/An administrator changes plans in the admin console/)).toBeInTheDocument();
    const text = view.container.textContent ?? "";
    expect(text).not.toMatch(/card/i);
    expect(text).not.toMatch(/£1\.00|overage/i);
    expect(text).not.toMatch(/Not sold online/);
    expect(within(screen.getByRole("region", { name: "Free plan" })).getByText("By an administrator")).toBeInTheDocument();
  });

  it("without online payments, still lists charges made while payments were on", async () => {
    fakeApi({ ...free, billing_enabled: false, purchasable_tiers: [] }, [
      { id: "c1", billingPeriodStart: "2026-11-01T00:00:00.000Z", billingPeriodEnd: "2026-12-01T00:00:00.000Z", overageRoutes: 2, amountCharged: 200, paymentStatus: "paid", createdAt: "2026-11-20T00:00:00.000Z" },
    ]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Your earlier overage charges" });
    expect(within(table).getByText("£2.00")).toBeInTheDocument();
  });

  it("a plan not sold online is plain text on the pricing card, not a button", () => {
    renderWithQuery(
      <MemoryRouter>
        <PlanAction tier="premium" account={{ ...free, billing_enabled: false, purchasable_tiers: [] }} />
      </MemoryRouter>,
    );
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.getByText(/On this server an administrator changes plans\./)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contact us about Premium" })).toHaveAttribute("href", "/contact");
    expect(document.body.textContent).not.toMatch(/Not sold online/);
  });

  it("a plan set by an administrator says no payment is taken", async () => {
    fakeApi({ ...free, subscription_tier: "enterprise", monthly_route_limit: 500, billing_enabled: false, purchasable_tiers: [] });
    renderPage();
    const plan = await screen.findByRole("region", { name: "Enterprise plan" });
    expect(within(plan).getByText(/set by an administrator; no payment is taken/)).toBeInTheDocument();
  });

  it("a legacy account sees its label and 30 free days on the upgrade buttons", async () => {
    fakeApi({ ...free, is_legacy_user: true, trial_days: 30 });
    renderPage();
    expect(await screen.findByText("Legacy account")).toBeInTheDocument();
    expect(screen.getByText(/Your first 30 days on any paid plan are free\./)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start 30 days free on Premium" })).toBeInTheDocument();
  });

  it("a failed payment, a cancelled plan and a Checkout error are each said plainly", async () => {
    fakeApi(
      { ...free, subscription_tier: "premium", subscription_status: "past_due", billed_by_stripe: true, stripe_customer_id: "cus_1", cancel_at_period_end: true, current_period_end: "2027-01-05T10:00:00.000Z" },
      [],
      { "/api/billing/portal": [502, "The payment provider could not be reached. Please try again in a moment."] },
    );
    renderPage();
    expect(await screen.findByText("Your latest payment did not go through")).toBeInTheDocument();
    expect(screen.getByText(/the plan ends on 5 January 2027 and then moves to Free/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    expect(await screen.findByText("The payment provider could not be reached. Please try again in a moment.")).toBeInTheDocument();
    expect(goTo).not.toHaveBeenCalled();
  });
});
