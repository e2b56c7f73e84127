import { describe, expect, it } from "vitest";
import { clockAfter, formatDuration } from "@/lib/format-duration";

describe("formatDuration", () => {
  it("words minutes and hours", () => {
    expect(formatDuration(20)).toBe("< 1 min");
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(12 * 60 + 10)).toBe("12 min");
    expect(formatDuration(3600)).toBe("1 h");
    expect(formatDuration(3900)).toBe("1 h 05 min");
    expect(formatDuration(-1)).toBe("—");
  });
});

describe("clockAfter", () => {
  it("adds seconds to a departure time", () => {
    expect(clockAfter("09:00", 1015.7)).toBe("09:17");
    expect(clockAfter("23:30", 3600)).toBe("00:30 +1d");
  });
});
