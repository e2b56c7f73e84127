import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { CrossExchange } from "./cross-exchange";

describe("cross-exchange", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new CrossExchange())).toBeGreaterThan(0);
  });
});
