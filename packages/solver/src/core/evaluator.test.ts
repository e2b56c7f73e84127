import { describe, expect, it } from "vitest";
import { compileProblem, KIND_DELIVERY, KIND_PICKUP, type Instance } from "../model/instance";
import type { Problem } from "../model/types";
import { Rng } from "../util/rng";
import { SolutionState } from "./solution-state";

/** Shipments only, no windows or capacity limits: a candidate is feasible exactly when its precedence holds. */
function shipmentProblem(nShipments: number, nVehicles: number): Problem {
  const n = 1 + 2 * nShipments;
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 1 + ((i * 7 + j * 13) % 17))));
  return {
    matrices: { durations: m },
    jobs: [],
    shipments: Array.from({ length: nShipments }, (_, k) => ({
      amount: [1],
      pickup: { id: 2 * k + 1, location: 2 * k + 1 },
      delivery: { id: 2 * k + 2, location: 2 * k + 2 },
    })),
    vehicles: Array.from({ length: nVehicles }, (_, v) => ({ id: v + 1, start: 0, end: 0, capacity: [1000] })),
  };
}

/** Every pickup before its delivery, both in the sequence. */
function precedenceHolds(inst: Instance, seq: number[]): boolean {
  const at = new Map(seq.map((t, i) => [t, i]));
  for (const t of seq) {
    const y = inst.taskPartner[t]!;
    if (y < 0) continue;
    const i = at.get(y);
    if (i === undefined) return false;
    if (inst.taskKind[t] === KIND_PICKUP && i < at.get(t)!) return false;
    if (inst.taskKind[t] === KIND_DELIVERY && i > at.get(t)!) return false;
  }
  return true;
}

function shuffle<T>(xs: T[], rng: Rng): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [xs[i], xs[j]] = [xs[j]!, xs[i]!];
  }
  return xs;
}

describe("Evaluator: shipment precedence on the fast path", () => {
  it("accepts a candidate exactly when every pickup precedes its delivery (random prefix, middle and suffix)", () => {
    const inst = compileProblem(shipmentProblem(8, 3));
    const rng = new Rng(7);
    let feasible = 0;
    let checked = 0;
    for (let trial = 0; trial < 400; trial++) {
      const state = new SolutionState(inst);
      // Valid routes: each shipment on a random vehicle, pickup before delivery.
      const routes: number[][] = [[], [], []];
      for (let q = 0; q < inst.nRequests; q++) {
        const r = routes[rng.int(3)]!;
        const a = rng.int(r.length + 1);
        r.splice(a, 0, inst.requestFirst[q]!);
        const b = a + 1 + rng.int(r.length - a);
        r.splice(b, 0, inst.requestSecond[q]!);
      }
      routes.forEach((tasks, v) => state.setRoute(v, tasks));
      const pre = state.routes[rng.int(3)]!;
      const suf = rng.next() < 0.5 ? pre : state.routes[rng.int(3)]!;
      const i = rng.int(pre.tasks.length + 1);
      const j = pre === suf ? i + 1 + rng.int(suf.tasks.length - i + 1) : 1 + rng.int(suf.tasks.length + 1);
      const head = pre.tasks.slice(0, i);
      const tail = suf.tasks.slice(j - 1);
      if (pre !== suf && tail.length + head.length === 0 && rng.next() < 0.5) continue;
      // Middle: a random selection of the tasks in neither the head nor the tail, in random order.
      const used = new Set([...head, ...tail]);
      const free = shuffle(
        routes.flat().filter((t) => !used.has(t)),
        rng,
      );
      const mode = rng.int(3);
      let middle: number[];
      if (mode === 0) middle = free.slice(0, rng.int(Math.min(free.length, 6) + 1));
      else if (mode === 1) {
        // Whole shipments, pickup first.
        middle = free.filter((t) => inst.taskKind[t] === KIND_PICKUP && !used.has(inst.taskPartner[t]!)).slice(0, rng.int(3)).flatMap((t) => [t, inst.taskPartner[t]!]);
      } else {
        // The skipped part of the prefix's route (when the suffix is the same route), with one pair of neighbours swapped.
        middle = pre === suf ? pre.tasks.slice(i, j - 1) : [];
        const k = rng.int(Math.max(1, middle.length - 1));
        if (middle.length > 1 && rng.next() < 0.5) [middle[k], middle[k + 1]] = [middle[k + 1]!, middle[k]!];
      }
      const ev = state.ev;
      ev.startFrom(pre, i);
      for (const t of middle) ev.addTask(t);
      const cost = ev.finishWith(suf, j);
      const expected = precedenceHolds(inst, [...head, ...middle, ...tail]);
      expect(cost < Infinity, JSON.stringify({ head, middle, tail })).toBe(expected);
      // The same candidate ended at the vehicle's end instead of a suffix.
      ev.startFrom(pre, i);
      for (const t of middle) ev.addTask(t);
      expect(ev.finish() < Infinity).toBe(precedenceHolds(inst, [...head, ...middle]));
      checked++;
      if (expected) feasible++;
    }
    // Both outcomes occur often enough for the comparison to mean something.
    expect(checked).toBeGreaterThan(300);
    expect(feasible).toBeGreaterThan(40);
    expect(checked - feasible).toBeGreaterThan(40);
  });
});

