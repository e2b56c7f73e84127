import { describe, expect, it } from "vitest";
import { validateSolution } from "../check/validate-solution";
import { solve } from "../solve";
import { randomProblem } from "../test-support/random-problems";
import { InvalidProblemError } from "./errors";
import { compileProblem } from "./instance";
import { requireValidProblem } from "./require-valid-problem";
import type { MatrixRow, PlainMatrixRow, Problem, TypedMatrixRow } from "./types";

const kinds = [Float64Array, Int32Array, Uint32Array, Float32Array] as const;

/** The same problem with every matrix row as a typed array of `kind`. */
function typed(p: Problem, kind: (typeof kinds)[number]): Problem<MatrixRow> {
  const rows = (m: readonly PlainMatrixRow[] | undefined): TypedMatrixRow[] | undefined =>
    m?.map((r) => kind.from(r.map((v) => v!)));
  const durations = rows(p.matrices.durations)!;
  const distances = rows(p.matrices.distances);
  const costs = rows(p.matrices.costs);
  return { ...p, matrices: { durations, ...(distances ? { distances } : {}), ...(costs ? { costs } : {}) } };
}

/** Integer matrices (exact in every row kind) and no unreachable pair. */
function integral(seed: number): Problem {
  const p = randomProblem(seed);
  const round = (m: readonly PlainMatrixRow[]): number[][] => m.map((r) => r.map((v) => Math.round(v!)));
  return { ...p, matrices: { durations: round(p.matrices.durations), distances: round(p.matrices.distances!) } };
}

describe("typed matrix rows", () => {
  it("compile to the same instance as plain rows", () => {
    for (let seed = 0; seed < 40; seed++) {
      const plain = integral(seed);
      const a = compileProblem(plain);
      for (const kind of kinds) {
        const b = compileProblem(typed(plain, kind));
        expect(b.dur).toEqual(a.dur);
        expect(b.cost).toEqual(a.cost);
        expect(b.dist).toEqual(a.dist);
        expect(b.maxArcCost).toBe(a.maxArcCost);
      }
    }
  });

  it("solve to the same solution, checked alike by validateSolution", () => {
    for (let seed = 0; seed < 25; seed++) {
      const plain = integral(seed);
      const a = solve(plain, { seed: 3, maxIterations: 200 });
      const kind = kinds[seed % kinds.length]!;
      const problem = typed(plain, kind);
      const b = solve(problem as Problem, { seed: 3, maxIterations: 200 });
      expect({ ...b, computingTimeMs: 0 }).toEqual({ ...a, computingTimeMs: 0 });
      expect(validateSolution(problem, b)).toEqual(validateSolution(plain, a));
    }
  });

  it("are rejected with the field named when a value is negative, not finite or the row is short", () => {
    const bad = (row: TypedMatrixRow, field: string): void => {
      const p: Problem<MatrixRow> = {
        matrices: { durations: [new Float64Array([0, 1, 2]), row, new Int32Array([2, 1, 0])] },
        vehicles: [{ id: 1, start: 0 }],
      };
      let caught: unknown;
      try {
        requireValidProblem(p);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(InvalidProblemError);
      expect((caught as InvalidProblemError).field).toBe(field);
    };
    bad(new Int32Array([1, 0, -1]), "matrices.durations[1][2]");
    bad(new Float64Array([1, NaN, 1]), "matrices.durations[1][1]");
    bad(new Float32Array([Infinity, 0, 1]), "matrices.durations[1][0]");
    bad(new Float64Array([1, 0]), "matrices.durations[1]");
    // A plain row with null still works next to typed rows.
    const mixed: Problem<MatrixRow> = { matrices: { durations: [new Int32Array([0, 1]), [null, 0]] }, vehicles: [{ id: 1, start: 0 }] };
    expect(compileProblem(mixed).dur[0]![1 * 3]).toBe(Infinity);
  });
});

describe("no distance matrix", () => {
  it("reports every distance as 0, as before", () => {
    for (let seed = 0; seed < 10; seed++) {
      const p = integral(seed);
      const noDist: Problem = { ...p, matrices: { durations: p.matrices.durations } };
      const inst = compileProblem(noDist);
      expect(inst.hasDistances).toBe(false);
      // No distance matrix is allocated: the durations stand in, and nothing reports them.
      inst.dist.forEach((d, k) => expect(d).toBe(inst.dur[k]));
      const sol = solve(typed(noDist, Int32Array) as Problem, { seed: 1, maxIterations: 50 });
      expect(sol.distance).toBe(0);
      for (const r of sol.routes) {
        expect(r.distance).toBe(0);
        for (const s of r.steps) expect(s.distance).toBe(0);
      }
      expect(validateSolution(noDist, sol).distance).toBe(0);
    }
  });
});
