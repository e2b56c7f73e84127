import { describe, expect, it } from "vitest";
import { validateSolution } from "../../check/validate-solution";
import { compileProblem } from "../../model/instance";
import type { Problem } from "../../model/types";
import { solve } from "../../solve";
import { euclidMatrix, permutations, randomPoints } from "../../test-support/random-problems";
import { Rng } from "../../util/rng";
import { buildNeighbours } from "../../search/neighbours";
import { cvrpOf, routeWarp, withNeighbours, type Cvrp } from "./cvrp";
import { Individual } from "./individual";
import { HgsLocalSearch } from "./local-search";
import { Splitter } from "./split";

function cvrpProblem(seed: number, n: number, vehicles: number, capacity: number): Problem {
  const rng = new Rng(seed);
  return {
    matrices: { durations: euclidMatrix(randomPoints(rng, n + 1)) },
    jobs: Array.from({ length: n }, (_, j) => ({ id: j + 1, location: j + 1, delivery: [1 + rng.int(9)] })),
    vehicles: Array.from({ length: vehicles }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [capacity] })),
  };
}

/** A VRPTW: windows of 40–160 around a reachable time, service 5, a shift of 0–400. */
function vrptwProblem(seed: number, n: number, vehicles: number, capacity: number): Problem {
  const base = cvrpProblem(seed, n, vehicles, capacity);
  const rng = new Rng(seed * 7 + 1);
  const m = base.matrices.durations as number[][];
  return {
    ...base,
    jobs: base.jobs!.map((j) => {
      const mid = m[0]![j.location]! + rng.int(Math.max(1, 380 - 2 * m[0]![j.location]!));
      const half = 20 + rng.int(60);
      return { ...j, service: 5, timeWindows: [[Math.max(0, mid - half), mid + half]] };
    }),
    vehicles: base.vehicles.map((v) => ({ ...v, timeWindow: [0, 400] as const })),
  };
}

/** Every way to cut a giant tour into consecutive routes. */
function cuts(tour: number[]): number[][][] {
  const out: number[][][] = [];
  for (let mask = 0; mask < 1 << (tour.length - 1); mask++) {
    const routes: number[][] = [[]];
    tour.forEach((c, i) => {
      if (i > 0 && mask & (1 << (i - 1))) routes.push([]);
      routes[routes.length - 1]!.push(c);
    });
    out.push(routes);
  }
  return out;
}

function plain(problem: Problem): Cvrp {
  const inst = compileProblem(problem);
  const cvrp = cvrpOf(inst);
  if (!cvrp) throw new Error("not a plain CVRP");
  return withNeighbours(cvrp, buildNeighbours(inst, 40));
}

/** Distance + penalty × overload (+ warpPenalty × time warp with windows) of some routes, recomputed from the matrix. */
function priced(cvrp: Cvrp, routes: number[][], penalty: number, warpPenalty = 0): number {
  const m = cvrp.n + 1;
  let c = 0;
  for (const r of routes) {
    if (r.length === 0) continue;
    let prev = 0;
    let load = 0;
    for (const x of r) {
      c += cvrp.d[prev * m + x]!;
      load += cvrp.demand[x]!;
      prev = x;
    }
    c += cvrp.d[prev * m]! + penalty * Math.max(0, load - cvrp.capacity);
    if (cvrp.tw) c += warpPenalty * routeWarp(cvrp, r, 0, r.length);
  }
  return c;
}

