import { describe, expect, it } from "vitest";
import { fleetMessages } from "@routepilot/contracts";
import { solve, validateSolution, type Solution } from "@routepilot/solver";
import { ValidationError } from "../../lib/errors";
import { checkPlan, routeToCheck, travelFromMatrix } from "./check-plan";
import { DEPOT, haversineMatrix, order, scatteredOrders, vehicle } from "../../test/fleet-fixtures";
import { buildProblem, capacityDimensions, explainUnassigned, isoOnDate, layoutPlan, toPlanResult, validatePlanOrders, type PlanOrder, type PlanVehicle } from "./problem";

async function plan(vehicles: PlanVehicle[], orders: PlanOrder[], objective: "min_time" | "min_vehicles" | "balance" = "min_time", locks = [] as { orderId: string; vehicleId: string }[]) {
  const dims = capacityDimensions(vehicles, orders);
  validatePlanOrders(vehicles, orders, dims);
  const layout = layoutPlan(vehicles, orders);
  const matrix = await haversineMatrix(layout.points);
  const problem = buildProblem({ vehicles, orders, objective, layout, matrices: new Map([["van", matrix]]), dims, locks });
  const solution = solve(problem, { seed: 1, maxIterations: 300 });
  expect(validateSolution(problem, solution).violations).toEqual([]);
  const result = toPlanResult({ date: "2026-03-02", vehicles, orders, solution, dims });
  return { problem, solution, result, layout, matrix, dims };
}

