import { afterAll, describe, expect, it } from "vitest";
import type { Problem } from "@routepilot/solver";
import { ServiceBusyError } from "../../lib/errors";
import { createSolverPool } from "./solver-pool";

/** A 40-stop problem on a line: trivial, but the solver searches until its time limit. */
function lineProblem(n: number): Problem {
  const durations = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: n + 1 }, (_, j) => Math.abs(i - j) * 60));
  return { matrices: { durations }, jobs: Array.from({ length: n }, (_, i) => ({ id: i, location: i + 1 })), vehicles: [{ id: 0, start: 0 }] };
}

const pool = createSolverPool(1, 2);
afterAll(() => pool.close());

describe("solver pool", () => {
  it("lets at most maxQueue problems wait for a thread and refuses more at once with 503", async () => {
    const options = { seed: 1, timeLimitMs: 300 };
    const running = pool.solve(lineProblem(40), options);
    const waiting = [pool.solve(lineProblem(40), options), pool.solve(lineProblem(40), options)];
    const refused = pool.solve(lineProblem(40), options);
    await expect(refused).rejects.toBeInstanceOf(ServiceBusyError);
    await expect(refused).rejects.toMatchObject({ status: 503, headers: { "Retry-After": "5" } });
    const solved = await Promise.all([running, ...waiting]);
    for (const s of solved) expect(s.unassigned).toHaveLength(0);
    // Once the queue has drained, new work is accepted again.
    await expect(pool.solve(lineProblem(5), { seed: 1, maxIterations: 50 })).resolves.toMatchObject({ unassigned: [] });
  }, 60_000);

  it("packs every profile's matrices for the thread and checks their values while packing", async () => {
    const slow = lineProblem(6).matrices.durations.map((row) => row.map((v) => (v === null ? null : v * 10)));
    const problem: Problem = { ...lineProblem(6), profileMatrices: { bicycle: { durations: slow } }, vehicles: [{ id: 0, start: 0, profile: "bicycle" }] };
    const solution = await pool.solve(problem, { seed: 1, maxIterations: 50 });
    expect(solution.routes[0]!.travelTime).toBe(6 * 600);
    const bad: Problem = { ...problem, profileMatrices: { bicycle: { durations: slow.map((row, i) => (i === 2 ? row.map(() => -1) : row)) } } };
    await expect(pool.solve(bad, { seed: 1, maxIterations: 50 })).rejects.toMatchObject({ name: "InvalidProblemError", field: "profileMatrices.bicycle.durations[2][0]" });
  }, 60_000);

  it("forwards progress from the worker thread while it solves", async () => {
    const events: number[] = [];
    const solution = await pool.solve(lineProblem(30), { seed: 1, timeLimitMs: 400 }, (e) => events.push(e.elapsedMs));
    expect(solution.unassigned).toHaveLength(0);
    expect(events.length).toBeGreaterThan(0);
  }, 60_000);
});

describe("solver pool warm-up", () => {
  it("warm(): the threads warm the engine up first and answer a request posted meanwhile, same answer as a cold thread", async () => {
    const warmPool = createSolverPool(1, 2);
    const coldPool = createSolverPool(1, 2);
    try {
      const t0 = performance.now();
      warmPool.warm();
      expect(warmPool.stats().workers).toBe(1);
      const options = { seed: 3, maxIterations: 200 };
      const [warm, cold] = await Promise.all([warmPool.solve(lineProblem(20), options), coldPool.solve(lineProblem(20), options)]);
      // The request waited for the warm-up solves (0.6 s of solving after the thread loaded), and
      // nothing of them leaks into it: the same routes as on a thread that never warmed up.
      expect(performance.now() - t0).toBeGreaterThan(600);
      expect(warm.routes).toEqual(cold.routes);
      expect(warm.cost).toBe(cold.cost);
    } finally {
      await Promise.all([warmPool.close(), coldPool.close()]);
    }
  }, 60_000);
});