describe("plain CVRP detection", () => {
  const base = cvrpProblem(1, 12, 3, 20);
  it("takes a CVRP with one depot, one capacity and symmetric costs, and bounds the route slots", () => {
    const cvrp = plain(base);
    expect(cvrp.n).toBe(12);
    expect(cvrp.vehicles).toBeLessThanOrEqual(3);
    const big = plain({ ...base, vehicles: Array.from({ length: 12 }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [20] })) });
    expect(big.vehicles).toBe(Math.min(12, Math.ceil((1.3 * big.totalDemand) / 20) + 3));
    // Correlated vertices are symmetric.
    for (let i = 1; i <= cvrp.n; i++) for (const j of cvrp.correlated[i]!) expect([...cvrp.correlated[j]!]).toContain(i);
  });

  it("takes a VRPTW (one window per job, one shift, costs equal to travel times) with the whole fleet as route slots", () => {
    const cvrp = plain(vrptwProblem(2, 12, 3, 20));
    expect(cvrp.tw).not.toBeNull();
    expect(cvrp.vehicles).toBe(3);
    expect(cvrp.tw!.late[0]).toBe(400);
    expect(cvrp.tw!.service[1]).toBe(5);
  });

  const variants: [string, (p: Problem) => Problem][] = [
    ["two windows on a job", (p) => ({ ...p, jobs: p.jobs!.map((j, i) => (i === 0 ? { ...j, timeWindows: [[0, 50], [80, 120]] } : j)) })],
    [
      "a setup time",
      () => {
        const q = vrptwProblem(2, 12, 3, 20);
        return { ...q, jobs: q.jobs!.map((j, i) => (i === 0 ? { ...j, setup: 3 } : j)) };
      },
    ],
    ["windows and distances in the objective", (p) => ({ ...vrptwProblem(2, 12, 3, 20), matrices: { ...p.matrices, distances: p.matrices.durations }, objective: { distance: 1 } })],
    ["two shifts", (p) => ({ ...vrptwProblem(2, 12, 3, 20), vehicles: p.vehicles.map((v, k) => ({ ...v, timeWindow: [0, 400 + k] as const })) })],
    ["an asymmetric matrix", (p) => ({ ...p, matrices: { durations: p.matrices.durations.map((r, i) => r.map((v, j) => (i === 1 && j === 2 ? (v as number) + 1 : v))) } })],
    [
      "two capacity dimensions",
      (p) => ({ ...p, jobs: p.jobs!.map((j) => ({ ...j, delivery: [j.delivery![0]!, 1] })), vehicles: p.vehicles.map((v) => ({ ...v, capacity: [20, 5] })) }),
    ],
    ["a fixed cost", (p) => ({ ...p, vehicles: p.vehicles.map((v) => ({ ...v, fixedCost: 10 })) })],
    ["an open route", (p) => ({ ...p, vehicles: p.vehicles.map((v) => ({ id: v.id, start: 0, capacity: [20] })) })],
    ["pickups and deliveries mixed", (p) => ({ ...p, jobs: p.jobs!.map((j, i) => (i === 0 ? { id: j.id, location: j.location, pickup: [2] } : j)) })],
    ["skills", (p) => ({ ...p, jobs: p.jobs!.map((j, i) => (i === 0 ? { ...j, skills: [1] } : j)), vehicles: p.vehicles.map((v, k) => (k === 0 ? { ...v, skills: [1] } : v)) })],
    ["the min_vehicles objective", (p) => ({ ...p, objective: { mode: "min_vehicles" } })],
    ["a route time limit", (p) => ({ ...p, vehicles: p.vehicles.map((v) => ({ ...v, maxTravelTime: 500 })) })],
  ];
  for (const [what, change] of variants) {
    it(`leaves a problem with ${what} to the annealing search`, () => {
      expect(cvrpOf(compileProblem(change(base)))).toBeNull();
    });
  }
});

describe("split", () => {
  it("cuts a giant tour optimally (all cut sets enumerated), with and without a fleet limit", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const n = 9;
      const slots = 2 + (seed % 3);
      const cvrp = plain(cvrpProblem(seed, n, slots, 12));
      const penalty = seed % 2 ? 3 : 100;
      const ind = new Individual(cvrp);
      const rng = new Rng(seed);
      for (let i = 0; i < n; i++) ind.tour[i] = i + 1;
      rng.shuffle(ind.tour);
      const tour = [...ind.tour];
      new Splitter(cvrp).split(ind, { load: penalty, warp: 1 });
      let best = Infinity;
      let unbounded = Infinity;
      for (const routes of cuts(tour)) {
        // The split caps a route at 1.5 × capacity (HGS) unless that leaves no solution.
        const within = routes.every((r) => r.length === 1 || r.reduce((a, c) => a + cvrp.demand[c]!, 0) <= 1.5 * cvrp.capacity);
        if (routes.length > cvrp.vehicles) continue;
        unbounded = Math.min(unbounded, priced(cvrp, routes, penalty));
        if (within) best = Math.min(best, priced(cvrp, routes, penalty));
      }
      if (best === Infinity) best = unbounded;
      expect(ind.routes.filter((r) => r.length > 0).length).toBeLessThanOrEqual(cvrp.vehicles);
      expect([...ind.routes.flat()]).toEqual(tour);
      expect(ind.penalised).toBeCloseTo(best, 6);
    }
  });
});

