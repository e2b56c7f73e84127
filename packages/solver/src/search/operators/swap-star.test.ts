import { describe, expect, it } from "vitest";
import { compileProblem } from "../../model/instance";
import type { Problem } from "../../model/types";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { euclidMatrix, randomPoints, randomProblem } from "../../test-support/random-problems";
import { Rng } from "../../util/rng";
import { isArcOnly, SwapStar } from "./swap-star";

/** Random CVRPs: one depot, deliveries only (or pickups only), a few vehicles of two speeds. */
function cvrps(count: number): Problem[] {
  return Array.from({ length: count }, (_, i) => {
    const rng = new Rng(500 + i);
    const n = 8 + rng.int(25);
    const durations = euclidMatrix(randomPoints(rng, n + 1));
    const pickups = i % 4 === 3;
    return {
      matrices: { durations },
      jobs: Array.from({ length: n }, (_, j) => ({ id: j + 1, location: j + 1, ...(pickups ? { pickup: [1 + rng.int(9)] } : { delivery: [1 + rng.int(9)] }) })),
      vehicles: Array.from({ length: 2 + rng.int(4) }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [20 + rng.int(30)], ...(k === 1 ? { speedFactor: 1.5 } : {}) })),
    };
  });
}

describe("swap-star", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new SwapStar(), 0, cvrps(80))).toBeGreaterThan(20);
  });

  it("runs only where a route's cost is its arcs and its feasibility its total load", () => {
    const [cvrp] = cvrps(1);
    expect(isArcOnly(compileProblem(cvrp!))).toBe(true);
    const windowed: Problem = { ...cvrp!, jobs: cvrp!.jobs!.map((j, k) => (k === 0 ? { ...j, timeWindows: [[0, 100]] } : j)) };
    expect(isArcOnly(compileProblem(windowed))).toBe(false);
    const mixed: Problem = { ...cvrp!, jobs: cvrp!.jobs!.map((j, k) => (k === 0 ? { ...j, pickup: [1] } : j)) };
    expect(isArcOnly(compileProblem(mixed))).toBe(false);
    expect(isArcOnly(compileProblem(randomProblem(3)))).toBe(false);
  });
});
