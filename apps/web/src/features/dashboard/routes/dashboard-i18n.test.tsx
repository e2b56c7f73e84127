import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { PlanSummary } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { DashboardPage } from "@/features/dashboard/routes/dashboard-page";

vi.mock("@/lib/auth-client", () => import("@/test/mock-auth").then((m) => m.authClientModule));

const plan: PlanSummary = { planName: "Free", monthlyLimit: 5, hasActiveSubscription: true, routesUsed: 4, subscriptionTier: "free", hasPaymentMethod: false };

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the dashboard in the active language (decision 028)", () => {
  it("renders the page and the plan usage in German", async () => {
    vi.stubGlobal("fetch", (async () => jsonResponse(plan)) as typeof fetch);
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <MemoryRouter initialEntries={["/dashboard?notice=fleet-roles"]}>
        <DashboardPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { name: "Route planen" })).toBeInTheDocument();
    expect(screen.getByRole("navigation", { name: "Schnellzugriff" })).toHaveTextContent("Gespeicherte Orte");
    expect(screen.getByText("Für die Flottenbereiche ist eine Flottenrolle nötig")).toBeInTheDocument();
    expect(screen.getByText("Fahrer")).toBeInTheDocument();
    expect(await screen.findByText("Ihr Tarif: Free")).toBeInTheDocument();
    expect(screen.getByText(/Diesen Monat noch 1 Route übrig\./)).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Monatliche Routennutzung" })).toHaveAttribute("aria-valuetext", "80% genutzt");
  });
});
