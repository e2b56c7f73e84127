import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { DriverPosition, LiveRoute } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { dayTitle, localDate, shiftDate } from "@/lib/operating-day";
import { mockAuth } from "@/test/mock-auth";
import { RealtimeProvider } from "@/lib/realtime";
import { createFakeSocket, FakeSocket } from "@/test/fake-socket";
import { LiveOpsView } from "@/features/live-ops/components/live-ops-view";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const socket = () => FakeSocket.latest!;

const at = (hhmm: string) => `2026-11-23T${hhmm}:00.000Z`;
function stop(id: string, label: string, status: LiveRoute["stops"][number]["status"], extra: Partial<LiveRoute["stops"][number]> = {}): LiveRoute["stops"][number] {
  return { id, sequence: 0, label, lat: 47.14, lng: 9.52, status, plannedArrival: at("09:00"), arrivedAt: null, completedAt: null, failureReason: null, proof: [], trackingUrl: `/track/tok-${id}`, ...extra };
}
function routes(): LiveRoute[] {
  return [
    {
      id: "r1", name: "Van 1", planId: "p1", driver: { userId: "d1", name: "Dana" }, vehicle: { id: "v1", name: "Van 1" }, status: "in_progress",
      done: 1, total: 3, delayMinutes: -2, distanceMeters: 12_300, actualDistanceMeters: 4_100, startedAt: at("08:00"), completedAt: null, geometry: null, reloads: [],
      stops: [stop("s1", "Bakery", "done", { arrivedAt: at("08:15"), completedAt: at("08:20"), plannedServiceSeconds: 180, actualServiceSeconds: 300, plannedLegDistanceMeters: 1200, actualLegDistanceMeters: 1450, proof: [{ id: "f1", kind: "photo", url: "/api/files/f1" }] }), stop("s2", "Florist", "pending"), stop("s3", "School", "pending")],
    },
    {
      id: "r2", name: "Van 2", planId: "p1", driver: { userId: "d2", name: "Eli" }, vehicle: { id: "v2", name: "Van 2" }, status: "in_progress",
      done: 0, total: 2, delayMinutes: 18, distanceMeters: 9_000, actualDistanceMeters: 1_000, startedAt: at("08:00"), completedAt: null, geometry: null, reloads: [],
      stops: [stop("s4", "Garage", "arrived", { arrivedAt: at("09:18") }), stop("s5", "Museum", "pending")],
    },
  ];
}
const dana: DriverPosition = { driverUserId: "d1", driverName: "Dana", routeId: "r1", lat: 47.141, lng: 9.521, accuracy: 5, heading: null, speed: null, at: at("09:00"), trail: [[47.14, 9.52], [47.141, 9.521]] };

function fakeApi(day: LiveRoute[] = routes()) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const state = { routes: day, failResequence: false, nextDay: null as string | null };
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const { pathname } = new URL(url, "http://localhost");
      const method = init?.method ?? "GET";
      calls.push({ method, path: pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (pathname === "/api/teams/t1/routes" && method === "GET") {
        const date = new URL(url, "http://localhost").searchParams.get("date");
        return jsonResponse({ date, routes: state.nextDay && date !== state.nextDay ? [] : state.routes });
      }
      if (pathname === "/api/teams/t1/routes/next") return jsonResponse({ date: state.nextDay });
      if (pathname === "/api/teams/t1/positions") return jsonResponse({ positions: [dana] });
      if (pathname === "/api/teams/t1/routes/r1/resequence") {
        return state.failResequence ? jsonResponse({ error: { code: "CONFLICT", message: "No route of this team is in progress for this date" } }, 409) : jsonResponse({ routeId: "r1" });
      }
      if (pathname === "/api/teams/t1/routes/r1/stops/s2/move") return jsonResponse({ routeId: "r2" });
      if (pathname === "/api/teams/t1/routes/urgent") return jsonResponse({ routeId: "r2", stopId: "s9" }, 201);
      if (pathname === "/api/geocode") return jsonResponse({ results: [{ label: "Städtle 1, Vaduz", lat: 47.1392, lng: 9.5227, provider: "osm-address", kind: "address", match: "exact", attribution: "© OpenStreetMap contributors" }] });
      return jsonResponse({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
    }),
  );
  const count = (path: string) => calls.filter((c) => c.method === "GET" && c.path === path).length;
  return { calls, state, count };
}

