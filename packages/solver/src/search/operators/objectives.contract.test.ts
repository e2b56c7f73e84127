import { describe, expect, it } from "vitest";
import type { ObjectiveMode, Problem } from "../../model/types";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { randomProblem } from "../../test-support/random-problems";
import { createOperators } from "./registry";

/**
 * The operators' deltas under the min_vehicles and balance objectives: balance evaluates route
 * durations from the suffix caches (single windows) or by simulation (several windows).
 */
function variants(mode: ObjectiveMode, singleWindow: boolean): Problem[] {
  return Array.from({ length: 40 }, (_, i) => {
    const p = randomProblem(3000 + i);
    const jobs = singleWindow ? p.jobs?.map((j) => (j.timeWindows ? { ...j, timeWindows: j.timeWindows.slice(0, 1) } : j)) : p.jobs;
    return { ...p, jobs, shipments: singleWindow ? [] : p.shipments, objective: { mode } };
  });
}

describe("operator contracts under objective modes", () => {
  for (const op of createOperators()) {
    it(`${op.name}: balance (cached durations), balance (simulated) and min_vehicles`, () => {
      const make = () => createOperators().find((o) => o.name === op.name)!;
      expect(checkOperatorContract(make, 0, variants("balance", true))).toBeGreaterThan(0);
      expect(checkOperatorContract(make, 0, variants("balance", false))).toBeGreaterThan(0);
      expect(checkOperatorContract(make, 0, variants("min_vehicles", false))).toBeGreaterThan(0);
    });
  }
});
