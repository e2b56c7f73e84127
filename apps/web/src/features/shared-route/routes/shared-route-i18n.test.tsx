import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
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

describe("the shared route in the active language (decision 028)", () => {
  it("renders the route in German", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(shared)));
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter initialEntries={[`/shared-route/${TOKEN}`]}>
        <Routes>
          <Route path="/shared-route/:token" element={<SharedRoutePage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Geteilte Route" })).toBeInTheDocument();
    const list = await screen.findByRole("list", { name: "Stopps in Routenreihenfolge" });
    const items = within(list).getAllByRole("listitem");
    expect(items[0]).toHaveTextContent("Start: Vaduz");
    expect(items[3]).toHaveTextContent("Zurück zum Start: Vaduz");
    expect(screen.getByText("Luftlinien-Schätzung")).toBeInTheDocument();
    expect(screen.getByText(/^2 Stopps · .* · Pkw$/)).toBeInTheDocument();
  });
});
