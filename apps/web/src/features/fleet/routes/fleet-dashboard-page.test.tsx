import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { dayTitle, localDate, shiftDate } from "@/lib/operating-day";
import { MemoryRouter, Route, Routes } from "react-router";
import type { Driver, Vehicle } from "@routepilot/contracts";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { mockAuth } from "@/test/mock-auth";
import { meQueryKey } from "@/lib/auth";
import { FleetDashboardPage } from "@/features/fleet/routes/fleet-dashboard-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const team = { id: "t1", name: "Alpine Deliveries", role: "owner", ownerId: "u1", totalQuota: 2000, usedQuota: 0, memberCount: 2, quotaAllocation: 0, memberUsedQuota: 0 };

function fakeFleetApi() {
  const vehicles: Vehicle[] = [];
  const drivers: Driver[] = [{ userId: "d1", email: "dana@example.com", name: "Dana", phone: "+423 111", skills: [], workingDays: ["mon", "tue"], defaultVehicleId: null }];
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://localhost").pathname;
      const method = init?.method ?? "GET";
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
      calls.push({ method, path, body });
      if (path === "/api/teams") return jsonResponse({ teams: [team] });
      if (path === "/api/teams/t1/fleet-settings") return jsonResponse({ capacityDimensions: ["kg", "crates"], timeZone: "Europe/Vaduz" });
      if (path === "/api/teams/t1/drivers" && method === "GET") return jsonResponse({ drivers });
      if (path === "/api/teams/t1/drivers/d1" && method === "PUT") {
        Object.assign(drivers[0]!, body);
        return jsonResponse(drivers[0]);
      }
      if (path === "/api/teams/t1/vehicles" && method === "GET") return jsonResponse({ vehicles });
      if (path === "/api/teams/t1/plans" && method === "GET")
        return jsonResponse({ plans: [{ id: "p1", date: "x", name: null, objective: "min_time", status: "done", progress: 1, orderCount: 12, vehicleIds: ["v1"], totals: null, parentPlanId: null, version: 1, dispatchedAt: "2026-11-23T06:00:00.000Z", createdAt: "x" }] });
      if (path === "/api/teams/t1/vehicles" && method === "POST") {
        if (body?.name === "Taken") return jsonResponse({ error: { code: "VALIDATION_ERROR", message: "Bad", fields: { plate: "This plate is already used" } } }, 400);
        const v = { ...(body as object), id: `v${vehicles.length + 1}`, teamId: "t1", createdAt: "x", updatedAt: "x" } as Vehicle;
        vehicles.push(v);
        return jsonResponse(v, 201);
      }
      const match = /^\/api\/teams\/t1\/vehicles\/(v\d+)$/.exec(path);
      if (match && method === "DELETE") {
        vehicles.splice(vehicles.findIndex((v) => v.id === match[1]), 1);
        return jsonResponse(null, 204);
      }
      if (match && method === "PATCH") {
        const v = vehicles.find((x) => x.id === match[1])!;
        Object.assign(v, body);
        return jsonResponse(v);
      }
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  return calls;
}

