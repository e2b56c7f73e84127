import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { UsageSummary } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { UsageBar } from "@/features/usage/components/usage-bar";

const summary: UsageSummary = {
  planName: "Free",
  monthlyLimit: 5,
  hasActiveSubscription: true,
  routesUsed: 4,
  subscriptionTier: "free",
  hasPaymentMethod: false,
  usagePercentage: 80,
  remainingRoutes: 1,
  isOverLimit: false,
  canOptimize: true,
  refusal: null,
  periodResetsAt: "2026-12-01T00:00:00.000Z",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the usage bar in the active language (decision 028)", () => {
  it("words the usage in English, then German and French", async () => {
    vi.stubGlobal("fetch", (async () => jsonResponse(summary)) as typeof fetch);
    renderWithQuery(
      <MemoryRouter>
        <UsageBar paymentsEnabled />
      </MemoryRouter>,
    );
    expect(await screen.findByText("4 of 5 routes used")).toBeInTheDocument();
    expect(screen.getByText(/^1 route left this month/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByText("4 von 5 Routen genutzt")).toBeInTheDocument();
    expect(screen.getByText("Tarif Free")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Monatliche Routennutzung" })).toHaveAttribute("aria-valuetext", "4 von 5 Routen genutzt, Diesen Monat noch 1 Route übrig");
    expect(screen.getByRole("link", { name: "Upgraden" })).toHaveAttribute("href", "/pricing");
    await act(() => i18n.changeLanguage("fr"));
    expect(screen.getByText("4 tournées utilisées sur 5")).toBeInTheDocument();
  });
});
