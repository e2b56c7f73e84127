import { describe, expect, it } from "vitest";
import { solve, validateSolution, type RouteSolution, type Solution, type Step } from "@routepilot/solver";
import { checkPlan, insertAtStop, normalizeReloads, reloadsOfTokens, routeToCheck, scheduleVehicleRoute, tokensOf, travelFromMatrix } from "./check-plan";
import { DEPOT, haversineMatrix, order, vehicle } from "../../test/fleet-fixtures";
import { buildProblem, capacityDimensions, isoOnDate, layoutPlan, toPlanResult, type PlanOrder, type PlanVehicle, type TravelMatrix } from "./problem";

/**
 * Multi-trip vehicles (issue 26) on the server side: the engine vehicle gets maxTrips and the reload
 * time, a reload step of the engine's solution becomes a plan route's reload (not a stop), the
 * independent checker loads each trip at the depot and times the detour, and edits keep the trips.
 */

const DATE = "2026-03-02";
const east = (i: number) => order(`o${i}`, { lat: DEPOT.lat + 0.004 * (i % 2), lng: DEPOT.lng + 0.01 * (i + 1), demand: [1], serviceMinutes: 5 });

/**
 * A solution in the engine's shape for one vehicle visiting `plan` in order ("reload" = back at its
 * start), times from `matrix`, as the engine's contract for reload steps describes them.
 */
function handMade(orders: readonly PlanOrder[], plan: readonly (number | "reload")[], matrix: TravelMatrix, orderAt: readonly number[], reloadSeconds: number): Solution {
  const steps: Step[] = [];
  const depot = 0;
  let place = depot;
  let time = 8 * 3600;
  let travel = 0;
  let distance = 0;
  const trips: number[][] = [[]];
  for (const p of plan) if (p === "reload") trips.push([]);
  else trips.at(-1)!.push(p);
  let trip = 0;
  const load = (t: number) => [trips[t]!.reduce((sum, i) => sum + orders[i]!.demand[0]!, 0)];
  let onBoard = load(0);
  steps.push({ type: "start", location: depot, arrival: time, setup: 0, waiting: 0, service: 0, departure: time, load: [...onBoard], travelTime: 0, distance: 0 });
  const go = (to: number) => {
    const d = matrix.durations[place]![to]!;
    travel += d;
    distance += matrix.distances[place]![to]!;
    time += d;
    place = to;
  };
  for (const p of plan) {
    if (p === "reload") {
      go(depot);
      trip++;
      onBoard = load(trip);
      steps.push({ type: "reload", location: depot, arrival: time, setup: 0, waiting: 0, service: reloadSeconds, departure: time + reloadSeconds, load: [...onBoard], travelTime: travel, distance });
      time += reloadSeconds;
      continue;
    }
    go(orderAt[p]!);
    const service = orders[p]!.serviceMinutes * 60;
    onBoard = [onBoard[0]! - orders[p]!.demand[0]!];
    steps.push({ type: "job", id: p, location: orderAt[p]!, arrival: time, setup: 0, waiting: 0, service, departure: time + service, load: [...onBoard], travelTime: travel, distance });
    time += service;
  }
  go(depot);
  steps.push({ type: "end", location: depot, arrival: time, setup: 0, waiting: 0, service: 0, departure: time, load: [0], travelTime: travel, distance });
  const service = steps.reduce((t, s) => t + s.service, 0);
  const route: RouteSolution = { vehicleId: 0, vehicleIndex: 0, steps, cost: travel, travelTime: travel, distance, duration: time - 8 * 3600, waiting: 0, service, setup: 0 };
  return { routes: [route], unassigned: [], cost: travel, travelTime: travel, distance, duration: route.duration, waiting: 0, service, setup: 0, computingTimeMs: 0, iterations: 0 };
}

async function setup(v: PlanVehicle, orders: PlanOrder[]) {
  const layout = layoutPlan([v], orders);
  const matrix = await haversineMatrix(layout.points);
  return { layout, matrix, travel: travelFromMatrix(layout.points, matrix) };
}

describe("multi-trip vehicles: the engine's problem", () => {
  it("gives a vehicle with more than one trip maxTrips and its reload time in seconds, and a one-trip vehicle neither", async () => {
    const vehicles = [vehicle("v1", { maxTrips: 3, reloadMinutes: 20 }), vehicle("v2")];
    const orders = [east(0)];
    const layout = layoutPlan(vehicles, orders);
    const problem = buildProblem({ vehicles, orders, objective: "min_time", layout, matrices: new Map([["van", await haversineMatrix(layout.points)]]), dims: 1 });
    expect(problem.vehicles[0]).toMatchObject({ start: 0, maxTrips: 3, reloadTime: 1200 });
    expect(problem.vehicles[1]).not.toHaveProperty("maxTrips");
    expect(problem.vehicles[1]).not.toHaveProperty("reloadTime");
  });
});

