import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router";
import type { SharedRoute } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { SharedRoutePage } from "@/features/shared-route/routes/shared-route-page";

vi.mock("@/lib/map/route-map", () => ({ RouteMap: () => <div data-testid="route-map" /> }));

const TOKEN = "AbCdEfGhIjKlMnOpQrStUv";
const stop = (sequence: number, label: string, address: string | null, lat: number) => ({
  sequence,
  label,
  address,
  lat,
  lng: 9.5,
  arrivalSeconds: 600 * sequence,
  legDistanceMeters: 3000,
  legDurationSeconds: 600,
  serviceSeconds: 0,
});
const shared: SharedRoute = {
  name: "Tuesday deliveries",
  profile: "car",
  roundTrip: true,
  start: { label: "Vaduz", address: "Vaduz", lat: 47.14, lng: 9.52 },
  end: null,
  stops: [stop(1, "Bäckerei Wanger", "Landstrasse 12, 9494 Schaan", 47.16), stop(2, "Eschen", "Eschen", 47.21)],
  distanceMeters: 12000,
  durationSeconds: 1800,
  endArrivalSeconds: 1800,
  endLegDistanceMeters: 6000,
  endLegDurationSeconds: 600,
  geometry: null,
  provider: "haversine",
  distanceKind: "straight-line estimate",
  attribution: "",
  createdAt: "2026-01-01T00:00:00.000Z",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

function renderPage() {
  vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(shared)));
  return renderWithQuery(
    <MemoryRouter initialEntries={[`/shared-route/${TOKEN}`]}>
      <Routes>
        <Route path="/shared-route/:token" element={<SharedRoutePage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("SharedRoutePage", () => {
  it("offers the GPX and the CSV file of the shared link, side by side", async () => {
    renderPage();
    const gpx = await screen.findByRole("link", { name: "GPX" });
    expect(gpx).toHaveAttribute("href", `/api/shared-routes/${TOKEN}/export.gpx`);
    expect(gpx).toHaveAttribute("download");
    const csv = screen.getByRole("link", { name: "CSV" });
    expect(csv).toHaveAttribute("href", `/api/shared-routes/${TOKEN}/export.csv`);
    expect(csv).toHaveAttribute("download");
    expect(csv.parentElement).toBe(gpx.parentElement);
  });

  it("ends with the drive back to the start and its leg, in the reader's formats", async () => {
    renderPage();
    const list = await screen.findByRole("list", { name: "Stops in route order" });
    const items = within(list).getAllByRole("listitem");
    expect(items).toHaveLength(4); // start, 2 stops, back to the start
    expect(items[3]).toHaveTextContent("Back to start: Vaduz");
    expect(items[3]).toHaveTextContent("6 km · 10 min");
  });

  it("hands the route to navigation apps, saying Apple Maps and Waze take the next stop only", async () => {
    renderPage();
    await userEvent.click(await screen.findByRole("button", { name: "Navigate" }));
    const google = await screen.findByRole("menuitem", { name: "Whole route" });
    const url = new URL(google.getAttribute("href")!);
    expect(url.searchParams.get("destination")).toBe("47.14,9.52"); // back to the start
    expect(screen.getByRole("menuitem", { name: "Apple Maps — next stop only" })).toHaveAttribute("href", expect.stringContaining("daddr=47.16"));
    expect(screen.getByRole("menuitem", { name: "Waze — next stop only" })).toBeInTheDocument();
  });

  it("shows a stop's address under its name when they differ", async () => {
    renderPage();
    expect(await screen.findByText("Bäckerei Wanger")).toBeInTheDocument();
    expect(screen.getByText("Landstrasse 12, 9494 Schaan")).toBeInTheDocument();
    expect(screen.getAllByText("Eschen")).toHaveLength(1);
  });
});

describe("the shared route in the active language (decision 028)", () => {
  it("renders the route in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderPage();
    expect(screen.getByRole("heading", { name: "Geteilte Route" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Stopps in Routenreihenfolge" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Start: Vaduz");
    expect(items[3]).toHaveTextContent("Zurück zum Start: Vaduz");
    expect(screen.getByText("Luftlinien-Schätzung")).toBeInTheDocument();
    expect(screen.getByText(/^2 Stopps · .* · Pkw$/)).toBeInTheDocument();
  });
});
