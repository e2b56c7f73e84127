import { readFileSync, writeFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { validateSolution } from "../check/validate-solution";
import { solve } from "../solve";
import { fromVroomInput } from "./from-vroom";
import { toVroomOutput } from "./to-vroom";
import type { VroomOutput } from "./vroom-types";

const dir = new URL("./fixtures/", import.meta.url);
const input: unknown = JSON.parse(readFileSync(new URL("golden-input.json", dir), "utf8"));

/** Computing times vary from run to run; everything else must match the golden file. */
function stable(out: VroomOutput): VroomOutput {
  const copy = structuredClone(out);
  if (copy.summary) copy.summary.computing_times = { loading: 0, solving: 0, routing: 0 };
  return copy;
}

describe("VROOM format golden example", () => {
  const problem = fromVroomInput(input);
  const solution = solve(problem, { seed: 1, maxIterations: 300 });
  const output = stable(toVroomOutput(problem, solution));

  it("matches the expected output", () => {
    const file = new URL("golden-output.json", dir);
    if (process.env.UPDATE_GOLDEN === "1") writeFileSync(file, `${JSON.stringify(output, null, 2)}\n`);
    const expected = JSON.parse(readFileSync(file, "utf8")) as VroomOutput;
    expect(output).toEqual(expected);
  });

  it("is feasible, explains the unassigned jobs and keeps the break", () => {
    expect(validateSolution(problem, solution).violations).toEqual([]);
    expect(output.unassigned).toEqual([
      { id: 5, type: "job", location_index: 5, reason: "capacity" },
      { id: 6, type: "job", location_index: 1, reason: "time_window" },
    ]);
    const steps = output.routes!.flatMap((r) => r.steps);
    expect(steps.filter((s) => s.type === "break").map((s) => s.id)).toEqual([100]);
    const p = steps.findIndex((s) => s.type === "pickup" && s.id === 7);
    const d = steps.findIndex((s) => s.type === "delivery" && s.id === 8);
    expect(p).toBeGreaterThanOrEqual(0);
    expect(d).toBeGreaterThan(p);
  });

  it("rejects bad VROOM input with the field name", () => {
    expect(() => fromVroomInput({ vehicles: [{ id: 1 }], jobs: [{ id: 1, location: [2.3, 48.8] }], matrices: { car: { durations: [[0]] } } })).toThrow(
      /jobs\[0\]\.location_index/,
    );
  });
});