describe("multi-trip vehicles: reading the engine's solution", () => {
  it("turns a reload step into the route's reload after the stops before it, with its times and the next trip's load; stops and totals count orders only", async () => {
    const v = vehicle("v1", { capacity: [2], maxTrips: 2, reloadMinutes: 10 });
    const orders = [0, 1, 2, 3].map(east);
    const { layout, matrix, travel } = await setup(v, orders);
    const solution = handMade(orders, [0, 1, "reload", 2, 3], matrix, layout.orderAt, 600);
    const result = toPlanResult({ date: DATE, vehicles: [v], orders, solution, dims: 1 });
    const [route] = result.routes;
    expect(route!.stops.map((s) => s.orderId)).toEqual(["o0", "o1", "o2", "o3"]);
    expect(route!.stops.map((s) => s.load)).toEqual([[1], [0], [1], [0]]);
    expect(route!.reloads).toHaveLength(1);
    const reload = route!.reloads[0]!;
    const step = solution.routes[0]!.steps.find((s) => s.type === "reload")!;
    expect(reload).toEqual({ afterStops: 2, arrival: isoOnDate(DATE, step.arrival), departure: isoOnDate(DATE, step.arrival + 600), waitingSeconds: 0, load: [2] });
    expect(result.totals).toMatchObject({ orders: 4, assigned: 4, unassigned: 0, vehiclesUsed: 1 });
    expect(route!.distanceMeters).toBe(solution.distance);

    // The independent checker agrees: each trip fits, the detour and the reload are timed the same way.
    const check = checkPlan({ date: DATE, vehicles: [v], orders, routes: result.routes.map(routeToCheck), travel, dims: 1 });
    expect(check.violations).toEqual([]);
    expect(check.routes[0]!.reloads).toEqual(route!.reloads);
    expect(check.routes[0]!.distanceMeters).toBeCloseTo(route!.distanceMeters, 6);
    expect(check.routes[0]!.stops.map((s) => s.arrival)).toEqual(route!.stops.map((s) => s.arrival));
    expect(check.routes[0]!.load).toEqual([4]);
  });

  it("a reload is never waited away: leaving later for a window moves the reload with the stops before it", async () => {
    const v = vehicle("v1", { capacity: [1], maxTrips: 2, reloadMinutes: 15 });
    const orders = [order("a", { lat: DEPOT.lat, lng: DEPOT.lng + 0.01, timeWindows: [{ start: "10:00", end: "10:30" }] }), order("b", { lat: DEPOT.lat, lng: DEPOT.lng + 0.02 })];
    const { travel } = await setup(v, orders);
    const byId = new Map(orders.map((o) => [o.id, o]));
    const { route, violations } = scheduleVehicleRoute({ date: DATE, vehicle: v, orders: byId, stops: [{ orderId: "a", kind: "delivery" }, { orderId: "b", kind: "delivery" }], reloads: [1], travel, dims: 1 });
    expect(violations).toEqual([]);
    expect(route.waitingSeconds).toBe(0);
    expect(route.stops[0]!.arrival).toBe(`${DATE}T10:00:00`);
    const reload = route.reloads[0]!;
    // After a's five minutes of service, back at the depot, fifteen minutes there, then b.
    const back = (Date.parse(`${reload.arrival}Z`) - Date.parse(`${DATE}T10:05:00Z`)) / 1000;
    expect(back).toBeGreaterThan(0);
    expect((Date.parse(`${reload.departure}Z`) - Date.parse(`${reload.arrival}Z`)) / 1000).toBe(900);
    expect(Date.parse(`${route.stops[1]!.arrival}Z`)).toBeGreaterThan(Date.parse(`${reload.departure}Z`));
  });
});

