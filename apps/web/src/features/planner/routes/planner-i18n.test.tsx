import { afterEach, describe, expect, it, vi } from "vitest";
import { act, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import type { RouteDetail } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { renderWithQuery } from "@/test/utils";
import { DroppedStops } from "@/features/planner/components/dropped-stops";
import { PlannerPage } from "@/features/planner/routes/planner-page";

vi.mock("@/lib/map/route-map", () => ({ RouteMap: () => <div data-testid="route-map" /> }));

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

describe("the planner in the active language (decision 028)", () => {
  it("renders the form in German", async () => {
    renderWithQuery(
      <MemoryRouter>
        <PlannerPage title="Willkommen, Ana" savedLocations={[]} />
      </MemoryRouter>,
    );
    expect(screen.getByRole("button", { name: "Optimise" })).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    const form = screen.getByRole("form", { name: "Route planen" });
    expect(within(form).getByRole("heading", { name: "Ziele" })).toBeInTheDocument();
    expect(within(form).getByRole("combobox", { name: "Startpunkt" })).toHaveAttribute("placeholder", "Adresse, Ort oder Breite, Länge");
    expect(within(form).getByRole("button", { name: "Ziel hinzufügen" })).toBeInTheDocument();
    expect(within(form).getByRole("radio", { name: "Rundtour (zurück zum Start)" })).toBeInTheDocument();
    expect(within(form).getByRole("button", { name: "Optimieren" })).toBeInTheDocument();
  });

  it("words dropped stops with plurals and reasons (French has its own plural forms)", async () => {
    const unassigned = [
      { inputIndex: 0, label: "Eschen", reason: "time_window", lat: 47.2, lng: 9.5 },
      { inputIndex: 1, label: "Balzers", reason: "something-new", lat: 47.1, lng: 9.5 },
    ] as unknown as RouteDetail["unassigned"];
    render(<DroppedStops unassigned={unassigned} onReplanWithout={() => undefined} pending={false} />);
    expect(screen.getByText("2 stops could not be included — shown on the map with ×")).toBeInTheDocument();
    await act(() => i18n.changeLanguage("de"));
    expect(screen.getByText("2 Stopps konnten nicht eingeplant werden – auf der Karte mit × markiert")).toBeInTheDocument();
    expect(screen.getByRole("region", { name: "Nicht eingeplante Stopps" })).toHaveTextContent("Eschen: Sein Zeitfenster ist nicht einzuhalten.");
    expect(screen.getByRole("region", { name: "Nicht eingeplante Stopps" })).toHaveTextContent("Balzers: Er konnte nicht eingeplant werden.");
    await act(() => i18n.changeLanguage("fr"));
    expect(screen.getByText("2 arrêts n’ont pas pu être inclus — signalés sur la carte par ×")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Replanifier sans eux" })).toBeInTheDocument();
  });
});
