import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Driver, PlanDetail, Vehicle } from "@routepilot/contracts";
import { jsonResponse, renderWithQuery } from "@/test/utils";
import { PlanWorkspace, planFamily } from "@/features/fleet/components/plan-workspace";

const vehicles = [{ id: "v1", name: "Van 1" }, { id: "v2", name: "Van 2" }] as Vehicle[];
const drivers = [{ userId: "d1", name: "Dana", email: "d@example.com", defaultVehicleId: "v1", skills: [], workingDays: ["mon", "tue", "wed", "thu", "fri"] }, { userId: "d2", name: "Eli", email: "e@example.com", defaultVehicleId: null, skills: [], workingDays: ["mon", "tue", "wed", "thu", "fri"] }] as Driver[];
const stop = (orderId: string, label: string, at: string) => ({ orderId, kind: "delivery" as const, label, lat: 47.14, lng: 9.52, arrival: `2026-11-24T${at}:00`, departure: `2026-11-24T${at}:00`, waitingSeconds: 0, demand: [1], load: [1] });
const route = (vehicleId: string, stops: ReturnType<typeof stop>[]) => ({ vehicleId, driverId: null, stops, breaks: [], reloads: [], start: "2026-11-24T08:00:00", end: "2026-11-24T12:00:00", distanceMeters: 1000, durationSeconds: 3600, drivingSeconds: 1800, serviceSeconds: 600, waitingSeconds: 0, load: [1], costPence: 100 });
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
  dispatched: [],
  ...over,
});

const summary = { date: "2026-11-24", status: "done", progress: 1, vehicleIds: ["v1", "v2"], parentPlanId: null, version: 1, dispatchedAt: null, createdAt: "x" };

afterEach(() => vi.unstubAllGlobals());

