import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { AnalyticsEnhanced, AnalyticsSummary } from "@routepilot/contracts";
import { meQueryKey } from "@/lib/auth";
import { DistanceUnitProvider } from "@/lib/format-distance";
import { mockAuth } from "@/test/mock-auth";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { AnalyticsPage } from "./analytics-page";
import { EnhancedAnalyticsPage } from "./enhanced-analytics-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const zeros = { routes: 0, stops: 0, distanceMeters: 0, durationSeconds: 0, savedDistanceMeters: 0, savedDurationSeconds: 0 };
function summary(routes: number): AnalyticsSummary {
  const totals = routes ? { routes, stops: 6, distanceMeters: 35_000, durationSeconds: 6_300, savedDistanceMeters: 3_500, savedDurationSeconds: 300 } : zeros;
  return {
    from: "2025-03-01",
    to: "2025-03-31",
    timezone: "Europe/London",
    ...totals,
    byMonth: [{ month: "2025-03", ...totals }],
    byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, routes: weekday === 1 ? routes : 0, stops: 0 })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, routes: 0, stops: 0 })),
    topPlaces: routes ? [{ label: "Shop", address: "1 High St", lat: 51.5, lng: -0.1, visits: 3 }] : [],
    usage: { tier: "free", monthlyLimit: 5, routesUsed: 2, byMonth: [{ month: "2025-03", routesUsed: 2, overageRoutes: 1, overagePence: 100 }], overagePence: 100 },
  };
}

let requested: string[] = [];
function serve(body: unknown) {
  requested = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      requested.push(String(url));
      return jsonResponse(body);
    }),
  );
}

function renderAt(ui: React.ReactElement, url = "/analytics?period=custom&from=2025-03-01&to=2025-03-31", tier: "free" | "premium" = "free") {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier, access: { ...makeMe().access, enhancedAnalytics: tier !== "free" } }));
  return renderWithQuery(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>, queryClient);
}

beforeEach(() => mockAuth.signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
});

