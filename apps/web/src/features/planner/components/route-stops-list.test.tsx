import { describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import type { RouteDetail } from "@routepilot/contracts";
import { DistanceUnitProvider } from "@/lib/format-distance";
import { RouteStopsList } from "@/features/planner/components/route-stops-list";
import { toStopDraft } from "@/features/planner/components/import-dialog";
import { validateDraft, emptyDraft } from "@/features/planner/lib/planner-form";

const stop = (id: string, sequence: number, label: string, address: string | null) => ({
  id,
  sequence,
  inputIndex: sequence - 1,
  label,
  address,
  note: null,
  lat: 47.1 + sequence / 100,
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

const route = {
  roundTrip: true,
  end: null,
  departureTime: "09:00",
  start: { label: "Vaduz", address: "Vaduz", lat: 47.14, lng: 9.52 },
  stops: [stop("a", 1, "Bäckerei Wanger", "Landstrasse 12, 9494 Schaan"), stop("b", 2, "Eschen", "Eschen")],
  endArrivalSeconds: 1800,
  endLegDistanceMeters: 3000,
  endLegDurationSeconds: 600,
} as unknown as RouteDetail;

describe("RouteStopsList", () => {
  it("shows a dispatched fleet route's reload at the depot between two stops (issue 26), not numbered, and none once the order is changed", () => {
    const reloading = { ...route, reloads: [{ afterSequence: 1, arrivalSeconds: 900, departureSeconds: 1500 }] } as RouteDetail;
    const { rerender } = render(<RouteStopsList route={reloading} order={["a", "b"]} pinned={new Set()} selected={null} onSelect={vi.fn()} onMove={vi.fn()} onTogglePin={vi.fn()} readOnly />);
    const rows = [...screen.getByRole("list", { name: "Stops in route order" }).children];
    expect(rows.map((r) => r.hasAttribute("data-reload"))).toEqual([false, false, true, false, false]);
    expect(rows[2]).toHaveTextContent("Reload at the depot · 09:15–09:25 · Vaduz");
    expect(screen.getAllByTestId("route-stop")).toHaveLength(2);
    rerender(<RouteStopsList route={reloading} order={["b", "a"]} pinned={new Set()} selected={null} onSelect={vi.fn()} onMove={vi.fn()} onTogglePin={vi.fn()} readOnly />);
    expect(document.querySelector("[data-reload]")).toBeNull();
  });

  it("shows an imported stop's name and, under it, its address (once when they are the same)", () => {
    render(<RouteStopsList route={route} order={["a", "b"]} pinned={new Set()} selected={null} onSelect={vi.fn()} onMove={vi.fn()} onTogglePin={vi.fn()} />);
    expect(screen.getByText("Bäckerei Wanger")).toBeInTheDocument();
    expect(screen.getByText("Landstrasse 12, 9494 Schaan")).toBeInTheDocument();
    expect(screen.getAllByText("Eschen")).toHaveLength(1);
  });

  it("wraps long names instead of cutting them", () => {
    render(<RouteStopsList route={route} order={["a", "b"]} pinned={new Set()} selected={null} onSelect={vi.fn()} onMove={vi.fn()} onTogglePin={vi.fn()} />);
    expect(screen.getByText("Bäckerei Wanger")).not.toHaveClass("truncate");
    expect(screen.getByText("Bäckerei Wanger")).toHaveClass("break-words");
  });

  it("shows each leg in the user's unit", () => {
    const list = (unit: "km" | "miles") => (
      <DistanceUnitProvider unit={unit}>
        <RouteStopsList route={route} order={["a", "b"]} pinned={new Set()} selected={null} onSelect={vi.fn()} onMove={vi.fn()} onTogglePin={vi.fn()} />
      </DistanceUnitProvider>
    );
    const { rerender } = render(list("miles"));
    // Two stops and the way back to the start.
    expect(screen.getAllByText(/· 1\.9 mi ·/)).toHaveLength(3);
    rerender(list("km"));
    expect(screen.getAllByText(/· 3 km ·/)).toHaveLength(3);
  });
});

describe("an imported row", () => {
  it("sends its address as the place and its name as the label, so the stored stop has both", () => {
    const draft = { ...emptyDraft(), start: { text: "Vaduz", lat: 47.14, lng: 9.52 }, stops: [toStopDraft({ line: 2, text: "Landstrasse 12, 9494 Schaan", address: "Landstrasse 12, 9494 Schaan", label: "Bäckerei Wanger", lat: 47.16, lng: 9.5 })] };
    const { request } = validateDraft(draft);
    expect(request?.stops[0]).toMatchObject({ address: "Landstrasse 12, 9494 Schaan", label: "Bäckerei Wanger", lat: 47.16, lng: 9.5 });
  });
});
