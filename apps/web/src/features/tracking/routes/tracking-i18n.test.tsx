import { afterEach, describe, expect, it, vi } from "vitest";
import { act, screen, within } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import type { Tracking } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { TrackingPage } from "@/features/tracking/routes/tracking-page";

vi.mock("@/features/tracking/components/tracking-map", () => ({ TrackingMap: () => <div data-testid="tracking-map" /> }));

const tracking: Tracking = {
  status: "failed",
  teamName: "Fleet & Co",
  label: "Ann's bakery",
  window: null,
  driverFirstName: "Dora",
  driverPosition: null,
  destination: { lat: 47.14, lng: 9.52 },
  completedAt: "2030-01-07T10:20:00.000Z",
  failureReason: "not_home",
  proofPhotoUrl: null,
  expiresAt: "2030-01-14T10:00:00.000Z",
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage("en"));
});

describe("the tracking page in the visitor's language (decision 028)", () => {
  it("tells a French customer what happened to their delivery", async () => {
    await act(() => i18n.changeLanguage("fr"));
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse(tracking)));
    renderWithQuery(
      <MemoryRouter initialEntries={["/track/AbCdEfGhIjKlMnOpQrStUv"]}>
        <Routes>
          <Route path="/track/:token" element={<TrackingPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(await screen.findByText("Nous n'avons pas pu livrer aujourd'hui : personne n'était présent.")).toHaveAttribute("role", "status");
    expect(screen.getByRole("heading", { name: "Suivre votre livraison" })).toBeInTheDocument();
    const steps = within(screen.getByRole("list", { name: "Avancement de la livraison" })).getAllByRole("listitem");
    expect(steps.at(-1)).toHaveTextContent("Non livrée (en cours)");
    expect(screen.getByText(/^Tentative de livraison le /)).toBeInTheDocument();
  });
});
