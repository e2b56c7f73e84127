import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { BillingAccount } from "@routepilot/contracts";
import { mockAuth } from "@/test/mock-auth";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { CONFIRMATION_POLL_MS, CONFIRMATION_TIMEOUT_MS, PaymentSuccessPage } from "@/features/billing/routes/payment-success-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const before: BillingAccount = {
  subscribed: false,
  subscription_tier: "free",
  monthly_route_limit: 5,
  routes_used_this_period: 0,
  stripe_customer_id: "cus_1",
  subscription_status: "active",
  current_period_end: null,
  cancel_at_period_end: false,
  billed_by_stripe: false,
  has_payment_method: true,
  billing_enabled: true,
  purchasable_tiers: ["premium", "enterprise", "fleet_pro"],
  is_legacy_user: false,
  trial_days: 0,
};
const after: BillingAccount = { ...before, subscribed: true, subscription_tier: "enterprise", monthly_route_limit: 500, billed_by_stripe: true, current_period_end: "2027-01-01T00:00:00.000Z" };

/** GET /api/billing/subscription answers `before` until the webhook "lands" (`landed()`), then `after`. */
function fakeApi() {
  let webhookLanded = false;
  const fetchMock = vi.fn(async () => jsonResponse(webhookLanded ? after : before));
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, landed: () => (webhookLanded = true) };
}

const renderPage = () =>
  renderWithQuery(
    <MemoryRouter>
      <PaymentSuccessPage />
    </MemoryRouter>,
  );

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  act(() => mockAuth.signIn());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  act(() => mockAuth.signOut());
});

describe("PaymentSuccessPage", () => {
  it("waits with a spinner, asks again every 2 s, and shows the new plan once Stripe's webhook has landed", async () => {
    const api = fakeApi();
    renderPage();
    expect(await screen.findByText(/Waiting for the payment confirmation/)).toBeInTheDocument();
    expect(screen.queryByText(/Payment confirmed/)).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 2));
    const calls = api.fetchMock.mock.calls.length;
    expect(calls).toBeGreaterThanOrEqual(2);
    api.landed();
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
    expect(await screen.findByRole("heading", { level: 1, name: "Payment confirmed" })).toBeInTheDocument();
    expect(screen.getByText("Enterprise is active")).toBeInTheDocument();
    expect(screen.getByText(/You can optimise 500 routes a month/)).toBeInTheDocument();
    // Confirmed: no more polling.
    const settled = api.fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 3));
    expect(api.fetchMock.mock.calls.length).toBe(settled);
  });

  it("after 30 s without the webhook, says the plan has not changed, and can check again", async () => {
    const api = fakeApi();
    renderPage();
    await screen.findByText(/Waiting for the payment confirmation/);
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_TIMEOUT_MS + 100));
    expect(await screen.findByText("Your plan has not changed yet")).toBeInTheDocument();
    expect(screen.queryByText(/Payment confirmed/)).toBeNull();
    const stopped = api.fetchMock.mock.calls.length;
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS * 3));
    expect(api.fetchMock.mock.calls.length).toBe(stopped);

    api.landed();
    await userEvent.click(screen.getByRole("button", { name: "Check again" }));
    await act(() => vi.advanceTimersByTimeAsync(CONFIRMATION_POLL_MS));
    expect(await screen.findByRole("heading", { level: 1, name: "Payment confirmed" })).toBeInTheDocument();
  });

  it("signed out, asks to sign in and comes back here", async () => {
    fakeApi();
    act(() => mockAuth.signOut());
    renderPage();
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth/sign-in?redirect=%2Fpayment-success");
  });
});
