import { describe, expect, it } from "vitest";
import { validateSolution } from "./check/validate-solution";
import { InvalidProblemError } from "./model/errors";
import { requireValidProblem } from "./model/require-valid-problem";
import type { Problem } from "./model/types";
import { solve } from "./solve";
import { fromVroomInput } from "./vroom/from-vroom";

// Depot 0; a job across the ring road at 1 (quick by van, a long detour by bicycle); a job in the
// pedestrianised centre at 2 (a short cut by bicycle, a long way round by van).
const van = { durations: [[0, 600, 1500], [600, 0, 1800], [1500, 1800, 0]], distances: [[0, 9000, 12000], [9000, 0, 15000], [12000, 15000, 0]] };
const bicycle = { durations: [[0, 3000, 400], [3000, 0, 3200], [400, 3200, 0]], distances: [[0, 11000, 1500], [11000, 0, 12000], [1500, 12000, 0]] };
const jobs = [
  { id: 1, location: 1, service: 60 },
  { id: 2, location: 2, service: 60, timeWindows: [[0, 1000]] as [number, number][] },
];
// Shifts of 45 minutes: each vehicle can do its own quick job and nothing else.
const vehicles = [
  { id: 10, start: 0, end: 0, timeWindow: [0, 2700] as const },
  { id: 20, start: 0, end: 0, timeWindow: [0, 2700] as const, profile: "bicycle" },
];
const mixed: Problem = { matrices: van, profileMatrices: { bicycle }, jobs, vehicles };

const served = (problem: Problem) => {
  const solution = solve(problem, { seed: 1, maxIterations: 200 });
  expect(validateSolution(problem, solution).violations).toEqual([]);
  return { solution, byVehicle: Object.fromEntries(solution.routes.map((r) => [r.vehicleId, r.steps.filter((s) => s.type === "job").map((s) => s.id)])) };
};

describe("vehicles with their own routing profile", () => {
  it("each vehicle travels by its profile's durations and distances: the bicycle takes the centre, the van the ring road", () => {
    const { solution, byVehicle } = served(mixed);
    expect(solution.unassigned).toEqual([]);
    expect(byVehicle).toEqual({ 10: [1], 20: [2] });
    const bike = solution.routes.find((r) => r.vehicleId === 20)!;
    expect(bike.travelTime).toBe(800);
    expect(bike.distance).toBe(3000);
    expect(solution.distance).toBe(18000 + 3000);
  });

  it("gives another answer than one matrix for all: with the van's travel for the bicycle the centre job is late for everyone", () => {
    const single: Problem = { matrices: van, jobs, vehicles: vehicles.map(({ profile: _p, ...v }) => v) };
    const { solution } = served(single);
    expect(solution.unassigned.map((u) => u.id)).toEqual([2]);
  });

  it("validateSolution replays each route with its vehicle's own matrix", () => {
    const solution = solve(mixed, { seed: 1, maxIterations: 200 });
    // The same routes read with the van's travel for the bicycle: its job is outside the window.
    const wrong: Problem = { ...mixed, profileMatrices: { bicycle: van } };
    expect(validateSolution(wrong, solution).violations.join("\n")).toMatch(/vehicle 20/);
    const check = validateSolution(mixed, solution);
    expect(check.distance).toBe(21000);
  });

  it("keeps a profile's classes apart from speed factors", () => {
    const fast: Problem = { ...mixed, vehicles: [...vehicles, { id: 30, start: 0, end: 0, timeWindow: [0, 2700], profile: "bicycle", speedFactor: 2 }] };
    const { solution } = served(fast);
    expect(solution.unassigned).toEqual([]);
  });

  it("refuses a profile without matrices, or matrices of another size", () => {
    expect(() => requireValidProblem({ ...mixed, profileMatrices: {} })).toThrow(InvalidProblemError);
    expect(() => requireValidProblem({ ...mixed, profileMatrices: { bicycle: { durations: [[0]] } } })).toThrow(/profileMatrices.bicycle.durations/);
    expect(() => requireValidProblem({ ...mixed, vehicles: [{ ...vehicles[1]!, maxDistance: 5 }], profileMatrices: { bicycle: { durations: bicycle.durations } } })).toThrow(/maxDistance/);
  });

  it("reads VROOM input with several profiles", () => {
    const problem = fromVroomInput({
      vehicles: [
        { id: 10, start_index: 0, end_index: 0, profile: "car", time_window: [0, 2700] },
        { id: 20, start_index: 0, end_index: 0, profile: "bike", time_window: [0, 2700] },
      ],
      jobs: jobs.map((j) => ({ id: j.id, location_index: j.location, service: j.service, ...(j.timeWindows ? { time_windows: j.timeWindows } : {}) })),
      matrices: { car: van, bike: bicycle },
    });
    expect(problem.vehicles.map((v) => v.profile)).toEqual(["car", "bike"]);
    const { byVehicle } = served(problem);
    expect(byVehicle).toEqual({ 10: [1], 20: [2] });
  });
});
