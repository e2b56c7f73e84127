import type { Problem, TimeWindow } from "../model/types";
import { Rng } from "../util/rng";

/** Integer Euclidean matrix over random points in a square; symmetric, triangle inequality up to rounding. */
export function randomPoints(rng: Rng, n: number, size = 100): [number, number][] {
  return Array.from({ length: n }, () => [rng.int(size), rng.int(size)] as [number, number]);
}

export function euclidMatrix(points: [number, number][]): number[][] {
  return points.map((a) => points.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]))));
}

/** All permutations of 0..n-1 (n <= 8). */
export function permutations(n: number): number[][] {
  const out: number[][] = [];
  const a = Array.from({ length: n }, (_, i) => i);
  const rec = (k: number): void => {
    if (k === n) {
      out.push(a.slice());
      return;
    }
    for (let i = k; i < n; i++) {
      [a[k], a[i]] = [a[i]!, a[k]!];
      rec(k + 1);
      [a[k], a[i]] = [a[i]!, a[k]!];
    }
  };
  rec(0);
  return out;
}

/**
 * Travel time of a sequence of locations (undefined ends skipped), time-window feasibility and
 * duration (time at the end, the route leaving at 0).
 */
export function simulate(
  m: number[][],
  start: number | undefined,
  end: number | undefined,
  locs: number[],
  windows?: (TimeWindow | undefined)[],
  service?: number[],
): { cost: number; feasible: boolean; duration: number } {
  let cost = 0;
  let time = 0;
  let prev = start;
  let feasible = true;
  locs.forEach((l, i) => {
    const tt = prev === undefined ? 0 : m[prev]![l]!;
    cost += tt;
    time += tt;
    const w = windows?.[i];
    if (w) {
      if (time > w[1]) feasible = false;
      time = Math.max(time, w[0]);
    }
    time += service?.[i] ?? 0;
    prev = l;
  });
  if (end !== undefined && prev !== undefined) {
    cost += m[prev]![end]!;
    time += m[prev]![end]!;
  }
  return { cost, feasible, duration: time };
}

/** A random problem exercising every constraint, for property tests. */
export function randomProblem(seed: number): Problem {
  const rng = new Rng(seed);
  const nLoc = 3 + rng.int(9);
  const matrix = euclidMatrix(randomPoints(rng, nLoc));
  const dims = rng.int(3);
  const amount = (max: number): number[] => Array.from({ length: dims }, () => rng.int(max));
  const window = (): TimeWindow[] | undefined => {
    if (rng.next() < 0.4) return undefined;
    const k = 1 + rng.int(2);
    const out: TimeWindow[] = [];
    let t = rng.int(200);
    for (let i = 0; i < k; i++) {
      const len = 20 + rng.int(200);
      out.push([t, t + len]);
      t += len + rng.int(100);
    }
    return out;
  };
  const nJobs = rng.int(12);
  const jobs = Array.from({ length: nJobs }, (_, i) => ({
    id: i + 1,
    location: rng.int(nLoc),
    service: rng.int(20),
    ...(rng.next() < 0.3 ? { setup: rng.int(10) } : {}),
    delivery: amount(5),
    pickup: amount(3),
    ...(window() ? { timeWindows: window()! } : {}),
    ...(rng.next() < 0.2 ? { skills: [rng.int(3)] } : {}),
    priority: rng.int(101),
  }));
  const nShip = rng.int(4);
  const shipments = Array.from({ length: nShip }, (_, i) => ({
    pickup: { id: 100 + i, location: rng.int(nLoc), service: rng.int(10), ...(rng.next() < 0.3 ? { timeWindows: window() ?? [] } : {}) },
    delivery: { id: 200 + i, location: rng.int(nLoc), service: rng.int(10) },
    amount: amount(4),
    ...(rng.next() < 0.2 ? { skills: [rng.int(3)] } : {}),
  }));
  const nVeh = 1 + rng.int(3);
  const vehicles = Array.from({ length: nVeh }, (_, i) => {
    const start = rng.next() < 0.85 ? rng.int(nLoc) : undefined;
    return {
    id: i + 1,
    ...(start !== undefined ? { start } : {}),
    ...(rng.next() < 0.7 ? { end: rng.int(nLoc) } : {}),
    ...(dims > 0 ? { capacity: Array.from({ length: dims }, () => 3 + rng.int(15)) } : {}),
    ...(rng.next() < 0.5 ? { timeWindow: [0, 300 + rng.int(1500)] as TimeWindow } : {}),
    skills: rng.next() < 0.5 ? [0, 1] : [1, 2],
    ...(rng.next() < 0.2 ? { maxTravelTime: 100 + rng.int(400) } : {}),
    ...(rng.next() < 0.2 ? { maxStops: 1 + rng.int(6) } : {}),
    ...(rng.next() < 0.2 ? { speedFactor: 0.5 + rng.next() } : {}),
    ...(rng.next() < 0.2 ? { breaks: [{ id: 1000 + i, timeWindows: [[100, 400]] as TimeWindow[], service: 10 + rng.int(20) }] } : {}),
    ...(rng.next() < 0.3 ? { fixedCost: rng.int(100) } : {}),
    // Multi-trip vehicles (reloading at their start).
    ...(start !== undefined && rng.next() < 0.25 ? { maxTrips: 2 + rng.int(2), reloadTime: rng.int(30) } : {}),
    };
  });
  return { matrices: { durations: matrix, distances: matrix }, jobs, shipments, vehicles };
}