function renderAt(path: string) {
  mockAuth.signIn();
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: "fleet_pro", fleetRoles: ["manager"], access: { ...makeMe().access, teams: true, fleet: true } }));
  return renderWithQuery(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/fleet/*" element={<FleetDashboardPage />} />
      </Routes>
    </MemoryRouter>,
    queryClient,
  );
}

beforeEach(() => mockAuth.signOut());
afterEach(() => vi.unstubAllGlobals());

describe("FleetDashboardPage", () => {
  it("adds a vehicle with capacities per dimension, skills, depots and an open route; shows the server's field error inline; edits and archives", async () => {
    const calls = fakeFleetApi();
    const user = userEvent.setup();
    renderAt("/fleet/vehicles");
    expect(await screen.findByText(/No vehicles yet/)).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Add vehicle" }));
    const dialog = screen.getByRole("dialog", { name: "Add a vehicle" });
    // The contract's own checks first.
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    expect(within(dialog).getByText("Give the vehicle a name (at most 80 characters)")).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText("Name"), "Taken");
    await user.type(within(dialog).getByLabelText("Capacity (kg)"), "800");
    await user.type(within(dialog).getByLabelText("Capacity (crates)"), "20");
    await user.type(within(dialog).getByLabelText("Skills"), "fridge{Enter}");
    await user.type(within(dialog).getByLabelText("Start depot latitude"), "47.14");
    await user.type(within(dialog).getByLabelText("Start depot longitude"), "9.52");
    await user.click(within(dialog).getByRole("radio", { name: "Wherever the last stop is (open route)" }));
    await user.click(within(dialog).getByRole("button", { name: "Add a break" }));
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    expect(await within(dialog).findByText("This plate is already used")).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText("Name"));
    await user.type(within(dialog).getByLabelText("Name"), "Van 1");
    await user.type(within(dialog).getByLabelText("VIN"), "1HGCM82633A004352");
    await user.click(within(dialog).getByRole("button", { name: "Add vehicle" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const posted = calls.filter((c) => c.method === "POST").at(-1)!.body;
    expect(posted).toMatchObject({ name: "Van 1", vin: "1HGCM82633A004352", capacity: [800, 20], skills: ["fridge"], start: { lat: 47.14, lng: 9.52 }, end: null, breaks: [{ window: { start: "12:00", end: "14:00" }, durationMinutes: 30 }] });
    const row = await screen.findByRole("row", { name: /Van 1/ });
    expect(row).toHaveTextContent("800 kg, 20 crates");
    // A depot without an address reads as rounded coordinates (issue 25).
    expect(row).toHaveTextContent("47.140, 9.520 → last stop (open route)");

    await user.click(within(row).getByRole("button", { name: "Edit Van 1" }));
    const edit = screen.getByRole("dialog", { name: "Edit Van 1" });
    await user.clear(within(edit).getByLabelText("Shift ends"));
    await user.type(within(edit).getByLabelText("Shift ends"), "07:00");
    await user.click(within(edit).getByRole("button", { name: "Save vehicle" }));
    expect(within(edit).getByText("The shift ends before it starts")).toBeInTheDocument();
    await user.clear(within(edit).getByLabelText("Shift ends"));
    await user.type(within(edit).getByLabelText("Shift ends"), "18:00");
    // Emptying the VIN clears the stored one (sent as "", not left out).
    await user.clear(within(edit).getByLabelText("VIN"));
    await user.click(within(edit).getByRole("button", { name: "Save vehicle" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PATCH").at(-1)!.body).toMatchObject({ vin: "", shift: { start: "08:00", end: "18:00" } });
    expect(await screen.findByRole("row", { name: /08:00–18:00/ })).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Archive Van 1" }));
    await user.click(within(await screen.findByRole("alertdialog", { name: "Archive Van 1?" })).getByRole("button", { name: "Archive vehicle" }));
    expect(await screen.findByText(/No vehicles yet/)).toBeInTheDocument();
  }, 20_000);

  it("lists drivers, edits one, and links to the team's invite flow; the overview counts both", async () => {
    const calls = fakeFleetApi();
    const user = userEvent.setup();
    renderAt("/fleet/drivers");
    const row = await screen.findByRole("row", { name: /Dana/ });
    expect(row).toHaveTextContent("+423 111");
    expect(screen.getByRole("link", { name: "Invite a driver" })).toHaveAttribute("href", "/team-dashboard?team=t1");
    await user.click(within(row).getByRole("button", { name: "Edit Dana" }));
    const dialog = screen.getByRole("dialog", { name: "Edit Dana" });
    await user.type(within(dialog).getByLabelText("Licence number"), "FL-123");
    await user.click(within(dialog).getByLabelText("Sat"));
    await user.click(within(dialog).getByRole("button", { name: "Save driver" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ phone: "+423 111", licenceNumber: "FL-123", workingDays: ["mon", "tue", "sat"] });

    await user.click(screen.getByRole("link", { name: "Overview" }));
    expect(await screen.findByRole("link", { name: "Manage drivers" })).toBeInTheDocument();
    expect(screen.getByRole("form", { name: "Fleet settings" })).toHaveTextContent("kg");
    // The operating day's plans (today unless a day is chosen), each opening in the planner on that day; the picker moves the day.
    const today = localDate();
    const day = screen.getByRole("region", { name: `Plans for ${dayTitle(today)}` });
    expect((await within(day).findByText(/Plan of 12 orders/)).closest("li")).toHaveTextContent("Dispatched");
    expect(within(day).getByRole("link", { name: "Plan of 12 orders" })).toHaveAttribute("href", expect.stringMatching(new RegExp(`^/fleet/route-optimization\\?(team=t1&)?plan=p1&date=${today}$`)));
    expect(screen.getByRole("link", { name: "Watch this day on Live" })).toHaveAttribute("href", expect.stringContaining(`/fleet/live?`));
    await user.click(screen.getByRole("button", { name: "Next day" }));
    expect(await within(screen.getByRole("region", { name: `Plans for ${dayTitle(shiftDate(today, 1))}` })).findByRole("link", { name: "Plan of 12 orders" })).toBeInTheDocument();
  }, 20_000);

  it("shows a 'Live' tab at /fleet/live when the app composes a live view in", async () => {
    fakeFleetApi();
    mockAuth.signIn();
    const queryClient = createTestQueryClient();
    queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier: "fleet_pro", fleetRoles: ["manager"], access: { ...makeMe().access, teams: true, fleet: true } }));
    renderWithQuery(
      <MemoryRouter initialEntries={["/fleet/live"]}>
        <Routes>
          <Route path="/fleet/*" element={<FleetDashboardPage live={(t) => <p>Live view of {t.name}</p>} />} />
        </Routes>
      </MemoryRouter>,
      queryClient,
    );
    expect(await screen.findByText("Live view of Alpine Deliveries")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Live" })).toHaveAttribute("aria-current", "page");
  });
});
