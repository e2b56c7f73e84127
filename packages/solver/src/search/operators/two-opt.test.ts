import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { TwoOpt } from "./two-opt";

describe("two-opt", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new TwoOpt())).toBeGreaterThan(0);
  });
});
