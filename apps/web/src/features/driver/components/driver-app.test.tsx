import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { createFormatter, driverMessages, type DriverRoute, type DriverStop } from "@routepilot/contracts";
import { DriverApp } from "@/features/driver/components/driver-app";
import { DriverSyncProvider } from "@/features/driver/hooks/driver-sync";
import { browserTimeZone } from "@/lib/format";
import { dayTitle, localDate, shiftDate } from "@/lib/operating-day";
import { memoryOutboxStorage } from "@/features/driver/lib/outbox";
import { memoryRouteStore } from "@/features/driver/lib/idb-storage";
import { RealtimeProvider } from "@/lib/realtime";
import { Toaster } from "@/components/ui/toaster";
import { mockAuth } from "@/test/mock-auth";
import { FakeSocket, createFakeSocket } from "@/test/fake-socket";
import { driverRoute, driverStop } from "@/features/driver/test/fixtures";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const today = localDate();
const iso = (hhmm: string) => new Date(`${today}T${hhmm}:00`).toISOString();

function stop(n: number, patch: Partial<DriverStop> = {}): DriverStop {
  return driverStop(`s${n}`, iso(`0${8 + n}:00`.slice(-5)), iso(`0${8 + n}:05`.slice(-5)), { sequence: n, orderId: `o${n}`, kind: "delivery", label: `Customer ${n}`, address: `Street ${n}, Vaduz`, lat: 47.14 + n / 100, lng: 9.52, ...patch });
}

const route = (patch: Partial<DriverRoute> = {}) => driverRoute(today, [stop(1), stop(2), stop(3)], patch);

type Call = { method: string; url: string; body: unknown };

/** A fake server: the route, stop events that change it, proofs; `offline` makes every request fail like a dead zone. */
function fakeServer(initial: DriverRoute) {
  let current = initial;
  const calls: Call[] = [];
  const state = { offline: false };
  const json = (data: unknown, status = 200) => new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? "GET";
    const body = init?.body instanceof FormData ? Object.fromEntries([...init.body.keys()].map((k) => [k, (init.body as FormData).getAll(k).length])) : init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, url, body });
    if (state.offline) throw new TypeError("Failed to fetch");
    if (method === "GET" && url.startsWith("/api/driver/routes")) return json({ date: today, routes: [current] });
    const event = /\/api\/driver\/stops\/([^/]+)\/events$/.exec(url);
    if (event) {
      const input = body as { type: "arrived" | "done" | "failed"; at: string; reason?: DriverStop["failureReason"] };
      const stopId = event[1]!;
      const status = input.type;
      current = { ...current, status: "in_progress", stops: current.stops.map((s) => (s.id === stopId ? { ...s, status, arrivedAt: s.arrivedAt ?? input.at, completedAt: status === "arrived" ? null : input.at, failureReason: input.reason ?? null } : s)) };
      return json({ replayed: false, stop: current.stops.find((s) => s.id === stopId) });
    }
    if (/\/proof$/.exec(url)) return json({ id: "pf1", url: "/api/files/pf1", files: [], recipientName: "Rita" }, 201);
    if (url === "/api/driver/positions") return new Response(null, { status: 204 });
    return json({ error: { code: "NOT_FOUND", message: "Not found" } }, 404);
  });
  return { calls, state, fetchMock, posts: () => calls.filter((c) => c.method === "POST") };
}

function renderApp() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <RealtimeProvider createSocket={createFakeSocket}>
        <MemoryRouter initialEntries={["/driver"]}>
          <DriverSyncProvider userId="u1" storage={memoryOutboxStorage()} routeStore={memoryRouteStore()}>
            <DriverApp />
          </DriverSyncProvider>
        </MemoryRouter>
        <Toaster theme="light" />
      </RealtimeProvider>
    </QueryClientProvider>,
  );
}

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? "online" : "offline"));
}

const stopItem = (n: number) => screen.getByRole("listitem", { name: new RegExp(`Stop ${n}:`) });

