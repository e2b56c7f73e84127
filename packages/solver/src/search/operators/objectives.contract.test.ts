import { describe, expect, it } from "vitest";
import type { ObjectiveMode, Problem } from "../../model/types";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { randomProblem } from "../../test-support/random-problems";
import { createOperators } from "./registry";

/**
 * The operators' deltas under the min_vehicles and balance objectives: balance reads working
 * times from the route caches (fast path: no breaks; shipments too since issue 26) or simulates
 * (slow path: vehicles with breaks).
 */
function variants(mode: ObjectiveMode, fastPath: boolean): Problem[] {
  return Array.from({ length: 40 }, (_, i) => {
    const p = randomProblem(3000 + i);
    if (!fastPath) return { ...p, objective: { mode } };
    const vehicles = p.vehicles.map(({ breaks: _b, ...v }) => v);
    return { ...p, vehicles, objective: { mode } };
  });
}

describe("operator contracts under objective modes", () => {
  for (const op of createOperators()) {
    it(`${op.name}: balance (cached working times), balance (simulated) and min_vehicles`, () => {
      const make = () => createOperators().find((o) => o.name === op.name)!;
      expect(checkOperatorContract(make, 0, variants("balance", true))).toBeGreaterThan(0);
      expect(checkOperatorContract(make, 0, variants("balance", false))).toBeGreaterThan(0);
      expect(checkOperatorContract(make, 0, variants("min_vehicles", false))).toBeGreaterThan(0);
    });
  }
});