describe("local search", () => {
  it("never raises the penalised cost, keeps every customer once and ends where no relocation or swap improves", () => {
    for (let seed = 1; seed <= 15; seed++) {
      const cvrp = plain(cvrpProblem(50 + seed, 16, 6, 15));
      const rng = new Rng(seed);
      const ind = new Individual(cvrp);
      for (let i = 0; i < cvrp.n; i++) ind.tour[i] = i + 1;
      rng.shuffle(ind.tour);
      const penalty = [0.5, 5, 50][seed % 3]!;
      new Splitter(cvrp).split(ind, { load: penalty, warp: 1 });
      const before = ind.penalised;
      new HgsLocalSearch(cvrp).run(ind, { load: penalty, warp: 1 }, rng);
      expect(ind.penalised).toBeLessThanOrEqual(before + 1e-9);
      expect(ind.penalised).toBeCloseTo(priced(cvrp, ind.routes, penalty), 6);
      expect(ind.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: cvrp.n }, (_, i) => i + 1));
      // n ≤ 20: every customer is correlated with every other, so no single relocation improves.
      const cur = priced(cvrp, ind.routes, penalty);
      for (let r = 0; r < ind.routes.length; r++) {
        for (let p = 0; p < ind.routes[r]!.length; p++) {
          const c = ind.routes[r]![p]!;
          for (let r2 = 0; r2 < ind.routes.length; r2++) {
            const without = ind.routes.map((x) => x.filter((y) => y !== c));
            for (let q = 0; q <= without[r2]!.length; q++) {
              const moved = without.map((x) => x.slice());
              moved[r2]!.splice(q, 0, c);
              expect(priced(cvrp, moved, penalty)).toBeGreaterThan(cur - 1e-3);
            }
          }
        }
      }
    }
  });
});

