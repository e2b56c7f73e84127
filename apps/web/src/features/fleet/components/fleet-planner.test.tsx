import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { PlanDetail, Vehicle } from "@routepilot/contracts";
import { MemoryRouter, useLocation } from "react-router";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { FleetPlanner } from "@/features/fleet/components/fleet-planner";

const vehicle = (id: string, name: string, skills: string[] = []): Vehicle => ({
  id,
  teamId: "t1",
  name,
  profile: "van",
  capacity: [10],
  skills,
  shift: { start: "08:00", end: "17:00" },
  start: { lat: 47.14, lng: 9.52 },
  end: { lat: 47.14, lng: 9.52 },
  breaks: [],
  fixedCostPence: 0,
  costPerHourPence: 0,
  createdAt: "2026-11-01T00:00:00.000Z",
  updatedAt: "2026-11-01T00:00:00.000Z",
});

const basePlan: PlanDetail = {
  id: "p1",
  teamId: "t1",
  date: "2026-11-24",
  objective: "balance",
  status: "queued",
  progress: 0,
  routes: [],
  unassigned: [],
  totals: null,
  error: null,
  createdAt: "2026-11-23T05:00:00.000Z",
  name: null,
  parentPlanId: null,
  version: 1,
  vehicleIds: ["v1"],
  locks: [],
  violations: [],
  dispatchedAt: null,
  dispatched: [],
};
const stop = { orderId: "line-1", kind: "delivery" as const, label: "Post office", lat: 47.14, lng: 9.52, arrival: "2026-11-24T09:00:00", departure: "2026-11-24T09:05:00", waitingSeconds: 0, demand: [1], load: [1] };
const donePlan: PlanDetail = {
  ...basePlan,
  status: "done",
  progress: 1,
  routes: [{ vehicleId: "v1", driverId: null, stops: [stop], breaks: [], start: "2026-11-24T08:00:00", end: "2026-11-24T09:30:00", distanceMeters: 5000, durationSeconds: 5400, drivingSeconds: 1200, serviceSeconds: 300, waitingSeconds: 0, load: [1], costPence: 0 }],
  unassigned: [{ orderId: "line-2", label: "Freezer shop", reason: "skills", explanation: 'Needs skill "freezer": no chosen vehicle has it.' }],
  totals: { orders: 2, assigned: 1, unassigned: 1, vehiclesUsed: 1, distanceMeters: 5000, durationSeconds: 5400, waitingSeconds: 0, latenessSeconds: 0, costPence: 0, durationSpreadSeconds: 0 },
};

afterEach(() => vi.unstubAllGlobals());

let location = "";
function Where() {
  location = useLocation().search;
  return null;
}
const inRouter = (ui: React.ReactNode, at = "/fleet/route-optimization?team=t1") => (
  <MemoryRouter initialEntries={[at]}>
    {ui}
    <Where />
  </MemoryRouter>
);

describe("FleetPlanner", () => {
  it("sends the day, chosen vehicles, objective and orders, shows progress, then the result", async () => {
    const posted: unknown[] = [];
    let polls = 0;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (init?.method === "POST") {
          posted.push(JSON.parse(String(init.body)));
          return jsonResponse({ id: "p1" }, 202);
        }
        if (String(url).includes("/plans?date=")) return jsonResponse({ plans: [] });
        polls += 1;
        return jsonResponse(polls === 1 ? { ...basePlan, status: "solving", progress: 0.4 } : donePlan);
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(inRouter(<FleetPlanner teamId="t1" vehicles={[vehicle("v1", "Van 1"), vehicle("v2", "Van 2", ["fridge"])]} dimensions={["kg"]} drivers={[]} />));
    await user.click(screen.getByRole("checkbox", { name: /Van 2/ }));
    await user.click(screen.getByRole("radio", { name: /Balanced workload/ }));
    await user.click(screen.getByLabelText(/One a line/));
    await user.paste("47.14, 9.52, Post office\n47.15, 9.53, Freezer shop");
    await user.click(screen.getByRole("button", { name: "Add pasted orders" }));
    await user.click(screen.getByRole("button", { name: "Plan 2 orders" }));

    expect(await screen.findByText("Planning… 40%")).toBeInTheDocument();
    expect(screen.getByRole("progressbar", { name: "Planning progress" })).toBeInTheDocument();
    expect(posted[0]).toMatchObject({ vehicleIds: ["v1"], objective: "balance", orders: [{ label: "Post office", lat: 47.14 }, { label: "Freezer shop" }] });
    await waitFor(() => expect(screen.getByText(/Needs skill "freezer"/)).toBeInTheDocument(), { timeout: 3000 });
    expect(screen.getByRole("listitem", { name: "Route of Van 1" })).toHaveTextContent("1. 09:00 Post office");
    // The plan is in the address: a reload opens it again.
    expect(new URLSearchParams(location).get("plan")).toBe("p1");
    // …on the plan's own day.
    expect(new URLSearchParams(location).get("date")).toBe(donePlan.date);
  }, 15_000);

  it("opens the plan in the address, and lists the day's plans to open another", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const u = new URL(url, "http://localhost");
        if (u.pathname.endsWith("/plans"))
          return jsonResponse({ plans: [{ id: "p9", date: u.searchParams.get("date"), name: "Evening run", objective: "min_time", status: "done", progress: 1, orderCount: 12, vehicleIds: ["v1"], totals: null, parentPlanId: null, version: 1, dispatchedAt: null, createdAt: "2026-11-23T05:00:00.000Z" }] });
        return jsonResponse(u.pathname.endsWith("/p1") ? donePlan : { ...donePlan, id: "p9", name: "Evening run" });
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(inRouter(<FleetPlanner teamId="t1" vehicles={[vehicle("v1", "Van 1")]} dimensions={[]} drivers={[]} />, "/fleet/route-optimization?plan=p1"));
    expect(await screen.findByRole("listitem", { name: "Route of Van 1" })).toHaveTextContent("Post office");
    const day = await screen.findByRole("region", { name: /Plans already made for/ });
    await user.click(within(day).getByRole("button", { name: /Open Evening run · 12 orders · planned/ }));
    await waitFor(() => expect(location).toBe("?plan=p9"));
  });

  it("shows the server's field messages when the plan is refused", async () => {
    vi.stubGlobal("fetch", vi.fn(async () => jsonResponse({ error: { code: "VALIDATION", message: "Check the orders", fields: { "orders.0.skills": 'No vehicle has the skill "freezer"' } } }, 400)));
    const user = userEvent.setup();
    renderWithQuery(inRouter(<FleetPlanner teamId="t1" vehicles={[vehicle("v1", "Van 1")]} dimensions={[]} drivers={[]} />));
    await user.click(screen.getByLabelText(/One a line/));
    await user.paste("47.14, 9.52, Post office");
    await user.click(screen.getByRole("button", { name: "Add pasted orders" }));
    await user.click(screen.getByRole("button", { name: "Plan 1 orders" }));
    expect(await screen.findByText('Post office (Line 1), skills: No vehicle has the skill "freezer"')).toBeInTheDocument();
  });
});
