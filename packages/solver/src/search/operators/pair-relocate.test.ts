import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { PairRelocate } from "./pair-relocate";

describe("pair-relocate", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new PairRelocate())).toBeGreaterThan(0);
  });
});
