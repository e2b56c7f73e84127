import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import type { TeamAnalytics, TeamList, TeamRole } from "@routepilot/contracts";
import { FormatProvider } from "@/lib/format";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { AnalyticsDashboardPage } from "@/features/team-analytics/routes/analytics-dashboard-page";

const team = (id: string, name: string, role: TeamRole) => ({ id, name, ownerId: "u1", totalQuota: 500, usedQuota: 3, role, memberCount: 3, quotaAllocation: 0, memberUsedQuota: 0 });

const analytics = (teamId: string, overrides: Partial<TeamAnalytics> = {}): TeamAnalytics => ({
  teamId,
  teamName: teamId === "t1" ? "Acme" : "Beta",
  from: "2026-03-01",
  to: "2026-03-02",
  timezone: "Europe/London",
  fleet: true,
  members: [
    { userId: "u1", name: "Ana Silva", email: "ana@example.com", role: "owner", allocation: 0, used: 0, routes: 2, stops: 7, distanceMeters: 12_345 },
    { userId: "u2", name: "Bob Stone", email: "bob@example.com", role: "member", allocation: 5, used: 3, routes: 1, stops: 2, distanceMeters: 1000 },
  ],
  drivers: [
    {
      driverUserId: "u5",
      name: "Dave Driver",
      routes: 1,
      completedRoutes: 1,
      stops: 4,
      done: 2,
      failedStops: 2,
      onTime: 1,
      early: 1,
      late: 1,
      withoutWindow: 1,
      onTimeRate: 1 / 3,
      plannedDurationSeconds: 36_000,
      actualDurationSeconds: 40_200,
      plannedDistanceMeters: 3000,
      actualDistanceMeters: 4000,
      stopsPerHour: 0.358,
      failed: { not_home: 1, refused: 1 },
    },
  ],
  vehicles: [{ vehicleId: "v1", name: "Van A", routes: 1, completedRoutes: 1, load: [{ dimension: "kg", delivered: 5, capacity: 10 }], capacityUtilisation: 0.5, shiftUtilisation: 1.1167 }],
  failedByReason: { not_home: 1, refused: 1 },
  byDay: [
    { date: "2026-03-01", memberRoutes: 1, dispatchedRoutes: 1, done: 2, failed: 2, onTime: 1, withWindow: 3 },
    { date: "2026-03-02", memberRoutes: 2, dispatchedRoutes: 0, done: 0, failed: 0, onTime: 0, withWindow: 0 },
  ],
  ...overrides,
});

function fakeApi(teams: TeamList) {
  const paths: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const u = new URL(url, "http://localhost");
      paths.push(`${u.pathname}${u.search}`);
      if (u.pathname === "/api/teams") return jsonResponse(teams);
      const match = /^\/api\/analytics\/teams\/(\w+)$/.exec(u.pathname);
      if (match) return jsonResponse(analytics(match[1]!, { from: u.searchParams.get("from")!, to: u.searchParams.get("to")! }));
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return paths;
}

function renderPage(entry = "/analytics-dashboard?period=custom&from=2026-03-01&to=2026-03-02", language?: string) {
  const page = (
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/analytics-dashboard" element={<AnalyticsDashboardPage />} />
        <Route path="/teams" element={<h1>Teams</h1>} />
      </Routes>
    </MemoryRouter>
  );
  return renderWithQuery(language ? <FormatProvider language={language}>{page}</FormatProvider> : page);
}

afterEach(() => vi.unstubAllGlobals());

