import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { messages, placeMessages, routeMessages, toasts, type OptimizeRouteResponse } from "@routepilot/contracts";
import { FormatProvider } from "@/lib/format";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PlannerPage, type PlannerQuota } from "@/features/planner/routes/planner-page";

vi.mock("@/lib/map/route-map", () => ({
  RouteMap: ({ stops }: { stops: unknown[] }) => <div data-testid="route-map">{stops.length} markers</div>,
}));
const toast = vi.hoisted(() => Object.assign(vi.fn(), { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));
vi.mock("sonner", () => ({ toast }));

const stop = (id: string, sequence: number, label: string, lat: number) => ({
  id,
  sequence,
  inputIndex: sequence - 1,
  label,
  address: label,
  note: null,
  lat,
  lng: 9.5,
  serviceSeconds: 0,
  timeWindow: null,
  arrivalSeconds: sequence * 600,
  departureSeconds: sequence * 600,
  legDistanceMeters: 3000,
  legDurationSeconds: 600,
  pinned: false,
  status: "pending" as const,
});

const response: OptimizeRouteResponse = {
  route: {
    id: "0b6f4a5e-7f7e-4a39-9b7e-3f1d3c6b9a11",
    name: "Vaduz · 2 stops",
    status: "planned",
    profile: "car",
    roundTrip: true,
    departureTime: "09:00",
    start: { label: "Vaduz", address: "Vaduz", lat: 47.14, lng: 9.52 },
    end: null,
    stops: [stop("a", 1, "Schaan", 47.16), stop("b", 2, "Eschen", 47.21)],
    unassigned: [],
    distanceMeters: 12000,
    durationSeconds: 1800,
    endArrivalSeconds: 1800,
    endLegDistanceMeters: 6000,
    endLegDurationSeconds: 600,
    originalDistanceMeters: 15000,
    savingMeters: 3000,
    savingPercent: 20,
    geometry: null,
    provider: "haversine",
    distanceKind: "straight-line estimate",
    attribution: "",
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  usage: {
    planName: "Free",
    monthlyLimit: 5,
    hasActiveSubscription: true,
    routesUsed: 6,
    subscriptionTier: "free",
    hasPaymentMethod: true,
    usagePercentage: 100,
    remainingRoutes: 0,
    isOverLimit: true,
    canOptimize: true,
    refusal: null,
    periodResetsAt: "2026-02-01T00:00:00.000Z",
    overage: { exceededBy: 1, amountPence: 100, chargedPence: 100, title: toasts.overLimit(1), description: toasts.overLimitDescription(100), durationMs: 8000 },
  },
};

function renderPlanner() {
  return renderWithQuery(
    <MemoryRouter>
      <PlannerPage title="Welcome, Ana" savedLocations={[]} />
    </MemoryRouter>,
  );
}

/** POST /api/routes/resolve: every place found exactly (the review-step tests use their own answers). */
function resolvedExactly(init: RequestInit | undefined): Response {
  const body = JSON.parse(String(init?.body)) as { start: object; end?: object; roundTrip?: boolean; stops: object[] };
  const fields = ["start", ...(body.end && !body.roundTrip ? ["end"] : []), ...body.stops.map((_, i) => `stops.${i}`)];
  const places = fields.map((field, i) => ({ field, input: field, label: field, lat: 47.1 + i / 100, lng: 9.5, match: "exact", provider: "osm-address", candidates: [], outlier: null, confirmed: false }));
  return jsonResponse({ places, needsReview: false });
}

const fetchMock = vi.fn<typeof fetch>();
const resolveMock = vi.fn<typeof fetch>();
beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => jsonResponse({ results: [] }));
  resolveMock.mockReset();
  resolveMock.mockImplementation(async (_url, init) => resolvedExactly(init));
  vi.stubGlobal("fetch", (async (url: string, init?: RequestInit) => (String(url).includes("/api/routes/resolve") ? resolveMock(url, init) : fetchMock(url, init))) as typeof fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe("PlannerPage", () => {
  it("shows the SPEC §5 messages inline without calling the server", async () => {
    const user = userEvent.setup();
    renderPlanner();
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    expect(await screen.findByText(messages.startRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.destinationRequired)).toBeInTheDocument();
    expect(screen.getByRole("combobox", { name: "Start point" })).toHaveAttribute("aria-invalid", "true");
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/optimize"))).toBe(false);
  });

  it("shows the server's field errors on the right row", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      String(url).includes("/optimize")
        ? jsonResponse({ error: { code: "VALIDATION_ERROR", message: routeMessages.addressNotFound, fields: { "stops.1.address": routeMessages.addressNotFound } } }, 400)
        : jsonResponse({ results: [] }),
    );
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Add destination" }));
    await user.type(screen.getByRole("combobox", { name: "Destination 2" }), "Nowhere Zzq");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    const rows = await screen.findAllByTestId("destination-row");
    expect(await within(rows[1]!).findByText(routeMessages.addressNotFound)).toBeInTheDocument();
    expect(within(rows[0]!).queryByText(routeMessages.addressNotFound)).toBeNull();
  });

  it("optimises, lists the stops with the saving, and warns when over the limit", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) => (String(url).includes("/optimize") ? jsonResponse(response) : jsonResponse({ results: [] })));
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    expect(await screen.findByTestId("route-result")).toBeInTheDocument();
    expect(screen.getAllByTestId("route-stop").map((li) => li.textContent)).toEqual([expect.stringContaining("Schaan"), expect.stringContaining("Eschen")]);
    expect(screen.getByTestId("route-saving")).toHaveTextContent("Saves 3 km (20%) versus your order");
    expect(screen.getByText("Straight-line estimate")).toBeInTheDocument();
    // Printed (only on paper): what it is, when it was planned and when it leaves.
    expect(screen.getByTestId("print-title")).toHaveTextContent(/^RoutePilot route plan · planned .+ · departs at \d\d:\d\d$/);
    expect(screen.getByTestId("print-title")).toHaveClass("hidden", "print:block");
    expect(screen.getByTestId("route-map")).toHaveTextContent("2 markers");
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith("You've exceeded your monthly limit by 1 route", {
        id: "over-limit",
        description: "Additional charge: £1.00. Consider upgrading your plan.",
        duration: 8000,
      }),
    );
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes("/optimize"))![1]!.body));
    expect(body).toMatchObject({ start: { address: "Vaduz" }, stops: [{ address: "Schaan" }], roundTrip: true, profile: "car" });
  });

  it("moving a stop pins it and offers to keep the order", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) => (String(url).includes("/optimize") ? jsonResponse(response) : jsonResponse({ results: [] })));
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    await user.click(await screen.findByRole("button", { name: "Move stop 2 up" }));
    expect(screen.getAllByTestId("route-stop")[0]).toHaveTextContent("Eschen");
    expect(screen.getByRole("button", { name: "Unpin stop 1" })).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByRole("button", { name: "Keep my order" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Re-optimise around pinned stops" })).toBeInTheDocument();
    // Apple Maps and Waze go to the stop selected in the list as reordered, not to the planned stop at that position.
    // The moved stop stays selected.
    expect(within(screen.getAllByTestId("route-stop")[0]!).getAllByRole("button")[0]).toHaveAttribute("aria-pressed", "true");
    await user.click(screen.getByRole("button", { name: "Navigate" }));
    const label = await screen.findByText(/Apple Maps and Waze take one destination/);
    expect(label).toHaveTextContent(/: stop \d+, Eschen$/);
  });

  it("names dropped stops in plain words, warns when the day is overrun, and edits the saved route without a new optimisation", async () => {
    const user = userEvent.setup();
    const dropped: OptimizeRouteResponse = {
      ...response,
      route: {
        ...response.route,
        unassigned: [{ inputIndex: 2, label: "Balzers farm", lat: 47.0667, lng: 9.5025, reason: "time_window" }],
        maxDurationSeconds: 1200,
      },
    };
    const calls: { url: string; method: string; body: unknown }[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u.includes("/api/routes/")) calls.push({ url: u, method: init?.method ?? "GET", body: init?.body ? JSON.parse(String(init.body)) : null });
      if (u.includes("/optimize")) return jsonResponse(dropped);
      if (u.includes("/reoptimize") || u.includes("/stops")) return jsonResponse({ ...dropped.route, unassigned: [] });
      return jsonResponse({ results: [] });
    });
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    const block = await screen.findByTestId("route-unassigned");
    expect(block).toHaveTextContent("Balzers farm: Its time window cannot be met. Widen the window or start earlier.");
    expect(block).not.toHaveTextContent("time_window");
    expect(screen.getByTestId("route-saving")).toHaveTextContent("versus your order of the same 2 stops");
    expect(screen.getByTestId("route-timing-warning")).toHaveTextContent("does not fit in your day");

    await user.click(within(block).getByRole("button", { name: "Re-plan without them" }));
    await waitFor(() => expect(calls.find((c) => c.url.endsWith("/reoptimize"))?.body).toEqual({ dropUnassigned: true }));
    await waitFor(() => expect(screen.queryByTestId("route-unassigned")).toBeNull());

    await user.click(screen.getByRole("button", { name: "Remove stop 1: Schaan" }));
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE" && c.url.endsWith(`/api/routes/${response.route.id}/stops/a`))).toBe(true));

    await user.type(screen.getByRole("combobox", { name: "New stop" }), "Triesen");
    await user.click(screen.getByRole("button", { name: "Add stop" }));
    await waitFor(() => expect(calls.find((c) => c.method === "POST" && c.url.endsWith("/stops"))?.body).toEqual({ stops: [{ address: "Triesen" }] }));

    expect(calls.filter((c) => c.url.endsWith("/optimize"))).toHaveLength(1);
  });

  it("asks before adding a stop that is far from the route, then adds it confirmed", async () => {
    const user = userEvent.setup();
    const posted: unknown[] = [];
    fetchMock.mockImplementation(async (url, init) => {
      const u = String(url);
      if (u.includes("/optimize")) return jsonResponse(response);
      if (u.endsWith("/stops") && init?.method === "POST") {
        const body = JSON.parse(String(init.body)) as { stops: { confirmed?: boolean }[] };
        posted.push(body);
        if (!body.stops[0]!.confirmed) return jsonResponse({ error: { code: "CONFLICT", message: "Check the flagged places", fields: { "stops.0": "Munich is far from the route's other places" } } }, 409);
        return jsonResponse(response.route);
      }
      return jsonResponse({ results: [] });
    });
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    await user.type(await screen.findByRole("combobox", { name: "New stop" }), "Munich");
    await user.click(screen.getByRole("button", { name: "Add stop" }));
    expect(await screen.findByText("Munich is far from the route's other places")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Add it anyway" }));
    await waitFor(() => expect(posted).toEqual([{ stops: [{ address: "Munich" }] }, { stops: [{ address: "Munich", confirmed: true }] }]));
  });

  it("typed coordinates need no look-up request: optimise gets them as coordinates", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) => (String(url).includes("/optimize") ? jsonResponse(response) : jsonResponse({ results: [] })));
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "47.14151, 9.52154");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "47.2, 9.5");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    expect(await screen.findByTestId("route-result")).toBeInTheDocument();
    expect(resolveMock).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes("/geocode"))).toHaveLength(0);
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes("/optimize"))![1]!.body));
    expect(body).toMatchObject({ start: { lat: 47.14151, lng: 9.52154, match: "coordinates" }, stops: [{ lat: 47.2, lng: 9.5, match: "coordinates" }] });
  });

  it("reviews doubtful places before optimising: a far stop must be confirmed or replaced, nothing is optimised before", async () => {
    const user = userEvent.setup();
    resolveMock.mockImplementation(async () =>
      jsonResponse({
        places: [
          { field: "start", input: "Manchester", label: "Manchester, United Kingdom", lat: 53.48, lng: -2.24, match: "place", provider: "gazetteer", candidates: [], outlier: null, confirmed: false },
          {
            field: "stops.0",
            input: "Halifax",
            label: "Halifax, Canada",
            lat: 44.65,
            lng: -63.57,
            match: "place",
            provider: "gazetteer",
            candidates: [{ label: "Halifax, United Kingdom", lat: 53.72, lng: -1.86, match: "place", provider: "gazetteer" }],
            outlier: { reason: "far", message: "This place is 4,600 km from the middle of the route" },
            confirmed: false,
          },
          { field: "stops.1", input: "Essanestrasse 999, Eschen", label: "Essanestrasse, 9492 Eschen", lat: 47.2, lng: 9.5, match: "street", provider: "osm-address", candidates: [], outlier: null, confirmed: false },
        ],
        needsReview: true,
      }),
    );
    fetchMock.mockImplementation(async (url) => (String(url).includes("/optimize") ? jsonResponse(response) : jsonResponse({ results: [] })));
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Manchester");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Halifax");
    await user.click(screen.getByRole("button", { name: "Add destination" }));
    await user.type(screen.getByRole("combobox", { name: "Destination 2" }), "Essanestrasse 999, Eschen");
    await user.click(screen.getByRole("button", { name: "Optimise" }));

    const review = await screen.findByTestId("place-review");
    const rows = within(review).getAllByTestId("review-place");
    expect(rows.map((r) => r.dataset.field)).toEqual(["stops.0", "stops.1"]);
    expect(rows[0]).toHaveTextContent("4,600 km from the middle of the route");
    expect(rows[1]).toHaveTextContent("Street only");
    const go = within(review).getByRole("button", { name: placeMessages.optimiseAnyway });
    expect(go).toBeDisabled();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes("/optimize"))).toBe(false);

    await user.click(within(rows[0]!).getByRole("radio", { name: /Halifax, United Kingdom/ }));
    expect(go).toBeEnabled();
    await user.click(go);
    expect(await screen.findByTestId("route-result")).toBeInTheDocument();
    const body = JSON.parse(String(fetchMock.mock.calls.find(([url]) => String(url).includes("/optimize"))![1]!.body));
    expect(body.stops).toEqual([
      { address: "Halifax", lat: 53.72, lng: -1.86, match: "place", confirmed: true },
      { address: "Essanestrasse 999, Eschen", lat: 47.2, lng: 9.5, match: "street", confirmed: true },
    ]);
    expect(body.start).toMatchObject({ address: "Manchester", lat: 53.48, lng: -2.24, match: "place" });
  });

  it("keeps a refused optimisation (402) next to the Optimise button, focused, with the form kept, until dismissed", async () => {
    const user = userEvent.setup();
    fetchMock.mockImplementation(async (url) =>
      String(url).includes("/optimize") ? jsonResponse({ error: { code: "QUOTA_EXCEEDED", message: routeMessages.overQuota(5) } }, 402) : jsonResponse({ results: [] }),
    );
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    const refused = await screen.findByRole("alert", { name: "The route was not optimised" });
    expect(refused).toHaveTextContent(routeMessages.overQuota(5));
    expect(refused).toHaveFocus();
    // Next to the button, in the form; not a toast.
    expect(screen.getByRole("form", { name: "Plan a route" })).toContainElement(refused);
    expect(toast.error).not.toHaveBeenCalled();
    expect(screen.getByRole("combobox", { name: "Start point" })).toHaveValue("Vaduz");
    // Still there long after a toast would have gone.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("alert", { name: "The route was not optimised" })).toBeInTheDocument();
    await user.click(within(refused).getByRole("button", { name: "Dismiss this message" }));
    expect(screen.queryByRole("alert", { name: "The route was not optimised" })).toBeNull();
    expect(screen.getByRole("combobox", { name: "Destination 1" })).toHaveValue("Schaan");
  });

  it("shows a 429 the same way, with the server's message", async () => {
    const user = userEvent.setup();
    const message = "Too many route optimisations. Try again in 60 seconds.";
    fetchMock.mockImplementation(async (url) => (String(url).includes("/optimize") ? jsonResponse({ error: { code: "RATE_LIMITED", message } }, 429) : jsonResponse({ results: [] })));
    renderPlanner();
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await user.type(screen.getByRole("combobox", { name: "Destination 1" }), "Schaan");
    await user.click(screen.getByRole("button", { name: "Optimise" }));
    expect(await screen.findByRole("alert", { name: "The route was not optimised" })).toHaveTextContent(message);
  });

  describe("at 5 of 5 routes", () => {
    const quota = (over: Partial<PlannerQuota> = {}): PlannerQuota => ({
      refusal: routeMessages.overQuota(5),
      resetsAt: "2026-12-01T00:00:00.000Z",
      paymentsEnabled: false,
      isTeamMember: false,
      ...over,
    });
    /** The reset date follows the reader's formats (their preferences at the app root): British English in UTC unless told. */
    const renderAtLimit = (q: PlannerQuota, formats: { language: string; timeZone: string } = { language: "en", timeZone: "UTC" }) =>
      renderWithQuery(
        <FormatProvider {...formats}>
          <MemoryRouter>
            <PlannerPage title="Welcome, Ana" savedLocations={[]} quota={q} />
          </MemoryRouter>
        </FormatProvider>,
      );

    it("says so before anything is typed: the banner, the reset date, and Optimise disabled with the reason", () => {
      renderAtLimit(quota());
      const banner = screen.getByRole("region", { name: "Monthly limit reached" });
      expect(banner).toHaveTextContent(routeMessages.overQuota(5));
      expect(banner).toHaveTextContent("Your allowance resets on 1 December 2026.");
      // No payments on this server: an administrator changes plans; no upgrade link.
      expect(banner).toHaveTextContent("ask an administrator");
      expect(within(banner).queryByRole("link", { name: "See plans and upgrade" })).toBeNull();
      const optimise = screen.getByRole("button", { name: "Optimise" });
      expect(optimise).toBeDisabled();
      expect(optimise).toHaveAccessibleDescription("Monthly limit reached: you can optimise again on 1 December 2026.");
      expect(screen.getByRole("combobox", { name: "Start point" })).toHaveValue("");
    });

    it("offers the upgrade where payments are configured, and formats the date in the user's language", () => {
      renderAtLimit(quota({ paymentsEnabled: true }), { language: "de", timeZone: "Europe/Berlin" });
      const banner = screen.getByRole("region", { name: "Monthly limit reached" });
      expect(within(banner).getByRole("link", { name: "See plans and upgrade" })).toHaveAttribute("href", "/pricing");
      expect(banner).toHaveTextContent("1. Dezember 2026");
    });

    it("shows nothing and leaves Optimise enabled while routes are left", () => {
      renderAtLimit(quota({ refusal: null }));
      expect(screen.queryByRole("region", { name: "Monthly limit reached" })).toBeNull();
      expect(screen.getByRole("button", { name: "Optimise" })).toBeEnabled();
    });
  });

  it("fills an untouched form with the default start and end once the preferences arrive, but never over the user's typing", async () => {
    const home = { id: "home", name: "Home", address: "Vaduz, Liechtenstein", lat: 47.14, lng: 9.52 };
    const depot = { id: "depot", name: "Depot", address: "Schaan, Liechtenstein", lat: 47.16, lng: 9.5 };
    const page = (props: { defaultStart?: typeof home | null; defaultEnd?: typeof home | null }) => (
      <MemoryRouter>
        <PlannerPage title="Welcome, Ana" savedLocations={[]} {...props} />
      </MemoryRouter>
    );
    const view = renderWithQuery(page({}));
    expect(screen.getByRole("combobox", { name: "Start point" })).toHaveValue("");
    view.rerender(page({ defaultStart: home, defaultEnd: depot }));
    await waitFor(() => expect(screen.getByRole("combobox", { name: "Start point" })).toHaveValue("Vaduz, Liechtenstein"));
    expect(screen.getByRole("combobox", { name: "End point" })).toHaveValue("Schaan, Liechtenstein");
    const user = userEvent.setup();
    await user.clear(screen.getByRole("combobox", { name: "Start point" }));
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Balzers");
    view.rerender(page({ defaultStart: depot, defaultEnd: null }));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole("combobox", { name: "Start point" })).toHaveValue("Balzers");
  });

  it("sends no address searches for a pasted list: only a focused field asks for suggestions", async () => {
    const user = userEvent.setup();
    renderPlanner();
    await user.click(screen.getByRole("button", { name: "Paste a list" }));
    const lines = Array.from({ length: 12 }, (_, i) => `Town number ${i + 1}`).join("\n");
    await user.click(screen.getByLabelText("Addresses"));
    await user.paste(lines);
    await user.click(screen.getByRole("button", { name: "Add 12 destinations" }));
    expect(await screen.findAllByTestId("destination-row")).toHaveLength(12);
    await new Promise((r) => setTimeout(r, 400));
    const searches = () => fetchMock.mock.calls.filter(([url]) => String(url).includes("/api/geocode"));
    expect(searches()).toHaveLength(0);
    // Typing in one field still suggests places.
    await user.type(screen.getByRole("combobox", { name: "Start point" }), "Vaduz");
    await waitFor(() => expect(searches().length).toBeGreaterThan(0));
    expect(searches().every(([url]) => String(url).includes("q=Vaduz") || String(url).includes("q=Vad"))).toBe(true);
  });
});

