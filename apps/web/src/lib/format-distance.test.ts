import { createElement, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { renderHook } from "@testing-library/react";
import {
  DistanceUnitProvider,
  distanceIn,
  distanceUnitLabels,
  formatDistance,
  perDistanceUnit,
  regionDistanceUnit,
  useDistanceUnit,
  useFormatDistance,
} from "@/lib/format-distance";

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

describe("a negative distance", () => {
  it("keeps its sign when asked (a saving that is a loss), and is refused otherwise", () => {
    expect(formatDistance(-3500, "km", { signed: true })).toBe("−3.5 km");
    expect(formatDistance(-3500, "km")).toBe("—");
  });
});

describe("the unit for charts and labels", () => {
  it("converts metres to the unit, to one decimal, and a per-km figure to one per mile", () => {
    expect(distanceIn(35_000, "km")).toBe(35);
    expect(distanceIn(35_000, "miles")).toBe(21.7);
    expect(perDistanceUnit(168, "miles")).toBeCloseTo(270.4, 1);
    expect(distanceUnitLabels.miles.plural).toBe("Miles");
  });

  it("guesses miles for the US and the UK, kilometres elsewhere, when the preference is unknown", () => {
    expect(regionDistanceUnit("en-GB")).toBe("miles");
    expect(regionDistanceUnit("en")).toBe("miles");
    expect(regionDistanceUnit("de-CH")).toBe("km");
    expect(regionDistanceUnit("not a tag")).toBe("km");
  });
});

describe("useFormatDistance", () => {
  it("formats in the unit of the nearest DistanceUnitProvider, kilometres without one", () => {
    const inUnit = (unit: "km" | "miles") => ({ children }: { children: ReactNode }) => createElement(DistanceUnitProvider, { unit, children });
    expect(renderHook(() => useFormatDistance(), { wrapper: inUnit("miles") }).result.current(5000)).toBe("3.1 mi");
    expect(renderHook(() => useFormatDistance(), { wrapper: inUnit("km") }).result.current(5000)).toBe("5 km");
    expect(renderHook(() => useDistanceUnit()).result.current).toBe("km");
  });
});
