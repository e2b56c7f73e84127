import type { ComponentType } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { FleetRouteOptimizationPage, RouteOptimizationPage } from "@/features/fleet/routes/route-optimization-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const team = { id: "t1", name: "Alpine", role: "manager", ownerId: "o", totalQuota: 2000, usedQuota: 0, memberCount: 2, quotaAllocation: 0, memberUsedQuota: 0 };
const van = { id: "v1", teamId: "t1", name: "Van 1", profile: "van", capacity: [10], skills: [], shift: { start: "08:00", end: "17:00" }, start: null, end: null, breaks: [], fixedCostPence: 0, costPerHourPence: 0, createdAt: "x", updatedAt: "x" };

function renderPage(Page: ComponentType, vehicles: unknown[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const path = new URL(url, "http://localhost").pathname;
      if (path === "/api/teams") return jsonResponse({ teams: [team] });
      if (path.endsWith("/vehicles")) return jsonResponse({ vehicles });
      if (path.endsWith("/drivers")) return jsonResponse({ drivers: [] });
      if (path.endsWith("/fleet-settings")) return jsonResponse({ capacityDimensions: ["kg"], timeZone: "Europe/Vaduz" });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  mockAuth.signIn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: "fleet_pro", fleetRoles: ["manager"], access: { ...makeMe().access, teams: true, fleet: true } }));
  return renderWithQuery(
    <MemoryRouter>
      <Page />
    </MemoryRouter>,
    queryClient,
  );
}

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("route optimization pages", () => {
  it("/route-optimization is the fleet planner for managers: the team's vehicles and the orders editor", async () => {
    renderPage(RouteOptimizationPage, [van]);
    expect(await screen.findByRole("heading", { level: 1, name: "Route Optimization" })).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: /Van 1/ })).toBeChecked();
    expect(screen.getByRole("radio", { name: /Least time/ })).toBeChecked();
    expect(screen.getByRole("button", { name: "Plan 0 orders" })).toBeDisabled();
  });

  it("/fleet/route-optimization sends a team without vehicles to add some", async () => {
    renderPage(FleetRouteOptimizationPage, []);
    expect(await screen.findByRole("heading", { level: 1, name: "Fleet Route Optimization" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Add vehicles" })).toHaveAttribute("href", "/fleet/vehicles");
  });
});
