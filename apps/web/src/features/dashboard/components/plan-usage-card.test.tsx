import { afterEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { usageStanding, type PlanSummary } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PlanUsageCard } from "@/features/dashboard/components/plan-usage-card";

const plan = (routesUsed: number): PlanSummary => ({ planName: "Free", monthlyLimit: 5, hasActiveSubscription: true, routesUsed, subscriptionTier: "free", hasPaymentMethod: false });

afterEach(() => vi.unstubAllGlobals());

describe("PlanUsageCard", () => {
  it.each([3, 5, 7])("words %i of 5 routes as the planner's usage bar does", async (used) => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(plan(used))));
    renderWithQuery(
      <MemoryRouter>
        <PlanUsageCard />
      </MemoryRouter>,
    );
    expect(await screen.findByText(new RegExp(`^${usageStanding(plan(used)).detail}\\.`))).toBeInTheDocument();
  });

  it("at the limit says no routes are left, not that the user is over it", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(plan(5))));
    renderWithQuery(
      <MemoryRouter>
        <PlanUsageCard />
      </MemoryRouter>,
    );
    expect(await screen.findByText("No routes left this month.")).toBeInTheDocument();
    expect(screen.queryByText(/over your limit/)).toBeNull();
  });
});