describe("fleet problem mapping", () => {
  it("turns times of day into seconds since midnight, shifts into vehicle windows, depots, skills and limits into the engine's model", async () => {
    const vehicles = [
      vehicle("v1", { skills: ["fridge"], maxStops: 5, maxDrivingMinutes: 120, maxDistanceKm: 80, breaks: [{ window: { start: "12:00", end: "13:00" }, durationMinutes: 30 }], fixedCostPence: 1000, costPerHourPence: 2000 }),
      vehicle("v2", { end: null, capacity: [] }),
    ];
    const orders = [order("a", { timeWindows: [{ start: "09:00", end: "10:30" }], skills: ["fridge"], priority: 50, demand: [3] }), order("b", { lat: 51.49, lng: -0.13, pickup: { lat: 51.52, lng: -0.1, label: "Warehouse", serviceMinutes: 2, timeWindows: [] }, demand: [2] })];
    const dims = capacityDimensions(vehicles, orders);
    const layout = layoutPlan(vehicles, orders);
    expect(layout.points).toHaveLength(4); // one shared depot, two orders, one pickup
    const problem = buildProblem({ vehicles, orders, objective: "balance", layout, matrices: new Map([["van", await haversineMatrix(layout.points)]]), dims });
    const [v1, v2] = problem.vehicles;
    expect(v1).toMatchObject({ id: 0, start: 0, end: 0, capacity: [10], timeWindow: [8 * 3600, 17 * 3600], skills: [0], maxStops: 5, maxTravelTime: 7200, maxDistance: 80_000, fixedCost: 1800 });
    expect(v1?.breaks).toEqual([{ id: 0, timeWindows: [[12 * 3600, 13 * 3600]], service: 1800 }]);
    expect(v2?.end).toBeUndefined();
    expect(v2?.capacity?.[0]).toBeGreaterThan(1e9);
    expect(problem.jobs).toEqual([{ id: 0, location: 1, service: 300, timeWindows: [[9 * 3600, 10.5 * 3600]], delivery: [3], skills: [0], priority: 50 }]);
    expect(problem.shipments?.[0]).toMatchObject({ pickup: { id: 1, location: 3, service: 120 }, delivery: { id: 1, location: 2 }, amount: [2] });
    expect(problem.objective).toMatchObject({ mode: "balance" });
  });

  it("refuses an order whose skill no chosen vehicle has, or whose demand has the wrong number of dimensions, naming the order and field", () => {
    const vehicles = [vehicle("v1", { capacity: [10, 5] })];
    const orders = [order("a", { demand: [1, 1] }), order("b", { demand: [1, 1], skills: ["fridge"] }), order("c", { demand: [1] })];
    let error: unknown;
    try {
      validatePlanOrders(vehicles, orders, 2);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).fields).toEqual({ "orders.1.skills": fleetMessages.unknownSkill("fridge"), "orders.2.demand": fleetMessages.demandDimensions(2) });
    expect((error as ValidationError).message).toContain("Order 2");
  });

  it("maps the engine's solution back: ISO times on the plan's date, loads after each stop, breaks, totals with cost and spread", async () => {
    const vehicles = [vehicle("v1", { breaks: [{ window: { start: "08:10", end: "08:20" }, durationMinutes: 15 }], costPerHourPence: 3600, fixedCostPence: 500, capacity: [20] }), vehicle("v2", { capacity: [20] })];
    const orders = scatteredOrders(12);
    const { result, solution } = await plan(vehicles, orders);
    expect(result.unassigned).toEqual([]);
    expect(result.totals.assigned).toBe(12);
    const stops = result.routes.flatMap((r) => r.stops);
    expect(new Set(stops.map((s) => s.orderId)).size).toBe(12);
    for (const route of result.routes) {
      const engine = solution.routes.find((r) => vehicles[r.vehicleIndex]!.id === route.vehicleId)!;
      expect(route.distanceMeters).toBe(engine.distance);
      expect(route.start?.startsWith("2026-03-02T")).toBe(true);
      // Loads fall by each delivery from the load the vehicle leaves with.
      let load = route.load[0]!;
      for (const s of route.stops) {
        load -= s.demand[0]!;
        expect(s.load).toEqual([load]);
      }
      expect(load).toBe(0);
    }
    const v1 = result.routes.find((r) => r.vehicleId === "v1");
    if (v1 && v1.stops.length > 0) {
      expect(v1.breaks).toHaveLength(1);
      expect(v1.costPence).toBe(Math.round(500 + v1.durationSeconds));
    }
    const durations = result.routes.filter((r) => r.stops.length > 0).map((r) => r.durationSeconds);
    expect(result.totals.durationSpreadSeconds).toBe(Math.max(...durations) - Math.min(...durations));
    expect(result.totals.costPence).toBe(result.routes.reduce((t, r) => t + r.costPence, 0));
    expect(isoOnDate("2026-03-02", 25 * 3600)).toBe("2026-03-03T01:00:00");
  });

  it("reports what cannot be planned with a concrete reason", async () => {
    const vehicles = [vehicle("v1", { capacity: [5] })];
    const orders = [order("big", { demand: [8] }), order("ok", { demand: [1] })];
    const { result } = await plan(vehicles, orders);
    // Without the team's dimension names the amounts are "units" (issue 25: it read "Needs 8 of capacity 1").
    expect(result.unassigned).toEqual([{ orderId: "big", label: "Order big", reason: "capacity", explanation: "Needs 8 units; v1 carries at most 5 units. Add a larger vehicle or split the order." }]);
    // With them, each amount is named; with several vehicles the largest is named.
    const van = vehicle("v2", { name: "Van 1", capacity: [100, 20] });
    const bike = vehicle("v3", { name: "Bike", capacity: [15, 2] });
    expect(explainUnassigned(order("heavy", { demand: [200, 1] }), "capacity", [bike, van], 2, ["kg", "crates"])).toBe(
      "Needs 200 kg; the largest chosen vehicle, Van 1, carries at most 100 kg. Add a larger vehicle or split the order.",
    );
    expect(explainUnassigned(order("bulky", { demand: [10, 30] }), "capacity", [van], 2, ["kg", "crates"])).toBe("Needs 30 crates; Van 1 carries at most 20 crates. Add a larger vehicle or split the order.");
    expect(explainUnassigned(order("bulky", { demand: [10, 30] }), "capacity", [van], 2)).toContain("Needs 30 units of capacity 2;");
    expect(explainUnassigned(order("x", { skills: ["fridge"] }), "skills", vehicles, 1)).toContain("needs skill fridge: no chosen vehicle has it".replace("needs", "Needs"));
    expect(explainUnassigned(order("x", { timeWindows: [{ start: "06:00", end: "06:30" }] }), "time_window", vehicles, 1)).toContain("06:00–06:30");
  });

  it("keeps a locked order on its vehicle", async () => {
    const vehicles = [vehicle("v1"), vehicle("v2")];
    const orders = scatteredOrders(8);
    const locks = orders.slice(0, 4).map((o, i) => ({ orderId: o.id, vehicleId: i % 2 === 0 ? "v1" : "v2" }));
    const { result } = await plan(vehicles, orders, "min_time", locks);
    for (const lock of locks) expect(result.routes.find((r) => r.stops.some((s) => s.orderId === lock.orderId))?.vehicleId).toBe(lock.vehicleId);
  });
});

