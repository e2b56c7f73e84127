import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { Plan } from "@routepilot/contracts";
import polyline from "@mapbox/polyline";
import { FormatProvider } from "@/lib/format";
import { DistanceUnitProvider } from "@/lib/format-distance";
import { PlanResult } from "@/features/fleet/components/plan-result";

type Stop = Plan["routes"][number]["stops"][number];
const stop = (orderId: string, label: string, lat: number, arrival: string, departure: string, waitingSeconds = 0): Stop => ({
  orderId,
  kind: "delivery",
  label,
  lat,
  lng: 9.52,
  arrival: `2026-11-24T${arrival}:00.000Z`,
  departure: `2026-11-24T${departure}:00.000Z`,
  waitingSeconds,
  demand: [1],
  load: [1],
});
const route = (vehicleId: string, stops: Stop[]) => ({
  vehicleId,
  driverId: null,
  stops,
  breaks: vehicleId === "v1" ? [{ start: "2026-11-24T12:00:00.000Z", end: "2026-11-24T12:30:00.000Z" }] : [],
  reloads: [] as Plan["routes"][number]["reloads"],
  start: "2026-11-24T08:00:00.000Z",
  end: "2026-11-24T13:00:00.000Z",
  distanceMeters: 12_300,
  durationSeconds: 5 * 3600,
  drivingSeconds: 3600,
  serviceSeconds: 600,
  waitingSeconds: 300,
  load: [2],
  costPence: 1500,
});

const donePlan: Plan = {
  id: "p1",
  teamId: "t1",
  date: "2026-11-24",
  objective: "min_time",
  status: "done",
  progress: 1,
  routes: [
    route("v1", [stop("o1", "Bakery", 47.14, "09:00", "09:05", 300), stop("o2", "Post office", 47.15, "10:00", "10:05")]),
    route("v2", [stop("o3", "Garage", 47.2, "09:30", "09:40")]),
    route("v3", []),
  ],
  unassigned: [{ orderId: "o4", label: "Ice cream", reason: "skills", explanation: 'Needs skill "freezer": no chosen vehicle has it.' }],
  totals: { orders: 4, assigned: 3, unassigned: 1, vehiclesUsed: 2, distanceMeters: 24_600, durationSeconds: 36_000, waitingSeconds: 300, latenessSeconds: 0, costPence: 3000, durationSpreadSeconds: 0 },
  error: null,
  createdAt: "2026-11-23T05:00:00.000Z",
};

