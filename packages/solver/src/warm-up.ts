import { solve } from "./solve";
import { randomProblem } from "./test-support/random-problems";
import { Rng } from "./util/rng";

/**
 * Runs the engine on generated problems for about `totalMs` (default 2.3 s, each part scaled) and discards the
 * results. V8 compiles the search's hot loops to optimised code only after they have run for a
 * while, and keeps re-optimising them on each new shape of problem, so a cold thread's first
 * solves run 1.5–2× fewer iterations. The benchmark warms up before its first timed run
 * (decision 014) and the server's solver threads before their first request. Generated problems
 * only: random ones with every constraint, CVRPs of 40–200 jobs (the 200-job one through the
 * annealing search, the others through the genetic search), a 100-job VRPTW (genetic search)
 * and a 200-stop TSP.
 */
export function warmUp(totalMs = 2300): void {
  const k = totalMs / 2300;
  const rng = new Rng(99);
  const pts = Array.from({ length: 201 }, () => [rng.int(1000), rng.int(1000)] as const);
  const durations = pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]))));
  const jobs = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, location: i + 1, delivery: [1 + rng.int(20)] }));
  const cvrp = { matrices: { durations }, jobs, vehicles: Array.from({ length: 12 }, (_, v) => ({ id: v + 1, start: 0, end: 0, capacity: [200] })) };
  const tsp = { matrices: { durations }, jobs: jobs.map(({ id, location }) => ({ id, location })), vehicles: [{ id: 1, start: 0, end: 0 }] };
  for (let seed = 1; seed <= 5; seed++) solve(randomProblem(seed), { seed, timeLimitMs: 100 * k });
  // Both CVRP engines: the annealing search (every problem that is not a plain CVRP) and the
  // genetic search (decision 015).
  solve(cvrp, { seed: 1, timeLimitMs: 500 * k, tuning: { engine: "annealing" } });
  for (const n of [40, 60, 80, 100]) {
    const small = { ...cvrp, jobs: jobs.slice(0, n), vehicles: cvrp.vehicles.slice(0, Math.ceil(n / 8)).map((v) => ({ ...v, capacity: [100] })) };
    solve(small, { seed: 1, timeLimitMs: 400 * k });
  }
  // A VRPTW, which the genetic search takes too (decision 016): its time-window code paths.
  const windows = jobs.slice(0, 100).map((j) => {
    const mid = durations[0]![j.location]! + rng.int(8000 - 2 * durations[0]![j.location]!);
    return { ...j, service: 50, timeWindows: [[Math.max(0, mid - 400), mid + 400]] as [number, number][] };
  });
  const shift = [0, 10000] as const;
  solve({ ...cvrp, jobs: windows, vehicles: cvrp.vehicles.map((v) => ({ ...v, capacity: [150], timeWindow: shift })) }, { seed: 1, timeLimitMs: 300 * k });
  solve(tsp, { seed: 1, timeLimitMs: 300 * k });
}