describe("/analytics", () => {
  it("asks for the period in the URL and shows the summary tiles, charts and their table view", async () => {
    serve(summary(3));
    renderAt(<AnalyticsPage />);
    expect(await screen.findByText("35 km")).toBeTruthy();
    expect(requested[0]).toContain("/api/analytics/summary?from=2025-03-01&to=2025-03-31");
    expect(screen.getByText("3.5 km")).toBeTruthy();
    expect(screen.getByText("5 min")).toBeTruthy();
    expect(screen.getByText("£1.00")).toBeTruthy();
    const places = screen.getByRole("region", { name: "Most visited places" });
    await userEvent.click(within(places).getByRole("button", { name: "Show as table" }));
    expect(within(places).getByRole("cell", { name: "1 High St" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Plan a route" })).toBeNull();
  });

  it("shows distances and their labels in miles for a user who chose miles", async () => {
    serve(summary(3));
    renderAt(
      <DistanceUnitProvider unit="miles">
        <AnalyticsPage />
      </DistanceUnitProvider>,
    );
    expect(await screen.findByText("21.7 mi")).toBeTruthy();
    expect(screen.getByText("2.2 mi")).toBeTruthy();
    expect(screen.getByText("Miles saved against the order you typed")).toBeTruthy();
    const months = screen.getByRole("region", { name: "Distance saved per month" });
    await userEvent.click(within(months).getByRole("button", { name: "Show as table" }));
    expect(within(months).getByRole("cell", { name: "21.7 mi" })).toBeTruthy();
    expect(screen.queryByText(/\bkm\b|Kilometres/)).toBeNull();
  });

  it("says Kilometres saved for a user who chose km", async () => {
    serve(summary(3));
    renderAt(
      <DistanceUnitProvider unit="km">
        <AnalyticsPage />
      </DistanceUnitProvider>,
    );
    expect(await screen.findByText("35 km")).toBeTruthy();
    expect(screen.getByText("Kilometres saved against the order you typed")).toBeTruthy();
  });

  it("links to the planner when the period has no routes", async () => {
    serve(summary(0));
    renderAt(<AnalyticsPage />);
    expect(await screen.findByRole("link", { name: "Plan a route" })).toHaveProperty("pathname", "/");
  });
});

describe("/enhanced-analytics", () => {
  it("shows the offer and an upgrade link below Premium, without asking the API", async () => {
    serve({});
    renderAt(<EnhancedAnalyticsPage />, "/enhanced-analytics");
    expect(screen.getByRole("heading", { level: 1, name: "Enhanced Analytics" })).toBeTruthy();
    expect(screen.getByText("Pro")).toBeTruthy();
    expect(screen.getByRole("link", { name: "See plans and upgrade" }).getAttribute("href")).toBe("/pricing");
    expect(requested).toEqual([]);
  });

  it("shows trends against the previous period on Premium", async () => {
    const body: AnalyticsEnhanced = {
      from: "2025-03-01",
      to: "2025-03-31",
      timezone: "UTC",
      previous: { from: "2025-01-29", to: "2025-02-28" },
      trends: Object.fromEntries(["routes", "stops", "distanceMeters", "durationSeconds", "savedDistanceMeters", "savedDurationSeconds"].map((k) => [k, { current: 3, previous: 1, changePercent: 200 }])) as AnalyticsEnhanced["trends"],
      heatmap: { cellDegrees: 0.01, cells: [], truncated: false },
      efficiency: { distancePerStopMeters: 5833, waitingSeconds: 600, serviceSeconds: 1800, serviceShare: 0.286 },
      co2: [{ profile: "car", routes: 2, distanceMeters: 15_000, gramsPerKm: 168, co2Kg: 2.5, savedCo2Kg: 0.4 }],
      variants: [],
    };
    serve(body);
    renderAt(<EnhancedAnalyticsPage />, "/enhanced-analytics?period=custom&from=2025-03-01&to=2025-03-31", "premium");
    expect(await screen.findByText("5.8 km")).toBeTruthy();
    expect(requested[0]).toContain("/api/analytics/enhanced?from=2025-03-01&to=2025-03-31");
    expect(screen.getAllByText(/\+200% \(previous period/).length).toBe(6);
    expect(screen.getByText("29% of driving and stop time")).toBeTruthy();
  });

  it("shows the efficiency, the heat map's cells and the CO₂ factor per mile for a user who chose miles", async () => {
    const body: AnalyticsEnhanced = {
      from: "2025-03-01",
      to: "2025-03-31",
      timezone: "UTC",
      previous: { from: "2025-01-29", to: "2025-02-28" },
      trends: Object.fromEntries(["routes", "stops", "distanceMeters", "durationSeconds", "savedDistanceMeters", "savedDurationSeconds"].map((k) => [k, { current: 3, previous: 1, changePercent: 200 }])) as AnalyticsEnhanced["trends"],
      heatmap: { cellDegrees: 0.01, cells: [], truncated: false },
      efficiency: { distancePerStopMeters: 5833, waitingSeconds: 600, serviceSeconds: 1800, serviceShare: 0.286 },
      co2: [{ profile: "car", routes: 2, distanceMeters: 15_000, gramsPerKm: 168, co2Kg: 2.5, savedCo2Kg: 0.4 }],
      variants: [],
    };
    serve(body);
    renderAt(
      <DistanceUnitProvider unit="miles">
        <EnhancedAnalyticsPage />
      </DistanceUnitProvider>,
      "/enhanced-analytics?period=custom&from=2025-03-01&to=2025-03-31",
      "premium",
    );
    expect(await screen.findByText("3.6 mi")).toBeTruthy();
    expect(screen.getByText(/cells of 0\.01° \(about 0\.7 mi\)/)).toBeTruthy();
    expect(screen.getByText("Tailpipe CO₂e per mile from the UK government's 2023 conversion factors")).toBeTruthy();
    const co2 = screen.getByRole("region", { name: "CO₂ estimate per vehicle" });
    await userEvent.click(within(co2).getByRole("button", { name: "Show as table" }));
    expect(within(co2).getByRole("columnheader", { name: "g CO₂ per mile" })).toBeTruthy();
    expect(within(co2).getByRole("cell", { name: "270" })).toBeTruthy();
    expect(within(co2).getByRole("cell", { name: "9.3 mi" })).toBeTruthy();
  });
});