/** Jobs with one or two windows, setup and service, vehicles with one or two breaks (one or two windows, service), single trips. */
function breakProblem(nJobs: number, nVehicles: number, rng: Rng): Problem {
  const n = 1 + nJobs;
  const m = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 0 : 1 + ((i * 7 + j * 13) % 17))));
  return {
    matrices: { durations: m },
    jobs: Array.from({ length: nJobs }, (_, k) => {
      const a = rng.int(250);
      // Every 4th job shares job 1's location (no setup when one follows another there).
      return {
        id: k + 1,
        location: k % 4 === 3 ? 1 : k + 1,
        setup: rng.int(2) === 0 ? 25 : 0,
        service: 5 + rng.int(10),
        timeWindows: rng.next() < 0.3 ? [[a, a + 60], [a + 120, a + 200]] : [[a, a + 160]],
      };
    }),
    vehicles: Array.from({ length: nVehicles }, (_, v) => ({
      id: v + 1,
      start: 0,
      end: 0,
      timeWindow: [0, 600] as const,
      breaks: Array.from({ length: 1 + rng.int(2) }, (_, b) => ({
        id: 100 * (v + 1) + b,
        timeWindows: rng.next() < 0.3 ? [[40 + 120 * b, 80 + 120 * b], [120 + 120 * b, 160 + 120 * b]] : [[40 + 120 * b, 160 + 120 * b]],
        service: 10 + rng.int(20),
      })),
    })),
  };
}

describe("Evaluator: breaks on the fast path", () => {
  it("costs a prefix + middle + suffix candidate exactly as a full simulation of the same sequence", () => {
    const rng = new Rng(11);
    let feasible = 0;
    let checked = 0;
    for (let trial = 0; trial < 300; trial++) {
      const inst = compileProblem(breakProblem(10, 2, rng));
      const state = new SolutionState(inst);
      // Feasible random routes: the breaks, then each job at the first feasible of its positions in random order.
      for (let v = 0; v < 2; v++) state.setRoute(v, inst.vBreaks[v]!.slice());
      for (let t = 0; t < inst.nTasks; t++) {
        if (inst.taskVehicle[t]! >= 0) continue;
        const v = rng.int(2);
        const tasks = state.routes[v]!.tasks.slice();
        for (const at of shuffle([...Array(tasks.length + 1).keys()], rng)) {
          state.setRoute(v, [...tasks.slice(0, at), t, ...tasks.slice(at)]);
          if (state.routes[v]!.cost < Infinity) break;
          state.setRoute(v, tasks);
        }
      }
      const r = state.routes[rng.int(2)]!;
      if (r.cost === Infinity) continue;
      const i = rng.int(r.tasks.length + 1);
      const j = i + 1 + rng.int(r.tasks.length - i + 1);
      const head = r.tasks.slice(0, i);
      const tail = r.tasks.slice(j - 1);
      // Middle: the skipped part shuffled, or with one task of the other route added.
      const middle = shuffle(r.tasks.slice(i, j - 1), rng);
      const other = state.routes[1 - r.v]!.tasks.filter((t) => inst.taskVehicle[t]! < 0);
      if (other.length > 0 && rng.next() < 0.5) middle.splice(rng.int(middle.length + 1), 0, other[rng.int(other.length)]!);
      const ev = state.ev;
      ev.startFrom(r, i);
      for (const t of middle) ev.addTask(t);
      const fast = ev.finishWith(r, j);
      ev.startEmpty(r.v);
      for (const t of [...head, ...middle, ...tail]) ev.addTask(t);
      const full = ev.finish();
      if (full === Infinity) expect(fast).toBe(Infinity);
      else expect(fast).toBeCloseTo(full, 6);
      checked++;
      if (full < Infinity) feasible++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(feasible).toBeGreaterThan(30);
    expect(checked - feasible).toBeGreaterThan(20);
  });
});