describe("PlanResult", () => {
  it("writes the plan's times as the team's time of day in the reader's language, whatever the reader's time zone", () => {
    render(
      <FormatProvider language="de" timeZone="Pacific/Auckland" unit="km">
        <PlanResult plan={donePlan} vehicleNames={{ v1: "Van 1", v2: "Van 2", v3: "Van 3" }} />
      </FormatProvider>,
    );
    const van1 = screen.getByRole("listitem", { name: "Route of Van 1" });
    expect(van1).toHaveTextContent("1. 09:00 Bakery");
    expect(van1).toHaveTextContent("12,3 km · 5 h");
    expect(within(screen.getByLabelText("Plan totals")).getByText("24,6 km")).toBeInTheDocument();
    expect(within(screen.getByLabelText("Plan totals")).getByText("30,00 £")).toBeInTheDocument();
    expect(screen.getByTestId("hour-scale")).toHaveTextContent("08:0009:0010:0011:0012:0013:00");
  });

  it("shows totals, one colour per used vehicle with numbered stops, timelines and the unassigned order's reason", () => {
    const { container } = render(<PlanResult plan={donePlan} vehicleNames={{ v1: "Van 1", v2: "Van 2", v3: "Van 3" }} />);
    const totals = screen.getByRole("list", { name: "Routes" });
    expect(within(screen.getByLabelText("Plan totals")).getByText("3 of 4")).toBeInTheDocument();
    expect(within(screen.getByLabelText("Plan totals")).getByText("24.6 km")).toBeInTheDocument();
    const van1 = within(totals).getByRole("listitem", { name: "Route of Van 1" });
    expect(van1).toHaveTextContent("1. 09:00 Bakery");
    expect(van1).toHaveTextContent("2. 10:00 Post office");
    expect(within(van1).getByRole("img", { name: /^Timeline 08:00–13:00: driving .*1 breaks$/ })).toBeInTheDocument();
    expect(van1.querySelector('[data-segment="break"]')).not.toBeNull();
    expect(van1.querySelector('[data-segment="waiting"]')).not.toBeNull();
    expect(screen.queryByRole("listitem", { name: "Route of Van 3" })).toBeNull();
    const colours = [...container.querySelectorAll("[data-route-colour]")].map((el) => el.getAttribute("data-route-colour"));
    expect(new Set(colours).size).toBe(2);
    // Map: numbered markers in each route's colour.
    const markers = [...container.querySelectorAll('[data-marker="fleet-stop"]')];
    expect(markers.map((m) => m.textContent)).toEqual(["1", "2", "1"]);
    // An hour scale over the timelines: the day runs 08:00–13:00.
    expect(screen.getByTestId("hour-scale")).toHaveTextContent("08:0009:0010:0011:0012:0013:00");
    expect(screen.getByText("1 order could not be planned")).toBeInTheDocument();
    expect(screen.getByText(/Needs skill "freezer": no chosen vehicle has it\./)).toBeInTheDocument();
  });

  it("shows a pickup→delivery pair as 'Pick up for <order>' with a P marker, depots as diamonds, and says the lines are straight", () => {
    const pickup = { ...stop("o1", "Mill", 47.2, "08:30", "08:35"), kind: "pickup" as const };
    const plan: Plan = { ...donePlan, routes: [route("v1", [pickup, stop("o1", "Bakery", 47.14, "09:00", "09:05"), stop("o2", "Post office", 47.15, "10:00", "10:05")])], unassigned: [] };
    const depots = { v1: { start: { lat: 47.1, lng: 9.5 }, end: { lat: 47.1, lng: 9.5 } } };
    const { container } = render(<PlanResult plan={plan} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    const van1 = screen.getByRole("listitem", { name: "Route of Van 1" });
    expect(van1).toHaveTextContent("1. 08:30 PPick up for Bakery at Mill");
    expect(within(van1).getByTitle("Pickup")).toHaveTextContent("P");
    expect(van1).toHaveTextContent("2. 09:00 Bakery");
    expect(within(van1).getByRole("img", { name: /1 pickups$/ })).toBeInTheDocument();
    expect(van1.querySelector("[data-pickup]")?.getAttribute("title")).toBe("Stop 1 Pick up for Bakery at Mill: 08:30–08:35");
    const markers = [...container.querySelectorAll('[data-marker="fleet-stop"]')];
    expect(markers.map((m) => `${m.getAttribute("data-kind")} ${m.textContent}`)).toEqual(["pickup P1", "delivery 2", "delivery 3"]);
    // One depot marker: the van starts and ends at the same place.
    expect([...container.querySelectorAll('[data-marker="fleet-depot"]')].map((m) => m.textContent)).toEqual(["D"]);
    expect(screen.getByTestId("plan-map-legend")).toHaveTextContent("Dashed lines are straight between stops, not the roads driven.");
    expect(screen.getByTestId("plan-map-legend")).toHaveTextContent("squares marked P are pickups");
  });

  it("shows a reload at the depot (issue 26) as a row of its own with its times, not as a numbered order", () => {
    const stops = [stop("o1", "Bakery", 47.14, "09:00", "09:05"), stop("o2", "Post office", 47.15, "10:00", "10:05"), stop("o3", "Garage", 47.2, "11:00", "11:10")];
    const reloads = [{ afterStops: 2, arrival: "2026-11-24T10:20:00.000Z", departure: "2026-11-24T10:35:00.000Z", waitingSeconds: 0, load: [1] }];
    const plan: Plan = { ...donePlan, routes: [{ ...route("v1", stops), reloads }], unassigned: [], totals: { ...donePlan.totals!, orders: 3, assigned: 3, unassigned: 0 } };
    const depots = { v1: { start: { lat: 47.1, lng: 9.5 }, end: { lat: 47.1, lng: 9.5 } } };
    const { container } = render(<PlanResult plan={plan} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    const van1 = screen.getByRole("listitem", { name: "Route of Van 1" });
    const rows = within(van1).getAllByRole("listitem");
    expect(rows.map((r) => r.textContent)).toEqual(["1. 09:00 Bakery", "2. 10:00 Post office", "10:20–10:35 Reload at the depot (loads 1)", "3. 11:00 Garage"]);
    expect(rows[2]).toHaveAttribute("data-reload");
    expect(rows[2]).not.toHaveAttribute("draggable");
    expect(van1).toHaveTextContent("3 stops in 2 trips ·");
    expect(within(van1).getByRole("img", { name: /1 reload at the depot$/ })).toBeInTheDocument();
    expect(van1.querySelector('[data-segment="reload"]')?.getAttribute("title")).toBe("Reload at the depot 10:20–10:35");
    // The map numbers orders only; the straight line goes back through the depot.
    expect([...container.querySelectorAll('[data-marker="fleet-stop"]')].map((m) => m.textContent)).toEqual(["1", "2", "3"]);
    expect(within(screen.getByLabelText("Plan totals")).getByText("3 of 3")).toBeInTheDocument();
  });

  it("draws the server's road geometry when it follows roads, and separate start and end depots", () => {
    const road = polyline.encode([[47.1, 9.5], [47.12, 9.51], [47.14, 9.52], [47.145, 9.52], [47.15, 9.52], [47.16, 9.5]]);
    const plan: Plan = { ...donePlan, routes: [Object.assign(route("v1", [stop("o1", "Bakery", 47.14, "09:00", "09:05"), stop("o2", "Post office", 47.15, "10:00", "10:05")]), { geometry: road })], unassigned: [] };
    const depots = { v1: { start: { lat: 47.1, lng: 9.5 }, end: { lat: 47.16, lng: 9.5, address: "Depot Nord" } } };
    const { container } = render(<PlanResult plan={plan} vehicleNames={{ v1: "Van 1" }} depots={depots} />);
    expect([...container.querySelectorAll('[data-marker="fleet-depot"]')].map((m) => m.textContent)).toEqual(["S", "E"]);
    expect(screen.getByTestId("plan-map-legend")).toHaveTextContent("Lines follow the roads driven.");
  });

  it("shows the plan's distances in the user's unit: miles for a user who chose miles, kilometres for one who chose km", () => {
    const names = { v1: "Van 1", v2: "Van 2", v3: "Van 3" };
    const { unmount } = render(
      <DistanceUnitProvider unit="miles">
        <PlanResult plan={donePlan} vehicleNames={names} />
      </DistanceUnitProvider>,
    );
    expect(within(screen.getByLabelText("Plan totals")).getByText("15.3 mi")).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Route of Van 1" })).toHaveTextContent("2 stops · 7.6 mi ·");
    expect(screen.queryByText(/\bkm\b/)).toBeNull();
    unmount();
    render(
      <DistanceUnitProvider unit="km">
        <PlanResult plan={donePlan} vehicleNames={names} />
      </DistanceUnitProvider>,
    );
    expect(within(screen.getByLabelText("Plan totals")).getByText("24.6 km")).toBeInTheDocument();
    expect(screen.getByRole("listitem", { name: "Route of Van 1" })).toHaveTextContent("2 stops · 12.3 km ·");
  });
});
