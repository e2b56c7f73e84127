import { describe, expect, it } from "vitest";
import { createFormatter } from "@routepilot/contracts";
import { duration, hourLabel, monthLabel } from "./format";

const en = createFormatter({ language: "en", timeZone: "Pacific/Auckland", unit: "km" });
const de = createFormatter({ language: "de", timeZone: "Europe/Vaduz", unit: "km" });
const us = createFormatter({ language: "en-US", timeZone: "America/New_York", unit: "miles" });

describe("analytics formats", () => {
  it("writes a calendar month and an hour of the day as the reader's language does, whatever their time zone", () => {
    expect(monthLabel("2025-03", en)).toBe("Mar 2025");
    expect(monthLabel("2025-03", de)).toBe("März 2025");
    expect(hourLabel(9, en)).toBe("09:00");
    expect(hourLabel(0, de)).toBe("00:00");
    expect(hourLabel(14, us)).toMatch(/^02:00\sPM$/);
  });

  it("keeps the sign of a negative duration", () => {
    expect(duration(-3900, en)).toBe("−1 h 05 min");
    expect(duration(0, en)).toBe("0 min");
  });
});
