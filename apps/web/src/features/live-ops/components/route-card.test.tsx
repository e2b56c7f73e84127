import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { DistanceUnit, LiveRoute } from "@routepilot/contracts";
import { DistanceUnitProvider } from "@/lib/format-distance";
import { renderWithQuery } from "@/test/utils";
import { RouteCard } from "@/features/live-ops/components/route-card";

const route: LiveRoute = {
  id: "r1",
  name: "Van 1",
  planId: "p1",
  driver: { userId: "d1", name: "Dana" },
  vehicle: { id: "v1", name: "Van 1" },
  status: "in_progress",
  done: 1,
  total: 1,
  delayMinutes: 0,
  distanceMeters: 69_500,
  actualDistanceMeters: 4_100,
  startedAt: "2026-11-23T08:00:00.000Z",
  completedAt: null,
  geometry: null,
  reloads: [],
  stops: [
    {
      id: "s1",
      sequence: 0,
      label: "Bakery",
      lat: 47.14,
      lng: 9.52,
      status: "done",
      plannedArrival: "2026-11-23T09:00:00.000Z",
      arrivedAt: "2026-11-23T09:02:00.000Z",
      completedAt: "2026-11-23T09:05:00.000Z",
      failureReason: null,
      proof: [],
      trackingUrl: null,
      plannedLegDistanceMeters: 1200,
      actualLegDistanceMeters: 1450,
    },
  ],
};

function renderCard(unit: DistanceUnit) {
  return renderWithQuery(
    <DistanceUnitProvider unit={unit}>
      <RouteCard teamId="t1" route={route} colour="#2563eb" position={undefined} targets={[]} />
    </DistanceUnitProvider>,
  );
}

describe("RouteCard distances", () => {
  it("shows the planned and driven distances in miles for a manager who chose miles", () => {
    renderCard("miles");
    const card = screen.getByRole("listitem", { name: "Van 1" });
    expect(card).toHaveTextContent("43.2 mi planned · 2.5 mi driven");
    expect(card).toHaveTextContent("leg 0.7 mi planned · 0.9 mi driven");
    expect(card).not.toHaveTextContent(/\bkm\b/);
  });

  it("shows them in kilometres for one who chose km", () => {
    renderCard("km");
    const card = screen.getByRole("listitem", { name: "Van 1" });
    expect(card).toHaveTextContent("69.5 km planned · 4.1 km driven");
    expect(card).toHaveTextContent("leg 1.2 km planned · 1.5 km driven");
  });
});

describe("RouteCard reloads (issue 26)", () => {
  it("lists a reload at the depot between two stops as its own row, not as a numbered stop", () => {
    const second = { ...route.stops[0]!, id: "s2", sequence: 2, label: "Garage", status: "pending" as const, arrivedAt: null, completedAt: null, plannedArrival: "2026-11-23T10:00:00.000Z" };
    const multi: LiveRoute = { ...route, total: 2, stops: [{ ...route.stops[0]!, sequence: 1 }, second], reloads: [{ afterSequence: 1, plannedArrival: "2026-11-23T09:20:00.000Z", plannedDeparture: "2026-11-23T09:35:00.000Z" }] };
    const { container } = renderWithQuery(<RouteCard teamId="t1" route={multi} colour="#2563eb" position={undefined} targets={[]} />);
    const stops = screen.getByRole("list", { name: "Stops of Van 1" });
    const rows = [...stops.children];
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveAttribute("data-reload");
    expect(rows[1]).toHaveTextContent("Reload at the depot");
    expect(rows[0]).toHaveTextContent("Bakery");
    expect(rows[2]).toHaveTextContent("Garage");
    expect(container.querySelectorAll("[data-reload]")).toHaveLength(1);
  });
});