describe("with time windows", () => {
  it("the split is the cheapest cut of the giant tour, time warp priced", () => {
    for (let seed = 1; seed <= 12; seed++) {
      const n = 8;
      const cvrp = plain(vrptwProblem(400 + seed, n, 3, 25));
      const pen = { load: seed % 2 ? 3 : 100, warp: [0.5, 2, 20][seed % 3]! };
      const ind = new Individual(cvrp);
      const rng = new Rng(seed);
      for (let i = 0; i < n; i++) ind.tour[i] = i + 1;
      rng.shuffle(ind.tour);
      const tour = [...ind.tour];
      new Splitter(cvrp).split(ind, pen);
      let best = Infinity;
      let unbounded = Infinity;
      for (const routes of cuts(tour)) {
        if (routes.length > cvrp.vehicles) continue;
        const within = routes.every((r) => r.length === 1 || r.reduce((a, c) => a + cvrp.demand[c]!, 0) <= 1.5 * cvrp.capacity);
        unbounded = Math.min(unbounded, priced(cvrp, routes, pen.load, pen.warp));
        if (within) best = Math.min(best, priced(cvrp, routes, pen.load, pen.warp));
      }
      if (best === Infinity) best = unbounded;
      expect([...ind.routes.flat()]).toEqual(tour);
      expect(ind.penalised).toBeCloseTo(best, 6);
    }
  });

  it("the local search prices time warp exactly: never worse, and no single relocation or swap improves at the end", () => {
    let warped = 0;
    for (let seed = 1; seed <= 15; seed++) {
      const cvrp = plain(vrptwProblem(80 + seed, 14, 5, 20));
      const rng = new Rng(seed);
      const ind = new Individual(cvrp);
      for (let i = 0; i < cvrp.n; i++) ind.tour[i] = i + 1;
      rng.shuffle(ind.tour);
      const pen = { load: [0.5, 5, 50][seed % 3]!, warp: [0.3, 3, 30][(seed >> 1) % 3]! };
      new Splitter(cvrp).split(ind, pen);
      if (ind.warp > 0) warped++;
      const before = ind.penalised;
      new HgsLocalSearch(cvrp).run(ind, pen, rng);
      expect(ind.penalised).toBeLessThanOrEqual(before + 1e-9);
      expect(ind.penalised).toBeCloseTo(priced(cvrp, ind.routes, pen.load, pen.warp), 6);
      expect(ind.routes.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: cvrp.n }, (_, i) => i + 1));
      // n ≤ 20: every customer is correlated with every other.
      const cur = priced(cvrp, ind.routes, pen.load, pen.warp);
      const routes = ind.routes;
      for (let r = 0; r < routes.length; r++) {
        for (const c of routes[r]!) {
          const without = routes.map((x) => x.filter((y) => y !== c));
          for (let r2 = 0; r2 < routes.length; r2++) {
            for (let q = 0; q <= without[r2]!.length; q++) {
              const moved = without.map((x) => x.slice());
              moved[r2]!.splice(q, 0, c);
              expect(priced(cvrp, moved, pen.load, pen.warp)).toBeGreaterThan(cur - 1e-3);
            }
          }
          for (let r2 = 0; r2 < routes.length; r2++) {
            for (const e of routes[r2]!) {
              if (e === c) continue;
              const swapped = routes.map((x) => x.map((y) => (y === c ? e : y === e ? c : y)));
              expect(priced(cvrp, swapped, pen.load, pen.warp)).toBeGreaterThan(cur - 1e-3);
            }
          }
        }
      }
    }
    // The random starts do arrive late somewhere: the warp was there to remove.
    expect(warped).toBeGreaterThan(5);
  });

  it("solve() finds the optimum of small VRPTWs (enumerated) and the checker agrees on time", () => {
    let solved = 0;
    for (let seed = 1; seed <= 4; seed++) {
      const problem = vrptwProblem(500 + seed, 7, 3, 15);
      const cvrp = plain(problem);
      let opt = Infinity;
      for (const perm of permutations(7)) {
        const tour = perm.map((i) => i + 1);
        for (const routes of cuts(tour)) {
          if (routes.length <= 3 && routes.every((r) => routeWarp(cvrp, r, 0, r.length) === 0)) opt = Math.min(opt, priced(cvrp, routes, 1e9));
        }
      }
      const sol = solve(problem, { seed, maxIterations: 300 });
      expect(validateSolution(problem, sol).violations).toEqual([]);
      if (opt < Infinity) {
        solved++;
        expect(sol.unassigned).toEqual([]);
        expect(sol.cost).toBeCloseTo(opt, 6);
      }
    }
    expect(solved).toBeGreaterThanOrEqual(3);
  });
});

describe("hybrid genetic search through solve()", () => {
  it("finds the optimum of small CVRPs (enumerated) and passes the checker", () => {
    for (let seed = 1; seed <= 4; seed++) {
      const problem = cvrpProblem(300 + seed, 7, 3, 15);
      const cvrp = plain(problem);
      let opt = Infinity;
      for (const perm of permutations(7)) {
        const tour = perm.map((i) => i + 1);
        for (const routes of cuts(tour)) {
          if (routes.length <= 3) opt = Math.min(opt, priced(cvrp, routes, 1e9));
        }
      }
      const sol = solve(problem, { seed, maxIterations: 300 });
      expect(validateSolution(problem, sol).violations).toEqual([]);
      expect(sol.unassigned).toEqual([]);
      expect(sol.cost).toBeCloseTo(opt, 6);
    }
  });

  it("is deterministic for a seed and an iteration budget, and matches the annealing search's result format", () => {
    const problem = cvrpProblem(77, 60, 10, 40);
    const a = solve(problem, { seed: 3, maxIterations: 400 });
    const b = solve(problem, { seed: 3, maxIterations: 400 });
    expect(a.routes).toEqual(b.routes);
    expect(a.iterations).toBe(400);
    const annealing = solve(problem, { seed: 3, maxIterations: 400, tuning: { engine: "annealing" } });
    expect(validateSolution(problem, annealing).violations).toEqual([]);
    expect(validateSolution(problem, a).violations).toEqual([]);
    expect(a.cost).toBeCloseTo(validateSolution(problem, a).cost, 6);
  });

  it("leaves jobs out through the annealing search when the fleet cannot carry them all", () => {
    const problem = cvrpProblem(5, 20, 2, 30);
    const sol = solve(problem, { seed: 1, maxIterations: 300 });
    expect(validateSolution(problem, sol).violations).toEqual([]);
    expect(sol.unassigned.length).toBeGreaterThan(0);
  });
});
