import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { OrOpt } from "./or-opt";

describe("or-opt", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new OrOpt())).toBeGreaterThan(0);
  });
});
