import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { SwapTails } from "./swap-tails";

describe("swap-tails", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new SwapTails())).toBeGreaterThan(0);
  });
});