describe("PlanWorkspace", () => {
  it("moves a stop (violations shown in red), locks, makes a variant, compares and dispatches", async () => {
    const calls: { method: string; path: string; body: unknown }[] = [];
    let current = plan();
    let variantMade = false;
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
        if (u.pathname.endsWith("/variants")) {
          variantMade = true;
          return jsonResponse({ id: "p2" }, 202);
        }
        if (u.pathname.endsWith("/plans"))
          return jsonResponse({
            plans: [
              ...(variantMade ? [{ ...summary, id: "p2", name: "Balanced", objective: "balance", totals, parentPlanId: "p1", orderCount: 3 }] : []),
              { ...summary, id: "p1", name: null, objective: "min_time", totals, orderCount: 3 },
            ],
          });
        if (u.pathname.endsWith("/compare"))
          return jsonResponse({
            plans: [
              { ...summary, id: "p1", name: null, objective: "min_time", totals, violations: 1 },
              { ...summary, id: "p2", name: "Balanced", objective: "balance", totals: { ...totals, distanceMeters: 2500 }, parentPlanId: "p1", violations: 0 },
            ],
          });
        if (u.pathname.endsWith("/dispatch")) return jsonResponse({ routes: [{ routeId: "r1", vehicleId: "v1", driverUserId: "d1" }], remaining: ["v2"] });
        return jsonResponse(current);
      }),
    );
    const user = userEvent.setup();
    const onPick = vi.fn();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} onPick={onPick} />);
    // "Move to…" with the keyboard: a route, then a position in it.
    await user.click(await screen.findByRole("button", { name: "Move Post" }));
    const dialog = await screen.findByRole("dialog", { name: "Move Post" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Route" }), "v2");
    const position = within(dialog).getByRole("combobox", { name: "Position" });
    expect(within(position).getAllByRole("option").map((o) => o.textContent)).toEqual(["1. before Garage", "2. last"]);
    expect(position).toHaveValue("1");
    await user.selectOptions(position, "1. before Garage");
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    expect(await screen.findByText("Post arrives at 10:30, after its window ends at 10:00")).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith("/moves"))?.body).toEqual({ orderId: "b", toVehicleId: "v2", position: 0 });
    const van2 = screen.getByRole("listitem", { name: "Route of Van 2" });
    expect(within(van2).getByText(/breaks a constraint/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Dispatch 1 route" })).toBeDisabled();

    await user.click(within(screen.getByRole("listitem", { name: "Route of Van 1" })).getByRole("checkbox", { name: "Lock Bakery" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Re-plan keeping 1 locked stop" })).toBeInTheDocument());
    expect(calls.find((c) => c.path.endsWith("/locks"))?.body).toEqual({ locks: [{ orderId: "a", vehicleId: "v1", position: 0 }] });

    await user.clear(screen.getByLabelText("Variant name"));
    await user.type(screen.getByLabelText("Variant name"), "Balanced");
    await user.click(screen.getByRole("button", { name: "Make a variant" }));
    expect(calls.find((c) => c.path.endsWith("/variants"))?.body).toEqual({ name: "Balanced", objective: "balance" });
    expect(screen.getByRole("group", { name: "Variant vehicles" })).toBeInTheDocument();

    // The variant comes from the server's list of the day's plans, ticked for comparison.
    const table = await screen.findByRole("table", { name: "Plans compared" });
    expect(calls.some((c) => c.path.endsWith("/compare"))).toBe(true);
    expect(within(table).getByText("2.5 km")).toBeInTheDocument();
    await user.click(within(table).getByRole("button", { name: "Use Balanced" }));
    expect(onPick).toHaveBeenCalledWith("p2");
  });

  it("after a reload, lists the day's plans from the server: the plan's family ticked for comparison, others on request", async () => {
    const compared: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        const u = new URL(url, "http://localhost");
        if (u.pathname.endsWith("/plans")) {
          expect(u.searchParams.get("date")).toBe("2026-11-24");
          return jsonResponse({
            plans: [
              { ...summary, id: "p3", name: null, objective: "min_time", totals, orderCount: 9, createdAt: "2026-11-23T07:00:00.000Z" },
              { ...summary, id: "p2", name: "Fewest vans", objective: "min_vehicles", totals, parentPlanId: "p1", orderCount: 3 },
              { ...summary, id: "p1", name: null, objective: "min_time", totals, orderCount: 3 },
            ],
          });
        }
        if (u.pathname.endsWith("/compare")) {
          compared.push(`${u.pathname.split("/").at(-2)}?${u.searchParams.get("with")}`);
          const ids = [u.pathname.split("/").at(-2)!, ...(u.searchParams.get("with") ?? "").split(",")];
          return jsonResponse({ plans: ids.map((id) => ({ ...summary, id, name: id === "p2" ? "Fewest vans" : null, objective: "min_time", totals, violations: 0 })) });
        }
        return jsonResponse(plan({ id: "p2", parentPlanId: "p1", name: "Fewest vans" }));
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p2" vehicles={vehicles} drivers={drivers} onPick={vi.fn()} />);
    const chooser = await screen.findByRole("group", { name: "Plans to compare" });
    await waitFor(() => expect(within(chooser).getAllByRole("checkbox")).toHaveLength(3));
    const [other, variant, first] = within(chooser).getAllByRole("checkbox");
    expect(variant).toBeChecked();
    expect(variant).toBeDisabled();
    expect(first).toBeChecked();
    expect(other).not.toBeChecked();
    await waitFor(() => expect(compared).toContain("p2?p1"));
    await user.click(other!);
    await waitFor(() => expect(compared).toContain("p2?p3,p1"));
    expect(within(await screen.findByRole("table", { name: "Plans compared" })).getAllByRole("button", { name: "Use the first plan" })).toHaveLength(2);
  });

  it("finds a plan's family through its parents", () => {
    const p = (id: string, parentPlanId: string | null) => ({ id, parentPlanId, name: null, createdAt: "x", version: 1 });
    expect([...planFamily([p("a", null), p("b", "a"), p("c", "b"), p("d", null)], "c")].sort()).toEqual(["a", "b", "c"]);
  });

  it("takes a stop off the routes and puts an unassigned order on a route at a position", async () => {
    const moves: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const u = new URL(url, "http://localhost");
        if (u.pathname.endsWith("/moves")) moves.push(JSON.parse(String(init?.body)));
        if (u.pathname.endsWith("/plans")) return jsonResponse({ plans: [] });
        return jsonResponse(plan({ unassigned: [{ orderId: "z", label: "Florist", reason: "dropped", explanation: "Left out" }] }));
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} onPick={vi.fn()} />);
    await user.click(await screen.findByRole("button", { name: "Move Bakery" }));
    let dialog = await screen.findByRole("dialog", { name: "Move Bakery" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Route" }), "Unassigned (off every route)");
    expect(within(dialog).queryByRole("combobox", { name: "Position" })).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(moves[0]).toEqual({ orderId: "a", toVehicleId: null }));

    await user.click(screen.getByRole("button", { name: "Put Florist on a route" }));
    dialog = await screen.findByRole("dialog", { name: "Move Florist" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Position" }), "2. before Post");
    await user.click(within(dialog).getByRole("button", { name: "Move" }));
    await waitFor(() => expect(moves[1]).toEqual({ orderId: "z", toVehicleId: "v1", position: 1 }));
  });

  it("shows the server's warning that a driver does not fit a route, and dispatches anyway on request", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith("/dispatch")) {
          const body = JSON.parse(String(init?.body)) as { dispatchAnyway?: boolean };
          posted.push(body);
          if (!body.dispatchAnyway)
            return jsonResponse({ error: { code: "CONFLICT", message: "Some drivers do not fit their routes: change the driver, or dispatch anyway", fields: { "assignments.0.driverUserId": "Van 1: Dana does not work on Tuesday (working days in Drivers)" } } }, 409);
          return jsonResponse({ routes: [], remaining: [] });
        }
        if (String(url).includes("/plans?")) return jsonResponse({ plans: [] });
        return jsonResponse(posted.length > 1 ? plan({ dispatchedAt: "2026-11-23T06:00:00.000Z", dispatched: [{ vehicleId: "v1", routeId: "r1", driverUserId: "d1" }] }) : plan());
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} onPick={vi.fn()} />);
    // Van 2 has no driver: it stays planned and the button says so.
    expect(await screen.findByText(/1 route has no driver and will stay planned/)).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Dispatch 1 route" }));
    const dispatch = screen.getByRole("region", { name: "Dispatch" });
    expect(await within(dispatch).findByText("Van 1: Dana does not work on Tuesday (working days in Drivers)")).toBeInTheDocument();
    await user.click(within(dispatch).getByRole("button", { name: "Dispatch anyway" }));
    // One of two routes is out; Van 2 can follow once it has a driver.
    expect(await within(dispatch).findByText("Dispatched to Dana")).toBeInTheDocument();
    expect(await within(dispatch).findByText(/Dispatched 1 of 2 routes\. Van 2 is still planned/)).toBeInTheDocument();
    expect(posted[1]).toEqual({ vehicleIds: ["v1"], assignments: [{ vehicleId: "v1", driverUserId: "d1" }], dispatchAnyway: true });
    expect(within(dispatch).getByRole("button", { name: "Dispatch 0 routes" })).toBeDisabled();
  });

  it("dispatches with each vehicle's default driver unless another is chosen", async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (String(url).endsWith("/dispatch")) {
          posted.push(JSON.parse(String(init?.body)));
          return jsonResponse({ routes: [], remaining: [] });
        }
        if (String(url).endsWith("/variants")) {
          posted.push(JSON.parse(String(init?.body)));
          return jsonResponse({ id: "p2" }, 202);
        }
        if (String(url).includes("/plans?")) return jsonResponse({ plans: [] });
        return jsonResponse(
          posted.length
            ? plan({ dispatchedAt: "2026-11-23T06:00:00.000Z", dispatched: [{ vehicleId: "v1", routeId: "r1", driverUserId: "d1" }, { vehicleId: "v2", routeId: "r2", driverUserId: "d2" }] })
            : plan(),
        );
      }),
    );
    const user = userEvent.setup();
    renderWithQuery(<PlanWorkspace teamId="t1" planId="p1" vehicles={vehicles} drivers={drivers} onPick={vi.fn()} />);
    expect(await screen.findByRole("combobox", { name: "Driver of Van 1" })).toHaveValue("d1");
    await user.selectOptions(screen.getByRole("combobox", { name: "Driver of Van 2" }), "d2");
    await user.click(screen.getByRole("button", { name: "Dispatch 2 routes" }));
    expect(await screen.findByText(/Dispatched: each driver has their route/)).toBeInTheDocument();
    // A dispatched plan is frozen, but a variant (a new version) can still be made from it, with other vehicles.
    expect(screen.queryByRole("button", { name: /Re-plan/ })).toBeNull();
    await user.click(within(screen.getByRole("group", { name: "Variant vehicles" })).getByRole("checkbox", { name: "Van 2" }));
    await user.click(screen.getByRole("button", { name: "Make a variant" }));
    await waitFor(() => expect(posted[1]).toEqual({ name: "Variant 1", objective: "balance", vehicleIds: ["v1"] }));
    expect(posted[0]).toEqual({ vehicleIds: ["v1", "v2"], assignments: [{ vehicleId: "v1", driverUserId: "d1" }, { vehicleId: "v2", driverUserId: "d2" }] });
  });
});
