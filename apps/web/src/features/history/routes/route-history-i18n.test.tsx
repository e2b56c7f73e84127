import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { RouteSummary } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { RouteHistoryItem } from "@/features/history/components/route-history-item";
import { RouteHistoryPage } from "@/features/history/routes/route-history-page";

const route = {
  id: "0b6f4a5e-7f7e-4a39-9b7e-3f1d3c6b9a11",
  name: "Dienstag",
  status: "planned",
  profile: "car",
  roundTrip: true,
  distanceMeters: 12_500,
  durationSeconds: 1800,
  originalDistanceMeters: 15_000,
  savingMeters: 2500,
  savingPercent: 16.7,
  provider: "osrm",
  distanceKind: "road distance",
  createdAt: "2026-11-20T08:00:00.000Z",
  updatedAt: "2026-11-20T08:00:00.000Z",
  stopCount: 1,
  startLabel: "Vaduz",
  shared: true,
} as RouteSummary;

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("route history in the active language (decision 028)", () => {
  it("renders a route's summary and actions in German", async () => {
    renderWithQuery(
      <MemoryRouter>
        <ul>
          <RouteHistoryItem route={route} />
        </ul>
      </MemoryRouter>,
    );
    expect(screen.getByText(/from Vaduz · 1 stop ·/)).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByText(/ab Vaduz · 1 Stopp ·/)).toBeInTheDocument();
    expect(screen.getByText("Geteilt")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Dienstag im Planer öffnen" })).toHaveTextContent("Öffnen");
    expect(screen.getByRole("button", { name: "Weitere Aktionen für Dienstag" })).toBeInTheDocument();
  });

  it("says there are no routes yet in German", async () => {
    vi.stubGlobal("fetch", (async () => jsonResponse({ routes: [], total: 0 })) as typeof fetch);
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter>
        <RouteHistoryPage />
      </MemoryRouter>,
    );
    expect(await screen.findByText("Noch keine Routen. Optimieren Sie Ihre erste Route, dann erscheint sie hier.")).toBeInTheDocument();
    expect(screen.getByRole("searchbox", { name: "Routen durchsuchen" })).toHaveAttribute("placeholder", "Nach Name, Ort oder Stopp suchen");
    expect(screen.getByRole("link", { name: "Route planen" })).toBeInTheDocument();
  });
});
