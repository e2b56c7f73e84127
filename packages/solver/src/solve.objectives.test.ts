import { describe, expect, it } from "vitest";
import { objectiveStats } from "./check/objective-stats";
import { validateSolution } from "./check/validate-solution";
import { InvalidProblemError } from "./model/errors";
import { compileProblem } from "./model/instance";
import type { Job, ObjectiveMode, Problem, TimeWindow } from "./model/types";
import { solve } from "./solve";
import { euclidMatrix, permutations, randomPoints, randomProblem, simulate } from "./test-support/random-problems";
import { Rng } from "./util/rng";
import { isBetter, solveInWorker } from "./worker/solve-in-worker";

const BUDGET = { maxIterations: 1500, seed: 7 };

interface Tiny {
  m: number[][];
  demand: number[];
  service: number[];
  windows?: TimeWindow[];
  cap: number;
  vehicles: number;
}

function tinyProblem(t: Tiny, mode: ObjectiveMode): Problem {
  const jobs: Job[] = t.demand.map((d, i) => ({
    id: i + 1,
    location: i + 1,
    delivery: [d],
    service: t.service[i]!,
    ...(t.windows ? { timeWindows: [t.windows[i]!] } : {}),
  }));
  return {
    matrices: { durations: t.m },
    jobs,
    vehicles: Array.from({ length: t.vehicles }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [t.cap] })),
    objective: { mode },
  };
}

/**
 * Every split of every order of the jobs into `vehicles` routes (identical vehicles starting and
 * ending at location 0, leaving at 0): the feasible ones, with their figures.
 */
function enumerate(t: Tiny): { vehicles: number; cost: number; work: number[] }[] {
  const n = t.demand.length;
  const memo = new Map<string, { cost: number; work: number } | null>();
  const route = (xs: number[]): { cost: number; work: number } | null => {
    const key = xs.join(",");
    if (!memo.has(key)) {
      const load = xs.reduce((s, i) => s + t.demand[i]!, 0);
      const r = simulate(t.m, 0, 0, xs.map((i) => i + 1), t.windows ? xs.map((i) => t.windows![i]) : undefined, xs.map((i) => t.service[i]!));
      // Working time: travel (= cost here) + service; waiting excluded.
      const work = r.cost + xs.reduce((s, i) => s + t.service[i]!, 0);
      memo.set(key, load <= t.cap && r.feasible ? { cost: r.cost, work } : null);
    }
    return memo.get(key)!;
  };
  const out: { vehicles: number; cost: number; work: number[] }[] = [];
  const cuts = (k: number, from: number): number[][] => (k === 0 ? [[]] : Array.from({ length: n - from + 1 }, (_, i) => from + i).flatMap((c) => cuts(k - 1, c).map((rest) => [c, ...rest])));
  const splits = cuts(t.vehicles - 1, 0);
  for (const p of permutations(n)) {
    for (const cs of splits) {
      const bounds = [0, ...cs, n];
      let cost = 0;
      let vehicles = 0;
      const work: number[] = [];
      let ok = true;
      for (let k = 0; k < t.vehicles && ok; k++) {
        const xs = p.slice(bounds[k]!, bounds[k + 1]!);
        if (xs.length === 0) continue;
        const r = route(xs);
        if (!r) ok = false;
        else {
          vehicles++;
          cost += r.cost;
          work.push(r.work);
        }
      }
      if (ok) out.push({ vehicles, cost, work });
    }
  }
  return out;
}

/** Jobs in three clusters around a central depot, 7 jobs, 3 vehicles. */
function clustered(seed: number, withWindows: boolean): Tiny {
  const rng = new Rng(seed);
  const pts: [number, number][] = [[50, 50]];
  const centres: [number, number][] = [[10, 10], [90, 20], [50, 95]];
  for (let i = 0; i < 7; i++) {
    const c = centres[i % 3]!;
    pts.push([c[0] + rng.int(15), c[1] + rng.int(15)]);
  }
  const m = euclidMatrix(pts);
  const demand = Array.from({ length: 7 }, () => 1 + rng.int(3));
  const service = Array.from({ length: 7 }, () => 5 + rng.int(20));
  const total = demand.reduce((a, b) => a + b, 0);
  const t: Tiny = { m, demand, service, cap: Math.ceil(total * (0.5 + rng.next() * 0.3)), vehicles: 3 };
  if (withWindows) {
    // Windows around a random reference schedule on two routes, so a solution exists.
    const order = permutations(7)[rng.int(5040)]!;
    t.windows = new Array<TimeWindow>(7);
    for (const part of [order.slice(0, 4), order.slice(4)]) {
      let time = 0;
      let prev = 0;
      for (const i of part) {
        time += m[prev]![i + 1]!;
        t.windows[i] = [Math.max(0, time - 30 - rng.int(40)), time + 20 + rng.int(60)];
        time += service[i]!;
        prev = i + 1;
      }
    }
    t.cap = total;
  }
  return t;
}

