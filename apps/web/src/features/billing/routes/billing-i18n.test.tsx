import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { BillingAccount } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SubscriptionPage } from "@/features/billing/routes/subscription-page";

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
  billing_enabled: false,
  purchasable_tiers: [],
  is_legacy_user: false,
  trial_days: 0,
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the subscription page in the active language (decision 028)", () => {
  it("renders the plan and the no-payments explanation in German", async () => {
    vi.stubGlobal("fetch", (async (url: string) => (String(url).includes("overage") ? jsonResponse({ charges: [] }) : jsonResponse(free))) as typeof fetch);
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <SubscriptionPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole("heading", { name: "Tarif Free" })).toBeInTheDocument();
    expect(screen.getByText("Aktiv")).toBeInTheDocument();
    expect(screen.getByText("Der Tarif Free kostet nichts; Ihre Routen werden am Ersten jedes Monats zurückgesetzt.")).toBeInTheDocument();
    expect(screen.getByText("Tarife werden von der Administration geändert")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "vergleichen Sie die Tarife" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("heading", { name: "An Ihrem Monatslimit" })).toBeInTheDocument();
  });
});