describe("independent plan checker", () => {
  it("finds no violation in the engine's plan for 40 orders on 3 vans with windows, capacities and a break", async () => {
    const vehicles = [vehicle("v1", { capacity: [25], breaks: [{ window: { start: "12:00", end: "13:00" }, durationMinutes: 30 }] }), vehicle("v2", { capacity: [25] }), vehicle("v3", { capacity: [25], end: null })];
    const orders = scatteredOrders(40);
    const { result, layout, matrix, dims } = await plan(vehicles, orders);
    const check = checkPlan({ date: "2026-03-02", vehicles, orders, routes: result.routes.map(routeToCheck), travel: travelFromMatrix(layout.points, matrix), dims });
    expect(check.violations).toEqual([]);
    // Its own figures agree with the engine's on distance.
    for (const r of check.routes) expect(r.distanceMeters).toBeCloseTo(result.routes.find((x) => x.vehicleId === r.vehicleId)!.distanceMeters, -1);
  });

  it("names every broken constraint of a hand-made route", async () => {
    const vehicles = [vehicle("v1", { capacity: [3], maxStops: 2, maxDistanceKm: 1, shift: { start: "08:00", end: "08:30" } })];
    const far = { lat: DEPOT.lat + 0.1, lng: DEPOT.lng };
    const orders = [
      order("a", { ...far, demand: [2], timeWindows: [{ start: "08:00", end: "08:05" }] }),
      order("b", { demand: [2], skills: ["fridge"] }),
      order("c", { demand: [1], pickup: { lat: DEPOT.lat, lng: DEPOT.lng + 0.02, label: "Shop", serviceMinutes: 0, timeWindows: [] } }),
    ];
    const layout = layoutPlan(vehicles, orders);
    const matrix = await haversineMatrix(layout.points);
    const route = { vehicleId: "v1", stops: [{ orderId: "a", kind: "delivery" as const }, { orderId: "b", kind: "delivery" as const }, { orderId: "c", kind: "delivery" as const }, { orderId: "a", kind: "delivery" as const }] };
    const { violations } = checkPlan({ date: "2026-03-02", vehicles, orders, routes: [route], travel: travelFromMatrix(layout.points, matrix), dims: 1 });
    const kinds = new Set(violations.map((v) => v.kind));
    for (const kind of ["capacity", "time_window", "shift", "max_stops", "max_distance", "skills", "precedence", "duplicate"]) expect(kinds, kind).toContain(kind);
    expect(violations.find((v) => v.kind === "skills")).toMatchObject({ vehicleId: "v1", orderId: "b" });
  });

  it("is not fooled by the engine's figures: a solution whose stops are swapped to miss a window is caught", async () => {
    const vehicles = [vehicle("v1")];
    const near = order("near", { timeWindows: [{ start: "08:00", end: "08:10" }] });
    const farther = order("far", { lat: DEPOT.lat + 0.15, lng: DEPOT.lng });
    const orders = [near, farther];
    const { solution, layout, matrix, dims } = await plan(vehicles, orders);
    const swapped: Solution = { ...solution, routes: solution.routes.map((r) => ({ ...r, steps: [r.steps[0]!, ...r.steps.slice(1, -1).reverse(), r.steps[r.steps.length - 1]!] })) };
    const result = toPlanResult({ date: "2026-03-02", vehicles, orders, solution: swapped, dims });
    const { violations } = checkPlan({ date: "2026-03-02", vehicles, orders, routes: result.routes.map(routeToCheck), travel: travelFromMatrix(layout.points, matrix), dims });
    expect(violations.map((v) => [v.kind, v.orderId])).toContainEqual(["time_window", "near"]);
  });
});