function minOf(xs: number[]): number {
  return xs.reduce((a, b) => (b < a ? b : a), Infinity);
}

function solveChecked(problem: Problem): ReturnType<typeof solve> {
  const sol = solve(problem, BUDGET);
  expect(validateSolution(problem, sol).violations).toEqual([]);
  return sol;
}

describe("objective min_vehicles", () => {
  let minTimeUsesMore = 0;
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const withWindows of [false, true]) {
      it(`finds the fewest vehicles, then the least cost (brute force, 7 jobs, 3 vehicles, seed ${seed}${withWindows ? ", windows" : ""})`, () => {
        const t = clustered(seed, withWindows);
        const all = enumerate(t);
        const fewest = minOf(all.map((s) => s.vehicles));
        const opt = minOf(all.filter((s) => s.vehicles === fewest).map((s) => s.cost));
        const cheapest = all.reduce((a, b) => (b.cost < a.cost ? b : a));
        if (cheapest.vehicles > fewest) minTimeUsesMore++;
        const sol = solveChecked(tinyProblem(t, "min_vehicles"));
        expect(sol.unassigned).toEqual([]);
        expect(sol.routes.length).toBe(fewest);
        expect(sol.cost).toBe(opt);
      });
    }
  }
  it("the brute-force cases include some where the cheapest plan uses more vehicles", () => {
    expect(minTimeUsesMore).toBeGreaterThan(0);
  });

  it("never uses more vehicles nor leaves more tasks unassigned than min_time (random problems)", () => {
    let fewer = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const base = seed <= 20 ? randomProblem(seed) : randomFleet(seed, seed % 2 === 0);
      const a = solveChecked(base);
      const b = solveChecked({ ...base, objective: { mode: "min_vehicles" } });
      expect(b.unassigned.length).toBeLessThanOrEqual(a.unassigned.length);
      if (b.unassigned.length === a.unassigned.length) expect(b.routes.length).toBeLessThanOrEqual(a.routes.length);
      if (b.routes.length < a.routes.length) fewer++;
    }
    expect(fewer).toBeGreaterThan(0);
  });

  it("does not leave a task unassigned to save a vehicle", () => {
    // Two far-apart jobs, each needing its own vehicle (capacity 1): both vehicles must be used.
    const problem: Problem = {
      matrices: { durations: [[0, 50, 50], [50, 0, 100], [50, 100, 0]] },
      jobs: [{ id: 1, location: 1, delivery: [1] }, { id: 2, location: 2, delivery: [1] }],
      vehicles: [1, 2].map((id) => ({ id, start: 0, end: 0, capacity: [1] })),
      objective: { mode: "min_vehicles" },
    };
    const sol = solveChecked(problem);
    expect(sol.unassigned).toEqual([]);
    expect(sol.routes.length).toBe(2);
  });
});

