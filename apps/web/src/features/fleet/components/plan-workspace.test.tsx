import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Driver, PlanDetail, Vehicle } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PlanWorkspace } from "@/features/fleet/components/plan-workspace";

const vehicles = [{ id: "v1", name: "Van 1" }, { id: "v2", name: "Van 2" }] as Vehicle[];
const drivers = [{ userId: "d1", name: "Dana", email: "d@example.com", defaultVehicleId: "v1", skills: [], workingDays: [] }, { userId: "d2", name: "Eli", email: "e@example.com", defaultVehicleId: null, skills: [], workingDays: [] }] as Driver[];
const stop = (orderId: string, label: string, at: string) => ({ orderId, kind: "delivery" as const, label, lat: 47.14, lng: 9.52, arrival: `2026-11-24T${at}:00`, departure: `2026-11-24T${at}:00`, waitingSeconds: 0, demand: [1], load: [1] });
const route = (vehicleId: string, stops: ReturnType<typeof stop>[]) => ({ vehicleId, driverId: null, stops, breaks: [], start: "2026-11-24T08:00:00", end: "2026-11-24T12:00:00", distanceMeters: 1000, durationSeconds: 3600, drivingSeconds: 1800, serviceSeconds: 600, waitingSeconds: 0, load: [1], costPence: 100 });
const totals = { orders: 3, assigned: 3, unassigned: 0, vehiclesUsed: 2, distanceMeters: 2000, durationSeconds: 7200, waitingSeconds: 0, latenessSeconds: 0, costPence: 200, durationSpreadSeconds: 0 };
const plan = (over: Partial<PlanDetail> = {}): PlanDetail => ({
  id: "p1",
  teamId: "t1",
  date: "2026-11-24",
  objective: "min_time",
  status: "done",
  progress: 1,
  routes: [route("v1", [stop("a", "Bakery", "09:00"), stop("b", "Post", "10:00")]), route("v2", [stop("c", "Garage", "09:30")])],
  unassigned: [],
  totals,
  error: null,
  createdAt: "x",
  name: null,
  parentPlanId: null,
  version: 1,
  vehicleIds: ["v1", "v2"],
  locks: [],
  violations: [],
  dispatchedAt: null,
  ...over,
});

const summary = { date: "2026-11-24", status: "done", progress: 1, vehicleIds: ["v1", "v2"], parentPlanId: null, version: 1, dispatchedAt: null, createdAt: "x" };

afterEach(() => vi.unstubAllGlobals());

describe("PlanWorkspace", () => {
  it("moves a stop (violations shown in red), locks, makes a variant, compares and dispatches", async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    let current = plan();
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const u = new URL(url, "http://localhost");
        const method = init?.method ?? "GET";
        const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
        calls.push({ method, path: u.pathname, body });
        if (u.pathname.endsWith("/moves")) {
          current = plan({ routes: [route("v1", [stop("a", "Bakery", "09:00")]), route("v2", [stop("c", "Garage", "09:30"), stop("b", "Post", "10:30")])], violations: [{ vehicleId: "v2", orderId: "b", kind: "time_window", message: "Post arrives at 10:30, after its window ends at 10:00" }] });
          return jsonResponse(current);
        }
        if (u.pathname.endsWith("/locks")) {
          current = { ...current, locks: (body as { locks: PlanDetail["locks"] }).locks };
          return jsonResponse(current);
        }
        if (u.pathname.endsWith("/variants")) return jsonResponse({ id: "p2" }, 202);
        if (u.pathname.endsWith("/compare"))
          return jsonResponse({
            plans: [
              { ...summary, id: "p1", name: null, objective: "min_time", totals, violations: 1 },
              { ...summary, id: "p2", name: "Balanced", objective: "balance", totals: { ...totals, distanceMeters: 2500 }, parentPlanId: "p1", violations: 0 },
            ],
          });
        if (u.pathname.endsWith("/dispatch")) return jsonResponse({ routes: [{ routeId: "r1", vehicleId: "v1", driverUserId: "d1" }] });
        return jsonResponse(current);
      }),
    );
    const user = userEvent.setup();
    const onVariant = vi.fn();
    const onPick = vi.fn();
    const { rerender } = renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} planIds={["p1"]} onVariant={onVariant} onPick={onPick} />);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Move Post to" }), "v2");
    expect(await screen.findByText("Post arrives at 10:30, after its window ends at 10:00")).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/moves"))?.body).toEqual({ orderId: "b", toVehicleId: "v2", position: 10_000 });
    const van2 = screen.getByRole("listitem", { name: "Route of Van 2" });
    expect(within(van2).getByText(/breaks a constraint/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Dispatch 2 routes" })).toBeDisabled();

    await user.click(within(screen.getByRole("listitem", { name: "Route of Van 1" })).getByRole("checkbox", { name: "Lock Bakery" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Re-plan keeping 1 locked stop" })).toBeInTheDocument());
    expect(calls.find((c) => c.path.endsWith("/locks"))?.body).toEqual({ locks: [{ orderId: "a", vehicleId: "v1", position: 0 }] });

    await user.clear(screen.getByLabelText("Variant name"));
    await user.type(screen.getByLabelText("Variant name"), "Balanced");
    await user.click(screen.getByRole("button", { name: "Make a variant" }));
    await waitFor(() => expect(onVariant).toHaveBeenCalledWith("p2"));
    expect(calls.find((c) => c.path.endsWith("/variants"))?.body).toEqual({ name: "Balanced", objective: "balance" });

    rerender(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} planIds={["p1", "p2"]} onVariant={onVariant} onPick={onPick} />);
    const table = await screen.findByRole("table", { name: "Plans compared" });
    expect(within(table).getByText("2.5 km")).toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Use Balanced" }));
    expect(onPick).toHaveBeenCalledWith("p2");
  });

  it("dispatches with each vehicle's default driver unless another is chosen", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith("/dispatch")) {
          posted.push(JSON.parse(String(init?.body)));
          return jsonResponse({ routes: [] });
        }
        return jsonResponse(posted.length ? plan({ dispatchedAt: "2026-11-23T06:00:00.000Z" }) : plan());
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} planIds={["p1"]} onVariant={vi.fn()} onPick={vi.fn()} />);
    expect(await screen.findByRole("combobox", { name: "Driver of Van 1" })).toHaveValue("d1");
    await user.selectOptions(screen.getByRole("combobox", { name: "Driver of Van 2" }), "d2");
    await user.click(screen.getByRole("button", { name: "Dispatch 2 routes" }));
    expect(await screen.findByText(/Dispatched: each driver has their route/)).toBeInTheDocument();
    expect(posted[0]).toEqual({ assignments: [{ vehicleId: "v1", driverUserId: "d1" }, { vehicleId: "v2", driverUserId: "d2" }] });
  });
});
