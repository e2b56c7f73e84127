import { describe, expect, it } from "vitest";
import type { UsageSummary } from "@routepilot/contracts";
import { usageMeter } from "@/features/usage/lib/usage-meter";

function usage(overrides: Partial<UsageSummary> = {}): UsageSummary {
  return {
    planName: "Free",
    monthlyLimit: 5,
    hasActiveSubscription: true,
    routesUsed: 1,
    subscriptionTier: "free",
    hasPaymentMethod: false,
    usagePercentage: 20,
    remainingRoutes: 4,
    isOverLimit: false,
    canOptimize: true,
    refusal: null,
    periodResetsAt: "2026-12-01T00:00:00.000Z",
    ...overrides,
  };
}

describe("usageMeter", () => {
  it("shows used of limit with the remaining routes", () => {
    expect(usageMeter(usage())).toMatchObject({ used: 1, limit: 5, percent: 20, remaining: 4, tone: "ok", label: "1 of 5 routes used", detail: "4 routes left this month" });
  });

  it("warns from 80 % and words one route in the singular", () => {
    expect(usageMeter(usage({ routesUsed: 4, usagePercentage: 80, remainingRoutes: 1 }))).toMatchObject({ tone: "warning", detail: "1 route left this month" });
  });

  it("caps the bar at 100 % and counts the overage", () => {
    const meter = usageMeter(usage({ routesUsed: 7, usagePercentage: 100, remainingRoutes: 0, isOverLimit: true }));
    expect(meter).toMatchObject({ percent: 100, remaining: 0, overBy: 2, tone: "over", detail: "2 routes over your limit" });
  });

  it("at the limit says no routes are left (the same words as the dashboard), not 0 over", () => {
    expect(usageMeter(usage({ routesUsed: 5, usagePercentage: 100, remainingRoutes: 0, isOverLimit: true }))).toMatchObject({ percent: 100, overBy: 0, tone: "full", detail: "No routes left this month" });
  });

  it("uses the allocation for team members (monthlyLimit and routesUsed of their plan summary)", () => {
    const meter = usageMeter(usage({ isTeamMember: true, monthlyLimit: 50, routesUsed: 45, teamQuota: 500, teamUsed: 100, usagePercentage: 90 }));
    expect(meter).toMatchObject({ used: 45, limit: 50, percent: 90, remaining: 5, tone: "warning" });
  });

  it("treats a zero allocation as full once anything is used", () => {
    expect(usageMeter(usage({ isTeamMember: true, monthlyLimit: 0, routesUsed: 1, teamQuota: 500, teamUsed: 1 }))).toMatchObject({ percent: 100, tone: "over", overBy: 1 });
  });
});
