import { afterEach, describe, expect, it } from "vitest";
import { act, screen } from "@testing-library/react";
import type { LiveRoute } from "@routepilot/contracts";
import { i18n } from "@/lib/i18n";
import { renderWithQuery } from "@/test/utils";
import { RouteCard } from "@/features/live-ops/components/route-card";
import { StopsTable } from "@/features/live-ops/components/stops-table";

afterEach(async () => {
  await act(() => i18n.changeLanguage("en"));
});

const route: LiveRoute = {
  id: "r1",
  name: "Transporter 1",
  planId: "p1",
  driver: { userId: "d1", name: "Dana" },
  vehicle: { id: "v1", name: "Transporter 1" },
  status: "in_progress",
  done: 1,
  total: 2,
  delayMinutes: 20,
  distanceMeters: 69_500,
  actualDistanceMeters: null,
  startedAt: "2026-11-23T08:00:00.000Z",
  completedAt: null,
  geometry: null,
  reloads: [],
  stops: [
    { id: "s1", sequence: 0, label: "Bäckerei", lat: 47.14, lng: 9.52, status: "failed", plannedArrival: "2026-11-23T09:00:00.000Z", arrivedAt: null, completedAt: "2026-11-23T09:05:00.000Z", failureReason: "not_home", proof: [], trackingUrl: null },
    { id: "s2", sequence: 1, label: "Metzgerei", lat: 47.15, lng: 9.52, status: "pending", plannedArrival: "2026-11-23T10:00:00.000Z", arrivedAt: null, completedAt: null, failureReason: null, proof: [], trackingUrl: null },
  ],
};

describe("live operations in the dispatcher's language (decision 028)", () => {
  it("shows a route card and the stops table in German", async () => {
    await act(() => i18n.changeLanguage("de"));
    renderWithQuery(
      <ul>
        <RouteCard teamId="t1" route={route} colour="#2563eb" position={undefined} targets={[]} />
      </ul>,
    );
    expect(screen.getByText("Unterwegs")).toBeInTheDocument();
    expect(screen.getByText("Verspätet")).toBeInTheDocument();
    expect(screen.getByTestId("delay")).toHaveTextContent("20 min hinter dem Plan");
    expect(screen.getByTestId("last-position")).toHaveTextContent("Noch keine");
    expect(screen.getByRole("button", { name: "Restliche Stopps neu anordnen" })).toBeInTheDocument();
    expect(screen.getByText("Nicht zugestellt — Nicht angetroffen")).toBeInTheDocument();

    renderWithQuery(<StopsTable routes={[route]} />);
    expect(screen.getByRole("table", { name: "Alle Stopps des Tages" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: "Abgeschlossen" })).toBeInTheDocument();
  });
});
