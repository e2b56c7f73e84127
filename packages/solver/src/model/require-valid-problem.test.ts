import { describe, expect, it } from "vitest";
import { solve } from "../solve";
import { solveInWorker } from "../worker/solve-in-worker";
import { InvalidProblemError } from "./errors";
import type { Problem } from "./types";

const base = (): Problem => ({
  matrices: { durations: [[0, 5, 7], [5, 0, 3], [7, 3, 0]] },
  jobs: [{ id: 1, location: 1, delivery: [2], timeWindows: [[0, 100]] }, { id: 2, location: 2, delivery: [1] }],
  vehicles: [{ id: 1, start: 0, end: 0, capacity: [5], skills: [1] }],
});

function expectField(p: unknown, field: string): void {
  let caught: unknown;
  try {
    solve(p as Problem, { maxIterations: 1 });
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(InvalidProblemError);
  expect((caught as InvalidProblemError).field).toBe(field);
  expect((caught as InvalidProblemError).code).toBe("INVALID_PROBLEM");
}

describe("bad input throws InvalidProblemError naming the field", () => {
  it("negative demand", () => {
    const p = base();
    p.jobs = [{ id: 1, location: 1, delivery: [-2] }];
    expectField(p, "jobs[0].delivery[0]");
  });
  it("window start after end", () => {
    const p = base();
    p.jobs = [{ id: 1, location: 1, timeWindows: [[50, 10]] }];
    expectField(p, "jobs[0].timeWindows[0]");
  });
  it("matrix of wrong size", () => {
    expectField({ ...base(), matrices: { durations: [[0, 1], [1, 0], [2, 2]] } }, "matrices.durations[0]");
    expectField({ ...base(), matrices: { durations: [[0, 1, 2], [1, 0, 2], [2, 2, 0]], distances: [[0, 1], [1, 0]] } }, "matrices.distances");
  });
  it("unknown skill type", () => {
    expectField({ ...base(), jobs: [{ id: 1, location: 1, skills: ["fridge"] }] }, "jobs[0].skills[0]");
    expectField({ ...base(), vehicles: [{ id: 1, skills: [1.5] }] }, "vehicles[0].skills[0]");
  });
  it("location outside the matrix, duplicate ids, NaN, missing vehicles", () => {
    expectField({ ...base(), jobs: [{ id: 1, location: 3 }] }, "jobs[0].location");
    expectField({ ...base(), jobs: [{ id: 1, location: 1 }, { id: 1, location: 2 }] }, "jobs[1].id");
    expectField({ ...base(), jobs: [{ id: 1, location: 1, service: Number.NaN }] }, "jobs[0].service");
    expectField({ matrices: base().matrices }, "vehicles");
    expectField(null, "problem");
    expectField({ ...base(), matrices: { durations: [[0, -1, 0], [1, 0, 0], [0, 0, 0]] } }, "matrices.durations[0][1]");
  });
  it("mismatched amount dimensions and out-of-range priority", () => {
    expectField({ ...base(), jobs: [{ id: 1, location: 1, delivery: [1, 2] }] }, "vehicles[0].capacity");
    expectField({ ...base(), jobs: [{ id: 1, location: 1, priority: 101 }] }, "jobs[0].priority");
  });
  it("solveInWorker rejects before starting a worker", async () => {
    await expect(solveInWorker({ ...base(), jobs: [{ id: 1, location: 9 }] })).rejects.toBeInstanceOf(InvalidProblemError);
  });
});
