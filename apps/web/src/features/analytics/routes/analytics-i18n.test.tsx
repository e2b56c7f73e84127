import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import type { AnalyticsEnhanced, AnalyticsSummary } from "@routepilot/contracts";
import { meQueryKey } from "@/lib/auth";
import { i18n } from "@/lib/i18n";
import { mockAuth } from "@/test/mock-auth";
import { createTestQueryClient, jsonResponse, makeMe, renderWithQuery } from "@/test/utils";
import { AnalyticsPage } from "./analytics-page";
import { EnhancedAnalyticsPage } from "./enhanced-analytics-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const totals = { routes: 3, stops: 6, distanceMeters: 35_000, durationSeconds: 6_300, savedDistanceMeters: 3_500, savedDurationSeconds: 300 };
const summary: AnalyticsSummary = {
  from: "2025-03-01",
  to: "2025-03-31",
  timezone: "Europe/Berlin",
  ...totals,
  byMonth: [{ month: "2025-03", ...totals }],
  byWeekday: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, routes: weekday === 1 ? 3 : 0, stops: 0 })),
  byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, routes: 0, stops: 0 })),
  topPlaces: [{ label: "Lager", address: "Hauptstraße 1", lat: 47.14, lng: 9.52, visits: 3 }],
  usage: { tier: "free", monthlyLimit: 5, routesUsed: 2, byMonth: [{ month: "2025-03", routesUsed: 2, overageRoutes: 1, overagePence: 100 }], overagePence: 100 },
};
const enhanced: AnalyticsEnhanced = {
  from: "2025-03-01",
  to: "2025-03-31",
  timezone: "UTC",
  previous: { from: "2025-01-29", to: "2025-02-28" },
  trends: Object.fromEntries(
    ["routes", "stops", "distanceMeters", "durationSeconds", "savedDistanceMeters", "savedDurationSeconds"].map((k) => [k, { current: 3, previous: 1, changePercent: k === "routes" ? null : 200 }]),
  ) as AnalyticsEnhanced["trends"],
  heatmap: { cellDegrees: 0.01, cells: [], truncated: true },
  efficiency: { distancePerStopMeters: 5833, waitingSeconds: 600, serviceSeconds: 1800, serviceShare: 0.286 },
  co2: [{ profile: "van", routes: 2, distanceMeters: 15_000, gramsPerKm: 168, co2Kg: 2.5, savedCo2Kg: 0.4 }],
  variants: [],
};

/** English words of the analytics pages that must not be left on a German screen. */
const englishLeftovers = /\b(Routes|Stops|Distance|Driving time|saved|Saved|Against|per month|per weekday|per hour|Plan usage|Current usage|Overage|Manage|Most visited|previous period|Route efficiency|Waiting|Time at stops|Where your stops|No stops|Vehicle|Van|Typed order|Optimised|What Enhanced|See plans|Open Analytics|Loading)\b/;

function renderAt(ui: React.ReactElement, url: string, tier: "free" | "premium" = "free") {
  const queryClient = createTestQueryClient();
  queryClient.setQueryData([...meQueryKey, "u1"], makeMe({ tier, access: { ...makeMe().access, enhancedAnalytics: tier !== "free" } }));
  return renderWithQuery(<MemoryRouter initialEntries={[url]}>{ui}</MemoryRouter>, queryClient);
}

function serve(body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(body)));
}

beforeEach(async () => {
  mockAuth.signIn();
  await act(() => i18n.changeLanguage("de"));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  mockAuth.signOut();
  await act(() => i18n.changeLanguage("en"));
});

