import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { Swap } from "./swap";

describe("swap", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new Swap())).toBeGreaterThan(0);
  });
});
