import { describe, expect, it } from "vitest";
import { validateSolution } from "./check/validate-solution";
import type { Problem, Solution } from "./model/types";
import { solve } from "./solve";
import { fromVroomInput } from "./vroom/from-vroom";
import { toVroomOutput } from "./vroom/to-vroom";

/** Depot 0 and n customers on a line, 100 s apart; each job delivers `amount`. */
function lineProblem(n: number, amount: number, capacity: number, maxTrips: number, reloadTime = 0): Problem {
  const m = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => 100 * Math.abs(i - j)));
  return {
    matrices: { durations: m },
    jobs: Array.from({ length: n }, (_, i) => ({ id: i + 1, location: i + 1, service: 10, delivery: [amount] })),
    vehicles: [{ id: 7, start: 0, end: 0, capacity: [capacity], maxTrips, reloadTime }],
  };
}

const OPTIONS = { maxIterations: 300, seed: 1 };

describe("multi-trip vehicles (maxTrips)", () => {
  it("serves in three trips what one trip cannot carry, reloading at the depot", () => {
    const problem = lineProblem(6, 10, 20, 3, 300);
    const single = solve({ ...problem, vehicles: [{ ...problem.vehicles[0]!, maxTrips: 1 }] }, OPTIONS);
    expect(single.unassigned).toHaveLength(4);
    const sol = solve(problem, OPTIONS);
    expect(sol.unassigned).toEqual([]);
    const check = validateSolution(problem, sol);
    expect(check.violations).toEqual([]);
    const steps = sol.routes[0]!.steps;
    const reloads = steps.filter((s) => s.type === "reload");
    expect(reloads).toHaveLength(2);
    for (const r of reloads) {
      expect(r.location).toBe(0);
      expect(r.service).toBe(300);
      expect(r.id).toBeUndefined();
      // Loaded for the next trip: two deliveries of 10.
      expect(r.load).toEqual([20]);
      expect(r.departure).toBe(r.arrival + 300);
    }
    expect(steps[0]!.load).toEqual([20]);
    // Never a reload first or last, and the solver's cost is the checker's.
    expect(steps[1]!.type).toBe("job");
    expect(steps[steps.length - 2]!.type).toBe("job");
    expect(Math.abs(check.cost - sol.cost)).toBeLessThan(1e-6);
  });

  it("does not reload when one trip is enough", () => {
    const problem = lineProblem(4, 5, 20, 3, 300);
    const sol = solve(problem, OPTIONS);
    expect(sol.unassigned).toEqual([]);
    expect(sol.routes[0]!.steps.some((s) => s.type === "reload")).toBe(false);
    expect(validateSolution(problem, sol).violations).toEqual([]);
  });

  it("keeps a shipment within one trip", () => {
    // Two deliveries of 10 with a capacity of 10 need two trips; the shipment rides in one of them.
    const m = Array.from({ length: 5 }, (_, i) => Array.from({ length: 5 }, (_, j) => 100 * Math.abs(i - j)));
    const problem: Problem = {
      matrices: { durations: m },
      jobs: [
        { id: 10, location: 1, delivery: [10] },
        { id: 11, location: 4, delivery: [10] },
      ],
      shipments: [{ amount: [10], pickup: { id: 1, location: 2 }, delivery: { id: 2, location: 3 } }],
      vehicles: [{ id: 1, start: 0, end: 0, capacity: [10], maxTrips: 2 }],
    };
    const sol = solve(problem, OPTIONS);
    expect(sol.unassigned).toEqual([]);
    expect(validateSolution(problem, sol).violations).toEqual([]);
    const steps = sol.routes[0]!.steps;
    const reloadAt = steps.findIndex((s) => s.type === "reload");
    expect(steps.filter((s) => s.type === "reload")).toHaveLength(1);
    const before = steps.slice(0, reloadAt).map((s) => s.id);
    expect(before.includes(1)).toBe(before.includes(2));
    expect(before.includes(10)).not.toBe(before.includes(11));
  });

  it("the checker refuses more trips than maxTrips, an overloaded trip and a shipment across a reload", () => {
    const problem = lineProblem(4, 10, 20, 2);
    const step = (type: "start" | "job" | "reload" | "end", id?: number, location?: number) => ({
      type, ...(id !== undefined ? { id } : {}), ...(location !== undefined ? { location } : {}),
      arrival: 0, setup: 0, waiting: 0, service: 0, departure: 0, load: [0], travelTime: 0, distance: 0,
    });
    const route = (steps: ReturnType<typeof step>[]): Solution => ({
      routes: [{ vehicleId: 7, vehicleIndex: 0, steps, cost: 0, travelTime: 0, distance: 0, duration: 0, waiting: 0, service: 0, setup: 0 }],
      unassigned: [], cost: 0, travelTime: 0, distance: 0, duration: 0, waiting: 0, service: 0, setup: 0, computingTimeMs: 0, iterations: 0,
    });
    const ok = route([step("start", undefined, 0), step("job", 1, 1), step("job", 2, 2), step("reload", undefined, 0), step("job", 3, 3), step("job", 4, 4), step("end", undefined, 0)]);
    expect(validateSolution(problem, ok).violations).toEqual([]);
    const threeTrips = route([step("start", undefined, 0), step("job", 1, 1), step("reload"), step("job", 2, 2), step("reload"), step("job", 3, 3), step("job", 4, 4), step("end")]);
    expect(validateSolution(problem, threeTrips).violations.join()).toMatch(/3 trips > max_trips 2/);
    const overloaded = route([step("start"), step("job", 1, 1), step("job", 2, 2), step("job", 3, 3), step("reload"), step("job", 4, 4), step("end")]);
    expect(validateSolution(problem, overloaded).violations.join()).toMatch(/capacity exceeded at start/);
    const noReload = route([step("start"), step("job", 1, 1), step("job", 2, 2), step("job", 3, 3), step("job", 4, 4), step("end")]);
    expect(validateSolution({ ...problem, vehicles: [{ ...problem.vehicles[0]!, maxTrips: 1 }] }, noReload).feasible).toBe(false);
    const m = lineProblem(2, 0, 10, 2);
    const ship: Problem = { ...m, jobs: [], shipments: [{ amount: [5], pickup: { id: 1, location: 1 }, delivery: { id: 2, location: 2 } }] };
    const across = route([step("start"), { ...step("job", 1, 1), type: "pickup" } as never, step("reload"), { ...step("job", 2, 2), type: "delivery" } as never, step("end")]);
    expect(validateSolution(ship, across).violations.join()).toMatch(/shipment on board at a reload/);
  });

  it("reads max_trips and reload_time from VROOM JSON and writes reload steps", () => {
    const p = lineProblem(6, 10, 20, 3, 60);
    const input = {
      vehicles: [{ id: 7, start_index: 0, end_index: 0, capacity: [20], max_trips: 3, reload_time: 60 }],
      jobs: p.jobs!.map((j) => ({ id: j.id, location_index: j.location, service: 10, delivery: [10] })),
      matrices: { car: { durations: p.matrices.durations } },
    };
    const problem = fromVroomInput(input);
    expect(problem.vehicles[0]).toMatchObject({ maxTrips: 3, reloadTime: 60 });
    const out = toVroomOutput(problem, solve(problem, OPTIONS));
    expect(out.summary!.unassigned).toBe(0);
    const reloads = out.routes![0]!.steps.filter((s) => s.type === "reload");
    expect(reloads).toHaveLength(2);
    expect(reloads[0]).toMatchObject({ location_index: 0, service: 60 });
    expect(reloads[0]).not.toHaveProperty("id");
  });

  it("refuses maxTrips above 1 without a start, and a maxTrips below 1", () => {
    const p = lineProblem(2, 1, 10, 2);
    expect(() => solve({ ...p, vehicles: [{ id: 1, end: 0, maxTrips: 2 }] })).toThrow(/start/);
    expect(() => solve({ ...p, vehicles: [{ id: 1, start: 0, maxTrips: 0 }] })).toThrow(/maxTrips/);
  });
});