describe("multi-trip vehicles: the independent checker", () => {
  it("loads each trip at the depot: the same stops in one trip break the capacity, in two they do not", async () => {
    const v = vehicle("v1", { capacity: [2], maxTrips: 2 });
    const orders = [0, 1, 2, 3].map(east);
    const { travel } = await setup(v, orders);
    const routes = (reloads: number[]) => [{ vehicleId: "v1", stops: orders.map((o) => ({ orderId: o.id, kind: "delivery" as const })), reloads }];
    expect(checkPlan({ date: DATE, vehicles: [v], orders, routes: routes([2]), travel, dims: 1 }).violations).toEqual([]);
    const oneTrip = checkPlan({ date: DATE, vehicles: [v], orders, routes: routes([]), travel, dims: 1 }).violations;
    expect(oneTrip).toContainEqual(expect.objectContaining({ kind: "capacity", message: expect.stringContaining("Leaves the depot with 4 units") }));
    const unbalanced = checkPlan({ date: DATE, vehicles: [v], orders, routes: routes([1]), travel, dims: 1 }).violations;
    expect(unbalanced).toContainEqual(expect.objectContaining({ kind: "capacity", message: expect.stringContaining("for trip 2") }));
  });

  it("flags more trips than the vehicle makes, and a reload with no depot to go back to", async () => {
    const orders = [0, 1, 2].map(east);
    const oneTrip = vehicle("v1", { capacity: [5] });
    const { travel } = await setup(oneTrip, orders);
    const stops = orders.map((o) => ({ orderId: o.id, kind: "delivery" as const }));
    const tooMany = checkPlan({ date: DATE, vehicles: [oneTrip], orders, routes: [{ vehicleId: "v1", stops, reloads: [1] }], travel, dims: 1 });
    expect(tooMany.violations).toContainEqual(expect.objectContaining({ kind: "max_trips", message: "2 trips; this vehicle makes at most 1." }));
    const noDepot = { ...vehicle("v2", { capacity: [5] }), start: null, maxTrips: 3 };
    const open = checkPlan({ date: DATE, vehicles: [noDepot], orders, routes: [{ vehicleId: "v2", stops, reloads: [1] }], travel, dims: 1 });
    expect(open.violations).toContainEqual(expect.objectContaining({ kind: "max_trips", message: "This vehicle has no start depot to reload at." }));
  });

  it("keeps reloads that split the stops into non-empty trips, each once, in order", () => {
    expect(normalizeReloads([3, 0, 1, 1, 5, 2.5], 5)).toEqual([1, 3]);
    expect(normalizeReloads([1], 1)).toEqual([]);
  });
});

describe("multi-trip vehicles: edits keep the trips", () => {
  const stops = ["a", "b", "c", "d"];
  it("a stop moved out takes nothing else with it; a trip it empties loses its reload", () => {
    const tokens = tokensOf(stops, [2]);
    expect(tokens).toEqual(["a", "b", null, "c", "d"]);
    expect(reloadsOfTokens(tokens.filter((s) => s !== "a"))).toEqual({ stops: ["b", "c", "d"], reloads: [1] });
    expect(reloadsOfTokens(tokens.filter((s) => s !== "c" && s !== "d"))).toEqual({ stops: ["a", "b"], reloads: [] });
    expect(reloadsOfTokens(tokens.filter((s) => s !== "a" && s !== "b"))).toEqual({ stops: ["c", "d"], reloads: [] });
  });

  it("a stop moved in joins the trip of the stop it is put before (the last trip when put at the end)", () => {
    const tokens = tokensOf(stops, [2]);
    expect(reloadsOfTokens(insertAtStop(tokens, 0, ["x"]))).toEqual({ stops: ["x", "a", "b", "c", "d"], reloads: [3] });
    expect(reloadsOfTokens(insertAtStop(tokens, 2, ["x"]))).toEqual({ stops: ["a", "b", "x", "c", "d"], reloads: [2] });
    expect(reloadsOfTokens(insertAtStop(tokens, 99, ["p", "x"]))).toEqual({ stops: ["a", "b", "c", "d", "p", "x"], reloads: [2] });
  });
});

describe("multi-trip vehicles: the engine plans them (issue 26)", () => {
  it("serves 9 orders with one van that carries 3 at a time: every order assigned, reloads at the depot, checked independently", async () => {
    const v = vehicle("v1", { capacity: [3], maxTrips: 4, reloadMinutes: 10 });
    const orders = Array.from({ length: 9 }, (_, i) => east(i));
    const dims = capacityDimensions([v], orders);
    const { layout, matrix, travel } = await setup(v, orders);
    const problem = buildProblem({ vehicles: [v], orders, objective: "min_time", layout, matrices: new Map([["van", matrix]]), dims });
    const solution = solve(problem, { seed: 1, maxIterations: 300 });
    expect(validateSolution(problem, solution).violations).toEqual([]);
    const result = toPlanResult({ date: DATE, vehicles: [v], orders, solution, dims });
    expect(result.unassigned).toEqual([]);
    expect(result.totals).toMatchObject({ orders: 9, assigned: 9, unassigned: 0 });
    const [route] = result.routes;
    expect(route!.stops).toHaveLength(9);
    expect(route!.reloads.length).toBeGreaterThanOrEqual(2);
    for (const r of route!.reloads) {
      expect(r.afterStops).toBeGreaterThan(0);
      expect(r.afterStops).toBeLessThan(9);
      expect((Date.parse(`${r.departure}Z`) - Date.parse(`${r.arrival}Z`)) / 1000 - r.waitingSeconds).toBe(600);
    }
    const check = checkPlan({ date: DATE, vehicles: [v], orders, routes: result.routes.map(routeToCheck), travel, dims });
    expect(check.violations).toEqual([]);
  });
});
