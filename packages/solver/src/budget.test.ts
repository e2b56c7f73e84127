import { describe, expect, it } from "vitest";
import { defaultTimeLimitMs } from "./budget";

describe("defaultTimeLimitMs", () => {
  it("grows with the tasks and leaves room within 1 s up to 200 tasks", () => {
    expect(defaultTimeLimitMs(0)).toBe(100);
    expect(defaultTimeLimitMs(50)).toBe(500);
    expect(defaultTimeLimitMs(106)).toBe(900);
    expect(defaultTimeLimitMs(200)).toBe(900);
    expect(defaultTimeLimitMs(5000)).toBe(900);
    for (let n = 1; n <= 300; n++) expect(defaultTimeLimitMs(n)).toBeGreaterThanOrEqual(defaultTimeLimitMs(n - 1));
  });
});
