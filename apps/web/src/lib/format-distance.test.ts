import { describe, expect, it } from "vitest";
import { formatDistance } from "@/lib/format-distance";

describe("formatDistance", () => {
  it("shows miles with one decimal below 100 and whole miles above", () => {
    expect(formatDistance(1609.344, "miles")).toBe("1 mi");
    expect(formatDistance(5000, "miles")).toBe("3.1 mi");
    expect(formatDistance(250_000, "miles")).toBe("155 mi");
    expect(formatDistance(1_000_000, "miles")).toBe("621 mi");
  });

  it("shows short hops in feet", () => {
    expect(formatDistance(100, "miles")).toBe("328 ft");
  });

  it("shows kilometres, and metres under 1 km", () => {
    expect(formatDistance(850, "km")).toBe("850 m");
    expect(formatDistance(5000, "km")).toBe("5 km");
    expect(formatDistance(12_345, "km")).toBe("12.3 km");
    expect(formatDistance(1_234_567, "km")).toBe("1,235 km");
  });

  it("refuses nonsense", () => {
    expect(formatDistance(Number.NaN, "km")).toBe("—");
    expect(formatDistance(-1, "miles")).toBe("—");
  });
});