describe("analytics in the reader's language (decision 028)", () => {
  it("shows the summary, its charts and their tables in German", async () => {
    serve(summary);
    renderAt(<AnalyticsPage />, "/analytics?period=custom&from=2025-03-01&to=2025-03-31");
    expect(screen.getByRole("heading", { level: 1, name: "Auswertungen" })).toBeInTheDocument();
    expect(await screen.findByText("2025-03-01 bis 2025-03-31, Tage und Stunden in Ihrer Zeitzone (Europe/Berlin).")).toBeInTheDocument();
    for (const label of ["Routen", "Stopps", "Strecke", "Fahrzeit", "Eingesparte Strecke", "Eingesparte Zeit"]) {
      expect(screen.getByText(label, { selector: "dt" })).toBeInTheDocument();
    }
    expect(screen.getAllByText("Gegenüber Ihrer eingegebenen Reihenfolge")).toHaveLength(2);
    expect(screen.getByText("Eingesparte Kilometer gegenüber Ihrer eingegebenen Reihenfolge")).toBeInTheDocument();
    expect(screen.getByText("Routen, die auf Ihr monatliches Limit von 5 Routen angerechnet werden")).toBeInTheDocument();
    expect(screen.getByText("Aktueller Nutzungszeitraum: 2 von 5 Routen genutzt.")).toBeInTheDocument();
    expect(screen.getByText(/^Mehrkosten im gewählten Zeitraum:/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tarif verwalten" })).toHaveAttribute("href", "/subscription");

    const weekdays = screen.getByRole("region", { name: "Routen pro Wochentag" });
    await userEvent.click(within(weekdays).getByRole("button", { name: "Als Tabelle zeigen" }));
    const table = within(weekdays).getByRole("table");
    expect(within(table).getByRole("columnheader", { name: "Wochentag" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: "Montag 3 0" })).toBeInTheDocument();
    expect(within(table).getByRole("row", { name: "Sonntag 0 0" })).toBeInTheDocument();

    const places = screen.getByRole("region", { name: "Meistbesuchte Orte" });
    await userEvent.click(within(places).getByRole("button", { name: "Als Tabelle zeigen" }));
    for (const header of ["Ort", "Adresse", "Besuche"]) expect(within(places).getByRole("columnheader", { name: header })).toBeInTheDocument();

    for (const title of ["Routen und Stopps pro Monat", "Eingesparte Strecke pro Monat", "Routen pro Stunde", "Tarifnutzung pro Monat"]) {
      expect(screen.getByRole("region", { name: title })).toBeInTheDocument();
    }
    expect(document.body.textContent).not.toMatch(englishLeftovers);
  });

  it("invites a German user with no routes yet to plan one", async () => {
    serve({ ...summary, ...{ routes: 0, stops: 0, distanceMeters: 0, durationSeconds: 0, savedDistanceMeters: 0, savedDurationSeconds: 0 }, topPlaces: [] });
    renderAt(<AnalyticsPage />, "/analytics?period=custom&from=2025-03-01&to=2025-03-31");
    expect(await screen.findByText("In diesem Zeitraum gibt es noch keine Routen. Planen Sie eine, dann erscheinen ihre Zahlen hier.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Route planen" })).toHaveAttribute("href", "/");
  });

  it("shows the Enhanced Analytics offer in German below Premium", () => {
    serve({});
    renderAt(<EnhancedAnalyticsPage />, "/enhanced-analytics");
    expect(screen.getByRole("heading", { level: 1, name: "Erweiterte Auswertungen" })).toBeInTheDocument();
    expect(screen.getByText("Was die Erweiterten Auswertungen zeigen")).toBeInTheDocument();
    expect(screen.getByText("Eine Heatmap, wo Ihre Stopps liegen")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Tarife ansehen und upgraden" })).toHaveAttribute("href", "/pricing");
    expect(screen.getByRole("link", { name: "Auswertungen öffnen" })).toHaveAttribute("href", "/analytics");
    expect(document.body.textContent).not.toMatch(englishLeftovers);
  });

  it("shows trends, efficiency, the heat map's cells and the CO₂ estimate in German on Premium", async () => {
    serve(enhanced);
    renderAt(<EnhancedAnalyticsPage />, "/enhanced-analytics?period=custom&from=2025-03-01&to=2025-03-31", "premium");
    expect(await screen.findByRole("heading", { name: "Trends" })).toBeInTheDocument();
    expect(screen.getByText("kein früherer Wert (vorheriger Zeitraum 1)")).toBeInTheDocument();
    expect(screen.getAllByText(/\(vorheriger Zeitraum /)).toHaveLength(6);
    expect(screen.getByRole("heading", { name: "Routeneffizienz" })).toBeInTheDocument();
    expect(screen.getByText("Warten auf Zeitfenster")).toBeInTheDocument();
    expect(screen.getByText(/der Fahr- und Stoppzeit$/)).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Wo Ihre Stopps liegen" })).toBeInTheDocument();
    expect(screen.getByText(/^Stopps gezählt in Zellen von .+; nur die belebtesten Gebiete$/)).toBeInTheDocument();
    expect(screen.getByText("Keine Stopps in diesem Zeitraum.")).toBeInTheDocument();
    const co2 = screen.getByRole("region", { name: "CO₂-Schätzung pro Fahrzeug" });
    await userEvent.click(within(co2).getByRole("button", { name: "Als Tabelle zeigen" }));
    expect(within(co2).getByRole("columnheader", { name: "g CO₂ pro km" })).toBeInTheDocument();
    expect(within(within(co2).getByRole("table")).getByText("Transporter")).toBeInTheDocument();
    expect(screen.getByText("Keine Route in diesem Zeitraum hat eine bekannte eingegebene Reihenfolge.")).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(englishLeftovers);
  });
});
