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