async function renderLive() {
  const view = renderWithQuery(
    <MemoryRouter initialEntries={["/fleet/live"]}>
      <RealtimeProvider createSocket={createFakeSocket}>
        <LiveOpsView teamId="t1" />
      </RealtimeProvider>
    </MemoryRouter>,
  );
  await act(async () => socket().ready());
  await screen.findByRole("list", { name: "Routes" });
  return view;
}

const card = (name: string) => screen.getByRole("listitem", { name });

beforeEach(() => mockAuth.signIn());
afterEach(() => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
});

describe("LiveOpsView", () => {
  it("moves a driver's marker from a realtime position without a request, refetches routes on a stop status, and everything after a reconnect", async () => {
    const api = fakeApi();
    const { container } = await renderLive();
    await waitFor(() => expect(within(card("Van 1")).getByTestId("last-position")).toHaveTextContent("(47.14100, 9.52100)"));
    const marker = () => container.querySelector('[data-marker="driver"][data-driver-id="d1"]');
    expect(marker()).toHaveAttribute("data-position", "47.14100,9.52100");
    const before = { routes: api.count("/api/teams/t1/routes"), positions: api.count("/api/teams/t1/positions") };

    await act(async () => socket().receive({ topic: "live:t1", type: "driver_position", data: { driverUserId: "d1", routeId: "r1", lat: 47.15, lng: 9.53, at: at("09:01") } }));
    await waitFor(() => expect(within(card("Van 1")).getByTestId("last-position")).toHaveTextContent("(47.15000, 9.53000)"));
    expect(marker()).toHaveAttribute("data-position", "47.15000,9.53000");
    // Another team's messages are not this view's.
    await act(async () => socket().receive({ topic: "live:t10", type: "driver_position", data: { driverUserId: "d1", lat: 1, lng: 1, at: at("09:02") } }));
    expect(marker()).toHaveAttribute("data-position", "47.15000,9.53000");
    expect(api.count("/api/teams/t1/positions")).toBe(before.positions);
    expect(api.count("/api/teams/t1/routes")).toBe(before.routes);

    // A stop finished: the routes are refetched and show it.
    const next = routes();
    next[0] = { ...next[0]!, done: 2, stops: next[0]!.stops.map((s) => (s.id === "s2" ? { ...s, status: "done" as const, completedAt: at("09:05") } : s)) };
    api.state.routes = next;
    await act(async () => socket().receive({ topic: "live:t1", type: "stop_status", data: { routeId: "r1", stopId: "s2", status: "done" } }));
    await waitFor(() => expect(within(card("Van 1")).getByTestId("done-count")).toHaveTextContent("2 of 3"));
    expect(api.count("/api/teams/t1/positions")).toBe(before.positions);

    // Reconnected: what a missed message could have changed is fetched again.
    await act(async () => socket().ready());
    await waitFor(() => expect(api.count("/api/teams/t1/positions")).toBe(before.positions + 1));
    expect(api.count("/api/teams/t1/routes")).toBe(before.routes + 2);
  });

  it("highlights and announces a route more than 15 minutes late; shows planned vs driven distance, proof and tracking links; a table lists every stop", async () => {
    fakeApi();
    await renderLive();
    const late = card("Van 2");
    expect(late).toHaveAttribute("data-late", "true");
    expect(within(late).getByText("Late")).toBeInTheDocument();
    expect(within(late).getByTestId("delay")).toHaveTextContent("18 min behind plan");
    expect(card("Van 1")).toHaveAttribute("data-late", "false");
    expect(within(card("Van 1")).getByTestId("delay")).toHaveTextContent("2 min ahead of plan");
    expect(screen.getByRole("alert")).toHaveTextContent("Running late: Van 2 (Eli) is 18 minutes behind plan.");

    expect(card("Van 1")).toHaveTextContent("12.3 km planned · 4.1 km driven");
    expect(card("Van 1")).toHaveTextContent("service 3 min planned · 5 min actual · leg 1.2 km planned · 1.5 km driven");
    expect(within(card("Van 1")).getByRole("img", { name: "Photo 1 of Bakery" }).closest("a")).toHaveAttribute("href", "/api/files/f1");
    expect(within(card("Van 1")).getByRole("link", { name: "Tracking page of Florist" })).toHaveAttribute("href", "http://localhost:3000/track/tok-s2");
    const table = screen.getByRole("table", { name: "All stops of the day" });
    expect(within(table).getAllByRole("row")).toHaveLength(6);
    expect(within(table).getByRole("row", { name: /Garage/ })).toHaveTextContent("Arrived");
  });

  it("re-sequences a route, shows the server's message when refused, moves a pending stop to another route and inserts an urgent order", async () => {
    const api = fakeApi();
    const user = userEvent.setup();
    await renderLive();
    const van1 = card("Van 1");

    await user.click(within(van1).getByRole("button", { name: "Re-sequence remaining stops" }));
    await waitFor(() => expect(api.calls.some((c) => c.method === "POST" && c.path === "/api/teams/t1/routes/r1/resequence")).toBe(true));
    expect(await within(van1).findByText(/re-sequenced from the driver/)).toBeInTheDocument();
    api.state.failResequence = true;
    await user.click(within(van1).getByRole("button", { name: "Re-sequence remaining stops" }));
    expect(await within(van1).findByRole("alert")).toHaveTextContent("No route of this team is in progress for this date");

    await user.selectOptions(within(van1).getByLabelText("Move Florist to"), "r2");
    await user.click(within(van1).getByRole("button", { name: "Move Florist" }));
    await waitFor(() => expect(api.calls.find((c) => c.path === "/api/teams/t1/routes/r1/stops/s2/move")?.body).toEqual({ toRouteId: "r2" }));

    const form = screen.getByRole("form", { name: "Urgent order" });
    await user.click(within(form).getByRole("button", { name: "Insert urgent order" }));
    expect(within(form).getByText("Give the order a name (at most 200 characters)")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Name"), "Pharmacy rush");
    await user.type(within(form).getByLabelText("Address"), "Städtle 1");
    await user.click(within(form).getByRole("button", { name: "Find" }));
    await user.click(await within(form).findByRole("button", { name: "Städtle 1, Vaduz" }));
    await user.click(within(form).getByRole("button", { name: "Insert urgent order" }));
    expect(await within(form).findByText("Urgent order added to Van 2 (Eli).")).toBeInTheDocument();
    expect(api.calls.find((c) => c.path === "/api/teams/t1/routes/urgent")?.body).toMatchObject({ label: "Pharmacy rush", address: "Städtle 1, Vaduz", lat: 47.1392, lng: 9.5227, serviceMinutes: 5 });
  }, 20_000);

  it("a day with no route offers the next day that has some, and shows it in one click", async () => {
    const api = fakeApi();
    api.state.nextDay = shiftDate(localDate(), 2);
    renderWithQuery(
      <MemoryRouter initialEntries={["/fleet/live"]}>
        <RealtimeProvider createSocket={createFakeSocket}>
          <LiveOpsView teamId="t1" />
        </RealtimeProvider>
      </MemoryRouter>,
    );
    expect(await screen.findByText(`No route has been dispatched for ${dayTitle(localDate())}.`)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole("button", { name: `Show the next day with routes: ${dayTitle(api.state.nextDay)}` }));
    expect(await screen.findByRole("list", { name: "Routes" })).toBeInTheDocument();
    expect(screen.getByLabelText("Date")).toHaveValue(api.state.nextDay);
  });
});
