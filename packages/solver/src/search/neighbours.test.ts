import { describe, expect, it } from "vitest";
import { compileProblem, isVehicleTask, type Instance } from "../model/instance";
import type { Problem } from "../model/types";
import { randomProblem } from "../test-support/random-problems";
import { buildNeighbours } from "./neighbours";

/** Reference: full sort of every other non-break task by symmetric cost, ties by index. */
function reference(inst: Instance, k: number): Int32Array {
  const n = inst.nTasks;
  const kk = Math.max(0, Math.min(k, n - 1));
  const c = inst.cost[0]!;
  const s = inst.stride;
  const out = new Int32Array(n * kk).fill(-1);
  for (let t = 0; t < n; t++) {
    if (isVehicleTask(inst.taskKind[t])) continue;
    const lt = inst.taskLoc[t]!;
    const key = (u: number): number => {
      const v = c[lt * s + inst.taskLoc[u]!]! + c[inst.taskLoc[u]! * s + lt]!;
      return Number.isFinite(v) ? v : Number.MAX_VALUE;
    };
    const others = [];
    for (let u = 0; u < n; u++) if (u !== t && !isVehicleTask(inst.taskKind[u])) others.push(u);
    others.sort((a, b) => key(a) - key(b) || a - b);
    others.slice(0, kk).forEach((u, i) => (out[t * kk + i] = u));
  }
  return out;
}

describe("buildNeighbours", () => {
  it("matches a full sort (ties by index, unreachable pairs last, breaks left out)", () => {
    for (let seed = 0; seed < 200; seed++) {
      const p: Problem = randomProblem(seed);
      // Odd seeds: coarse costs (many ties) and some unreachable pairs.
      const problem: Problem =
        seed % 2 === 0
          ? p
          : {
              ...p,
              matrices: {
                durations: p.matrices.durations.map((r, i) => r.map((v, j) => (i !== j && (i * 7 + j * 3) % 5 === 0 ? null : Math.round(v! / 30)))),
              },
            };
      const inst = compileProblem(problem);
      // Distance-only objective over unreachable durations: some costs are 0 × Infinity = NaN.
      if (seed % 4 === 1) inst.cost[0] = inst.cost[0]!.map((c, i) => (i % 7 === 0 ? NaN : c));
      for (const k of [0, 1, 3, 40]) {
        const nb = buildNeighbours(inst, k);
        expect(nb.list).toEqual(reference(inst, k));
      }
    }
  });
});
