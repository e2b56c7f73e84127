import { describe, expect, it } from "vitest";
import { createFormatter, localeFor } from "./format";
import { formatDistance } from "./distance";

const en = createFormatter({ language: "en", timeZone: "Europe/London", unit: "miles" });
const de = createFormatter({ language: "de", timeZone: "Europe/Vaduz", unit: "km" });

describe("the formatting layer", () => {
  it("maps preference languages to locales and falls back to en-GB", () => {
    expect(localeFor("en")).toBe("en-GB");
    expect(localeFor("de")).toBe("de-DE");
    expect(localeFor("fr-CH")).toBe("fr-CH");
    expect(localeFor("")).toBe("en-GB");
    expect(localeFor("not a tag!")).toBe("en-GB");
  });

  it("writes numbers, percentages and money in the language", () => {
    expect(en.number(12345.67)).toBe("12,345.7");
    expect(de.number(12345.67)).toBe("12.345,7");
    expect(en.percent(12.5)).toBe("12.5%");
    expect(de.percent(12.5)).toBe("12,5\u00a0%");
    expect(en.money(100)).toBe("£1.00");
    expect(de.money(1999, "EUR")).toBe("19,99\u00a0€");
  });

  it("writes distances in the unit and the language", () => {
    expect(en.distance(20_000)).toBe("12.4 mi");
    expect(de.distance(12_400)).toBe("12,4 km");
    expect(de.distance(850)).toBe("850 m");
    expect(de.distance(-1200, { signed: true })).toBe("−1,2 km");
    expect(formatDistance(123_456, "km")).toBe("123 km");
    expect(de.distanceValue(12_345)).toBe(12.3);
  });

  it("shows instants in the time zone and calendar days as they are", () => {
    const instant = "2026-11-28T23:30:00Z";
    expect(en.date(instant)).toBe("28 Nov 2026");
    expect(de.date(instant, "long")).toBe("29. November 2026"); // 00:30 in Vaduz
    expect(en.time(instant)).toBe("23:30");
    expect(de.time(instant)).toBe("00:30");
    expect(de.dateTime(instant)).toBe("29. Nov. 2026, 00:30");
    expect(de.day("2026-11-28", "long")).toBe("28. November 2026");
    expect(en.day("2026-11", "monthYear")).toBe("Nov 2026");
    expect(en.date("not a date")).toBe("—");
  });

  it("says how long ago something was in the language", () => {
    const now = new Date("2026-11-29T12:00:00Z");
    expect(en.relative("2026-11-29T11:55:00Z", now)).toBe("5 minutes ago");
    expect(de.relative("2026-11-29T11:55:00Z", now)).toBe("vor 5 Minuten");
    expect(en.relative("2026-11-28T12:00:00Z", now)).toBe("yesterday");
  });

  it("keeps durations short", () => {
    expect(en.duration(3900)).toBe("1 h 05 min");
    expect(en.duration(20)).toBe("< 1 min");
    expect(en.duration(0)).toBe("0 min");
  });
});
