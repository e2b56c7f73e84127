import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import type { Plan } from "@routepilot/contracts";
import { PlanResult } from "@/features/fleet/components/plan-result";

const stop = (orderId: string, label: string, lat: number, arrival: string, departure: string, waitingSeconds = 0) => ({
  orderId,
  kind: "delivery" as const,
  label,
  lat,
  lng: 9.52,
  arrival: `2026-11-24T${arrival}:00.000Z`,
  departure: `2026-11-24T${departure}:00.000Z`,
  waitingSeconds,
  demand: [1],
  load: [1],
});
const route = (vehicleId: string, stops: ReturnType<typeof stop>[]) => ({
  vehicleId,
  driverId: null,
  stops,
  breaks: vehicleId === "v1" ? [{ start: "2026-11-24T12:00:00.000Z", end: "2026-11-24T12:30:00.000Z" }] : [],
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
    expect(screen.getByText("1 order could not be planned")).toBeInTheDocument();
    expect(screen.getByText(/Needs skill "freezer": no chosen vehicle has it\./)).toBeInTheDocument();
  });
});
