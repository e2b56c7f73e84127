import { describe, expect, it } from "vitest";
import { SolutionState } from "../core/solution-state";
import { compileProblem } from "../model/instance";
import type { Problem } from "../model/types";
import { Rng } from "../util/rng";
import { bestPairInRoute, type Insertion } from "./insertion";

/** Shipments with windows and one job per vehicle, vehicles with one or two breaks: the arc bound's hard case. */
function problem(rng: Rng): Problem {
  const nShipments = 6;
  const n = 1 + 2 * nShipments + 2;
  const pts = Array.from({ length: n }, () => [rng.int(60), rng.int(60)] as const);
  const m = pts.map(([x1, y1]) => pts.map(([x2, y2]) => Math.round(Math.hypot(x1 - x2, y1 - y2))));
  return {
    matrices: { durations: m },
    jobs: [
      { id: 900, location: n - 2, service: 5 },
      { id: 901, location: n - 1, service: 5 },
    ],
    shipments: Array.from({ length: nShipments }, (_, k) => {
      const a = rng.int(200);
      return {
        amount: [1],
        pickup: { id: 2 * k + 1, location: 2 * k + 1, service: 3, timeWindows: [[a, a + 200]] },
        delivery: { id: 2 * k + 2, location: 2 * k + 2, service: 3 },
      };
    }),
    vehicles: [0, 1].map((v) => ({
      id: v + 1,
      start: 0,
      end: 0,
      capacity: [4],
      timeWindow: [0, 500] as const,
      breaks: Array.from({ length: 1 + rng.int(2) }, (_, b) => ({ id: 100 * (v + 1) + b, timeWindows: [[30 + 100 * b, 120 + 100 * b]] as const, service: 10 })),
    })),
  };
}

describe("bestPairInRoute", () => {
  it("finds the cheapest pickup and delivery positions of an exhaustive search, on routes with breaks", () => {
    const rng = new Rng(5);
    let compared = 0;
    let found = 0;
    for (let trial = 0; trial < 400; trial++) {
      const inst = compileProblem(problem(rng));
      const state = new SolutionState(inst);
      for (let v = 0; v < 2; v++) state.setRoute(v, inst.vBreaks[v]!.slice());
      // Every request but the last shipment, each at the first feasible random position pair.
      const target = inst.nRequests - 1;
      for (let q = 0; q < target; q++) {
        const v = rng.int(2);
        const tasks = state.routes[v]!.tasks.slice();
        const first = inst.requestFirst[q]!;
        const second = inst.requestSecond[q]!;
        for (let tries = 0; tries < 20; tries++) {
          const a = rng.int(tasks.length + 1);
          const next = [...tasks.slice(0, a), first, ...tasks.slice(a)];
          if (second >= 0) next.splice(a + 1 + rng.int(next.length - a), 0, second);
          state.setRoute(v, next);
          if (state.routes[v]!.cost < Infinity) break;
          state.setRoute(v, tasks);
        }
      }
      const pickup = inst.requestFirst[target]!;
      const delivery = inst.requestSecond[target]!;
      for (const r of state.routes) {
        if (r.cost === Infinity) continue;
        // Exhaustive: every pickup gap p and delivery gap q >= p, priced by a full simulation.
        let expected = Infinity;
        for (let p = 0; p <= r.tasks.length; p++) {
          for (let q = p; q <= r.tasks.length; q++) {
            const seq = [...r.tasks.slice(0, p), pickup, ...r.tasks.slice(p, q), delivery, ...r.tasks.slice(q)];
            state.ev.startEmpty(r.v);
            for (const t of seq) state.ev.addTask(t);
            expected = Math.min(expected, state.ev.finish() - r.cost);
          }
        }
        const out: Insertion = { v: -1, p: 0, q: 0, delta: 0 };
        const got = bestPairInRoute(state, r, pickup, delivery, null, 0, Infinity, out);
        if (expected === Infinity) expect(got).toBe(Infinity);
        else {
          expect(got).toBeCloseTo(expected, 6);
          found++;
        }
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
    expect(found).toBeGreaterThan(100);
  });
});