describe("DriverApp", () => {
  beforeEach(() => {
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the day's stops with planned times, hands each one to navigation apps, and marks one arrived", async () => {
    const server = fakeServer(route());
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByRole("heading", { name: "Van 1 route" }, { timeout: 5000 })).toBeVisible();
    expect(screen.getByRole("list", { name: "Stops of Van 1 route" }).children).toHaveLength(3);
    expect(stopItem(2)).toHaveTextContent("Street 2, Vaduz");
    expect(stopItem(2)).toHaveTextContent(/Planned \d{2}:\d{2}/);
    expect(screen.getByText("0 of 3 stops done", { exact: false })).toBeVisible();

    await user.click(within(stopItem(1)).getByRole("button", { name: "Navigate to stop 1" }));
    expect(screen.getByRole("menuitem", { name: "Google Maps" })).toHaveAttribute("href", expect.stringContaining("destination=47.15%2C9.52"));
    expect(screen.getByRole("menuitem", { name: "Waze" })).toHaveAttribute("href", expect.stringContaining("ll=47.15%2C9.52"));
    expect(screen.getByRole("menuitem", { name: "Apple Maps" })).toHaveAttribute("href", expect.stringContaining("daddr=47.15%2C9.52"));
    await user.keyboard("{Escape}");

    await user.click(screen.getByRole("button", { name: "Arrived at stop 1" }));
    await waitFor(() => expect(stopItem(1)).toHaveAttribute("data-status", "arrived"));
    const [post] = server.posts();
    expect(post).toMatchObject({ url: "/api/driver/stops/s1/events", body: { type: "arrived", clientEventId: expect.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) } });
    await waitFor(() => expect(screen.getByTestId("sync-status")).toHaveTextContent("All changes synced"));
  });

  it("asks why a delivery failed, and for a note when the reason is Other", async () => {
    const server = fakeServer(route());
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole("button", { name: "Failed stop 2" }));
    const dialog = screen.getByRole("dialog", { name: "Failed: Customer 2" });
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    expect(within(dialog).getByText(driverMessages.reasonRequired)).toBeVisible();
    await user.click(within(dialog).getByRole("radio", { name: "Other" }));
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    expect(within(dialog).getByText(driverMessages.noteRequired)).toBeVisible();
    expect(server.posts()).toHaveLength(0);
    await user.type(within(dialog).getByLabelText("Note (required)"), "Gate locked, dog in the yard");
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    await waitFor(() => expect(stopItem(2)).toHaveAttribute("data-status", "failed"));
    expect(stopItem(2)).toHaveTextContent("Failed: Other");
    expect(server.posts()[0]).toMatchObject({ url: "/api/driver/stops/s2/events", body: { type: "failed", reason: "other", note: "Gate locked, dog in the yard" } });
  });

  it("needs a photo or a signature before Delivered when the route requires proof", async () => {
    const server = fakeServer(route({ proofRequired: true }));
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole("button", { name: "Delivered stop 1" }));
    const dialog = screen.getByRole("dialog", { name: "Delivered: Customer 1" });
    await user.type(within(dialog).getByLabelText("Recipient's name"), "Rita");
    await user.click(within(dialog).getByRole("button", { name: "Confirm delivery" }));
    expect(within(dialog).getByRole("alert")).toHaveTextContent(driverMessages.proofRequired);
    expect(server.posts()).toHaveLength(0);
  });

  it("sends the proof before the Delivered event, in one action", async () => {
    const server = fakeServer(route());
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole("button", { name: "Delivered stop 1" }));
    const dialog = screen.getByRole("dialog", { name: "Delivered: Customer 1" });
    await user.type(within(dialog).getByLabelText("Recipient's name"), "Rita");
    await user.type(within(dialog).getByLabelText("Note"), "Left with the neighbour");
    await user.click(within(dialog).getByRole("button", { name: "Confirm delivery" }));
    await waitFor(() => expect(server.posts()).toHaveLength(2));
    expect(server.posts().map((c) => c.url)).toEqual(["/api/driver/stops/s1/proof", "/api/driver/stops/s1/events"]);
    expect(server.posts()[0]!.body).toMatchObject({ recipient: 1, clientEventId: 1 });
    expect(server.posts()[1]!.body).toMatchObject({ type: "done", note: "Left with the neighbour" });
    await waitFor(() => expect(stopItem(1)).toHaveAttribute("data-status", "done"));
  });

  it("keeps actions while offline, says how many wait, and sends them in order when back online", async () => {
    const server = fakeServer(route());
    vi.stubGlobal("fetch", server.fetchMock);
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole("heading", { name: "Van 1 route" });

    server.state.offline = true;
    act(() => setOnline(false));
    expect(screen.getByTestId("offline-banner")).toHaveTextContent("You're offline");
    await user.click(screen.getByRole("button", { name: "Arrived at stop 1" }));
    await user.click(screen.getByRole("button", { name: "Failed stop 1" }));
    const dialog = screen.getByRole("dialog", { name: "Failed: Customer 1" });
    await user.click(within(dialog).getByRole("radio", { name: "Not home" }));
    await user.click(within(dialog).getByRole("button", { name: "Mark failed" }));
    await user.click(screen.getByRole("button", { name: "Arrived at stop 2" }));

    // Applied at once on the phone, waiting to sync.
    await waitFor(() => expect(screen.getByTestId("sync-status")).toHaveTextContent("3 changes waiting to sync"));
    expect(stopItem(1)).toHaveAttribute("data-status", "failed");
    expect(stopItem(2)).toHaveAttribute("data-status", "arrived");
    expect(within(stopItem(1)).getByText("Not synced yet")).toBeVisible();

    server.state.offline = false;
    act(() => setOnline(true));
    await waitFor(() => expect(screen.getByTestId("sync-status")).toHaveTextContent("All changes synced"));
    const sent = server.calls.filter((c) => c.method === "POST" && !server.state.offline);
    const lastThree = sent.slice(-3).map((c) => [c.url, (c.body as { type: string }).type]);
    expect(lastThree).toEqual([
      ["/api/driver/stops/s1/events", "arrived"],
      ["/api/driver/stops/s1/events", "failed"],
      ["/api/driver/stops/s2/events", "arrived"],
    ]);
    expect(screen.queryByTestId("offline-banner")).toBeNull();
  });

  it("shows an action the server refuses for good with its message, and keeps it to try again or discard", async () => {
    const server = fakeServer(route());
    const base = server.fetchMock.getMockImplementation()!;
    let refuse = true;
    const refused: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method !== "POST" || !refuse) return base(input, init);
        refused.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify({ error: { code: "CONFLICT", message: driverMessages.stopClosed } }), { status: 409, headers: { "Content-Type": "application/json" } });
      }),
    );
    const user = userEvent.setup();
    renderApp();
    await user.click(await screen.findByRole("button", { name: "Arrived at stop 3" }));
    const alert = await screen.findByText("Not saved: Arrived · stop 3, Customer 3");
    expect(alert.closest("[role=alert]")).toHaveTextContent(driverMessages.stopClosed);
    expect(screen.getByTestId("sync-status")).toHaveTextContent("All changes synced");

    // Try again: the same action (same client id) goes back to the queue and is sent.
    refuse = false;
    await user.click(screen.getByRole("button", { name: "Try again: Arrived · stop 3, Customer 3" }));
    await waitFor(() => expect(stopItem(3)).toHaveAttribute("data-status", "arrived"));
    expect(screen.queryByText(/Not saved/)).toBeNull();
    expect(server.posts()).toEqual([expect.objectContaining({ url: "/api/driver/stops/s3/events", body: expect.objectContaining({ type: "arrived", clientEventId: (refused[0] as { clientEventId: string }).clientEventId }) })]);

    // Discard: refused again, and let go.
    refuse = true;
    await user.click(screen.getByRole("button", { name: "Arrived at stop 2" }));
    await user.click(await screen.findByRole("button", { name: "Discard: Arrived · stop 2, Customer 2" }));
    expect(screen.queryByText(/Not saved/)).toBeNull();
    expect(stopItem(2)).toHaveAttribute("data-status", "pending");
  });

  it("refetches the route and says so when the manager changes it (route_changed on the driver topic)", async () => {
    const server = fakeServer(route());
    vi.stubGlobal("fetch", server.fetchMock);
    act(() => mockAuth.signIn());
    renderApp();
    await screen.findByRole("heading", { name: "Van 1 route" });
    const reads = () => server.calls.filter((c) => c.method === "GET").length;
    const before = reads();
    await act(async () => {
      FakeSocket.latest!.ready();
      FakeSocket.latest!.receive({ topic: "driver", type: "route_changed", data: { routeId: "r1" } });
    });
    expect(await screen.findByText(driverMessages.routeChanged("Van 1 route"))).toBeVisible();
    await waitFor(() => expect(reads()).toBeGreaterThan(before));
    act(() => mockAuth.signOut());
  });

  it("says when there is no route on a day, and switches days", async () => {
    const server = fakeServer(route());
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input).includes(`date=${today}`)) return server.fetchMock(input, init);
        if (String(input).includes("/routes/next")) return new Response(JSON.stringify({ date: null, routes: [] }), { status: 200 });
        return new Response(JSON.stringify({ date: "x", routes: [] }), { status: 200 });
      }),
    );
    const user = userEvent.setup();
    renderApp();
    await screen.findByRole("heading", { name: "Van 1 route" });
    await user.click(screen.getByRole("button", { name: "Next day" }));
    expect(await screen.findByText(`No route for you on ${dayTitle(shiftDate(today, 1))}.`)).toBeVisible();
    expect(await screen.findByText("No route has been dispatched to you for the days ahead yet.")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Today" }));
    expect(await screen.findByRole("heading", { name: "Van 1 route" })).toBeVisible();
  });

  it("with nothing today, offers the next dispatched day and opens it in one tap", async () => {
    const monday = shiftDate(today, 2);
    const server = fakeServer(route());
    const asked: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        asked.push(url);
        if (url.includes("/routes/next")) return new Response(JSON.stringify({ date: monday, routes: [] }), { status: 200 });
        if (url.includes(`date=${monday}`)) return server.fetchMock(url.replace(`date=${monday}`, `date=${today}`), init);
        if (url.includes("/api/driver/routes?")) return new Response(JSON.stringify({ date: today, routes: [] }), { status: 200 });
        return server.fetchMock(input, init);
      }),
    );
    const user = userEvent.setup();
    renderApp();
    expect(await screen.findByText("No route for you today.")).toBeVisible();
    const next = await screen.findByRole("region", { name: "Your next route" });
    expect(next).toHaveTextContent(`Your next route: ${dayTitle(monday)}`);
    expect(asked.some((u) => u.includes(`/api/driver/routes/next?from=${today}`))).toBe(true);
    await user.click(within(next).getByRole("button", { name: "Open it" }));
    expect(await screen.findByRole("heading", { name: "Van 1 route" })).toBeVisible();
    expect(screen.getByLabelText("Date")).toHaveValue(monday);
  });
});

describe("DriverApp reloads (issue 26)", () => {
  beforeEach(() => {
    Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => true });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the return to the depot between two trips as a row of its own, with its times; the stops keep their numbers", async () => {
    const withReload = route({ reloads: [{ afterSequence: 2, plannedArrival: iso("10:20"), plannedDeparture: iso("10:35") }] });
    const server = fakeServer(withReload);
    vi.stubGlobal("fetch", server.fetchMock);
    renderApp();
    const list = await screen.findByRole("list", { name: `Stops of ${withReload.name}` });
    const rows = [...list.children];
    expect(rows).toHaveLength(4);
    expect(rows[2]).toHaveAttribute("data-reload");
    expect(rows[2]).toHaveTextContent("Reload at the depot");
    // Outside the app's FormatProvider: British English in the browser's time zone.
    const clock = (at: string) => createFormatter({ language: "en", timeZone: browserTimeZone(), unit: "km" }).time(at);
    expect(rows[2]).toHaveTextContent(`${clock(iso("10:20"))}–${clock(iso("10:35"))}`);
    expect(rows[2]).toHaveTextContent("Depot");
    expect(stopItem(3)).toBeInTheDocument();
    expect(screen.getByText(/0 of 3 stops done/)).toBeInTheDocument();
  });
});
