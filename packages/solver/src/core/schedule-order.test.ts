import { describe, expect, it } from "vitest";
import { InvalidProblemError } from "../model/errors";
import type { Problem } from "../model/types";
import { solve } from "../solve";
import { scheduleRoute } from "./schedule-order";

// Depot 0 and three places on a line, 10 time units and 100 distance units apart.
const line = (n: number) => Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => Math.abs(i - j)));
const problem: Problem = {
  matrices: { durations: line(4).map((r) => r.map((v) => v * 10)), distances: line(4).map((r) => r.map((v) => v * 100)) },
  jobs: [
    { id: 7, location: 1, service: 5 },
    { id: 8, location: 2, timeWindows: [[60, 100]] },
    { id: 9, location: 3 },
  ],
  vehicles: [{ id: 0, start: 0, end: 0 }],
};

describe("scheduleRoute", () => {
  it("schedules a given order with waiting, service, cumulative distance and the return", () => {
    const route = scheduleRoute(problem, [9, 7, 8]);
    const jobs = route.steps.filter((s) => s.type === "job");
    expect(jobs.map((s) => [s.id, s.arrival, s.waiting, s.departure, s.distance])).toEqual([
      [9, 30, 0, 30, 300],
      [7, 50, 0, 55, 500],
      [8, 65, 0, 65, 600],
    ]);
    expect(route.steps.at(-1)).toMatchObject({ type: "end", arrival: 85, distance: 800 });
    expect(route.distance).toBe(800);
  });

  it("waits for a window and matches the schedule solve reports for the same order", () => {
    const solved = solve(problem, { seed: 1, maxIterations: 50 }).routes[0]!;
    const order = solved.steps.filter((s) => s.type === "job").map((s) => s.id!);
    expect(scheduleRoute(problem, order)).toEqual(solved);
    const early = scheduleRoute(problem, [8, 7, 9]).steps[1]!;
    expect(early).toMatchObject({ id: 8, arrival: 20, waiting: 40, departure: 60 });
  });

  it("reports an unreachable leg as an infinite travel time", () => {
    const cut: Problem = { ...problem, matrices: { durations: problem.matrices.durations.map((r, i) => r.map((v, j) => (i === 0 && j === 3 ? null : v))) } };
    expect(scheduleRoute(cut, [9]).steps[1]!.arrival).toBe(Infinity);
  });

  it("rejects unknown or repeated jobs", () => {
    expect(() => scheduleRoute(problem, [7, 7])).toThrow(InvalidProblemError);
    expect(() => scheduleRoute(problem, [1])).toThrow(InvalidProblemError);
  });
});
