import { describe, expect, it } from "vitest";
import { checkOperatorContract } from "../../test-support/operator-harness";
import { Relocate } from "./relocate";

describe("relocate", () => {
  it("applies exactly the evaluated delta and keeps every route feasible", () => {
    expect(checkOperatorContract(() => new Relocate())).toBeGreaterThan(0);
  });
});