describe("objective balance", () => {
  for (const seed of [1, 2, 3, 4, 5, 6]) {
    for (const withWindows of [false, true]) {
      it(`finds the optimum of cost + coef × Σ working time² (brute force, 7 jobs, 3 vehicles, seed ${seed}${withWindows ? ", windows" : ""})`, () => {
        const t = clustered(100 + seed, withWindows);
        const problem = tinyProblem(t, "balance");
        const coef = compileProblem(problem).balanceCoef;
        expect(coef).toBeGreaterThan(0);
        const opt = minOf(enumerate(t).map((s) => s.cost + coef * s.work.reduce((a, w) => a + w * w, 0)));
        const sol = solveChecked(problem);
        expect(sol.unassigned).toEqual([]);
        expect(objectiveStats(problem, sol).value).toBeCloseTo(opt, 6);
      });
    }
  }

  it("has a smaller spread of route durations and working times than min_time (random fleets)", () => {
    let sumA = 0;
    let sumB = 0;
    let workA = 0;
    let workB = 0;
    for (let seed = 1; seed <= 12; seed++) {
      const base = randomFleet(seed, seed % 2 === 0);
      const a = solveChecked(base);
      const problem: Problem = { ...base, objective: { mode: "balance" } };
      const b = solveChecked(problem);
      expect(b.unassigned.length).toBeLessThanOrEqual(a.unassigned.length);
      const sa = objectiveStats(base, a);
      const sb = objectiveStats(problem, b);
      expect(sb.spread).toBeLessThan(sa.spread);
      expect(sb.workSpread).toBeLessThan(sa.workSpread);
      sumA += sa.spread;
      sumB += sb.spread;
      workA += sa.workSpread;
      workB += sb.workSpread;
    }
    expect(sumB).toBeLessThan(sumA * 0.5);
    expect(workB).toBeLessThan(workA * 0.5);
  });

  it("balanceWeight 0 is plain min_time", () => {
    const base = randomFleet(3, true);
    const a = solve(base, BUDGET);
    const b = solve({ ...base, objective: { mode: "balance", balanceWeight: 0 } }, BUDGET);
    expect(b.cost).toBe(a.cost);
  });
});

describe("objective options", () => {
  it("rejects an unknown mode and a negative balance weight", () => {
    const base = randomFleet(1, false);
    expect(() => solve({ ...base, objective: { mode: "fastest" as ObjectiveMode } })).toThrow(InvalidProblemError);
    expect(() => solve({ ...base, objective: { mode: "balance", balanceWeight: -1 } })).toThrow(/objective.balanceWeight/);
  });

  it("isBetter ranks by the mode's objective value when given the problem", () => {
    const problem: Problem = { ...randomFleet(4, false), objective: { mode: "balance" } };
    const sols = [1, 2, 3, 4].map((seed) => solve(problem, { seed, maxIterations: 30 }));
    for (const a of sols) {
      for (const b of sols) {
        const va = objectiveStats(problem, a).value;
        const vb = objectiveStats(problem, b).value;
        if (a.unassigned.length === b.unassigned.length) expect(isBetter(a, b, problem)).toBe(va < vb);
      }
    }
  });

  it("solves an objective mode in a worker", async () => {
    const problem: Problem = { ...randomFleet(5, true), objective: { mode: "min_vehicles" } };
    const events: number[] = [];
    const sol = await solveInWorker(problem, { seed: 7, maxIterations: 300, onProgress: (e) => events.push(e.elapsedMs) });
    expect(validateSolution(problem, sol).violations).toEqual([]);
    expect(sol.routes.length).toBe(solve(problem, { seed: 7, maxIterations: 300 }).routes.length);
    for (let i = 1; i < events.length; i++) expect(events[i]! - events[i - 1]!).toBeGreaterThanOrEqual(245); // 250 ms apart, give or take the clock reads
  });

  it("progressIntervalMs throttles onProgress", () => {
    let clock = 0;
    const now = (): number => (clock += 1);
    const all: number[] = [];
    const few: number[] = [];
    const base = randomFleet(2, false);
    solve(base, { ...BUDGET, now, onProgress: (e) => all.push(e.bestCost) });
    clock = 0;
    solve(base, { ...BUDGET, now, progressIntervalMs: 1e9, onProgress: (e) => few.push(e.bestCost) });
    expect(all.length).toBeGreaterThan(1);
    expect(few).toEqual([all[0]]);
  });
});

/** 20 jobs with service times around a central depot, 4 vehicles, loose capacity, optional windows. */
function randomFleet(seed: number, withWindows: boolean): Problem {
  const rng = new Rng(seed);
  const pts = [[50, 50] as [number, number], ...randomPoints(rng, 20)];
  const m = euclidMatrix(pts);
  const jobs: Job[] = Array.from({ length: 20 }, (_, i) => ({
    id: i + 1,
    location: i + 1,
    service: 10 + rng.int(30),
    delivery: [1 + rng.int(3)],
    ...(withWindows ? { timeWindows: [[rng.int(300), 400 + rng.int(400)] as TimeWindow] } : {}),
  }));
  return { matrices: { durations: m }, jobs, vehicles: [1, 2, 3, 4].map((id) => ({ id, start: 0, end: 0, capacity: [25] })) };
}