describe("AnalyticsDashboardPage", () => {
  it("shows member usage, each driver's on-time rate, failures and vehicle utilisation for the period in the URL", async () => {
    const paths = fakeApi({ teams: [team("t1", "Acme", "manager")] });
    renderPage();
    expect(await screen.findByText("33%")).toBeInTheDocument();
    expect(screen.getByText("on time: 1 of 3 stops with a window")).toBeInTheDocument();
    expect(paths).toContain("/api/analytics/teams/t1?from=2026-03-01&to=2026-03-02");

    const members = screen.getByRole("region", { name: "Member usage against allocation" });
    await userEvent.click(within(members).getByRole("button", { name: "Show as table" }));
    const bob = within(within(members).getByRole("table")).getByRole("rowheader", { name: "Bob Stone" }).closest("tr")!;
    expect([...bob.querySelectorAll("td")].map((c) => c.textContent)).toEqual(["Member", "5", "3", "1", "2", "1 km"]);

    const drivers = screen.getByRole("region", { name: "Drivers: on-time rate" });
    await userEvent.click(within(drivers).getByRole("button", { name: "Show as table" }));
    const dave = within(drivers).getByRole("rowheader", { name: "Dave Driver" }).closest("tr")!;
    expect([...dave.querySelectorAll("td")].map((c) => c.textContent)).toEqual(["1", "4", "4", "33.3%", "1", "1", "10 h 00 min", "11 h 10 min", "3 km", "4 km", "0.4", "2"]);

    const reasons = screen.getByRole("region", { name: "Failed deliveries by reason" });
    await userEvent.click(within(reasons).getByRole("button", { name: "Show as table" }));
    expect(within(reasons).getByRole("rowheader", { name: "Not home" })).toBeInTheDocument();
    expect(within(reasons).getByRole("rowheader", { name: "Refused" })).toBeInTheDocument();

    const vehicles = screen.getByRole("region", { name: "Vehicle utilisation" });
    await userEvent.click(within(vehicles).getByRole("button", { name: "Show as table" }));
    const van = within(vehicles).getByRole("rowheader", { name: "Van A" }).closest("tr")!;
    expect([...van.querySelectorAll("td")].map((c) => c.textContent)).toEqual(["1", "50%", "111.7%", "5 / 10 kg"]);
  });

  it("writes percentages, figures and distances in the reader's language", async () => {
    fakeApi({ teams: [team("t1", "Acme", "manager")] });
    renderPage(undefined, "de");
    expect(await screen.findByText("33 %")).toBeInTheDocument();
    const drivers = screen.getByRole("region", { name: "Drivers: on-time rate" });
    await userEvent.click(within(drivers).getByRole("button", { name: "Show as table" }));
    const dave = within(drivers).getByRole("rowheader", { name: "Dave Driver" }).closest("tr")!;
    expect([...dave.querySelectorAll("td")].map((c) => c.textContent)).toEqual(["1", "4", "4", "33,3\u00a0%", "1", "1", "10 h 00 min", "11 h 10 min", "3 km", "4 km", "0,4", "2"]);
  });

  it("offers only the teams the caller manages, and switches team", async () => {
    const paths = fakeApi({ teams: [team("t1", "Acme", "owner"), team("t2", "Beta", "admin"), team("t3", "Gamma", "member")] });
    renderPage();
    const picker = await screen.findByRole("combobox", { name: "Team" });
    expect(within(picker).getAllByRole("option").map((o) => o.textContent)).toEqual(["Acme (Owner)", "Beta (Admin)"]);
    await userEvent.selectOptions(picker, "t2");
    expect(await screen.findByText(/^Beta: 2026-03-01 to 2026-03-02/)).toBeInTheDocument();
    expect(paths).toContain("/api/analytics/teams/t2?from=2026-03-01&to=2026-03-02");
  });

  it("hides drivers and vehicles for a team without Fleet Pro", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) =>
        new URL(url, "http://localhost").pathname === "/api/teams" ? jsonResponse({ teams: [team("t1", "Acme", "owner")] }) : jsonResponse(analytics("t1", { fleet: false, drivers: [], vehicles: [], failedByReason: {} })),
      ),
    );
    renderPage();
    expect(await screen.findByRole("region", { name: "Member usage against allocation" })).toBeInTheDocument();
    expect(screen.getByText(/appear for teams whose owner is on Fleet Pro/)).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Drivers: on-time rate" })).not.toBeInTheDocument();
  });

  it("tells a member or driver that team analytics are for managers, with a link to /teams, and asks the server nothing", async () => {
    const paths = fakeApi({ teams: [team("t1", "Acme", "member"), team("t2", "Beta", "driver")] });
    renderPage();
    expect(await screen.findByText("Team analytics are for a team's owner, admins and managers. You do not manage a team.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to your teams" })).toHaveAttribute("href", "/teams");
    expect(paths.some((p) => p.startsWith("/api/analytics"))).toBe(false);
  });

  it("shows the contracts' message for a reversed custom period without asking the server", async () => {
    const paths = fakeApi({ teams: [team("t1", "Acme", "owner")] });
    renderPage("/analytics-dashboard?period=custom&from=2026-03-02&to=2026-03-01");
    expect(await screen.findByText("The end date must be on or after the start date")).toBeInTheDocument();
    expect(paths.some((p) => p.startsWith("/api/analytics"))).toBe(false);
  });
});
