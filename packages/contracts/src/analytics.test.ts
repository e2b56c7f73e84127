import { describe, expect, it } from "vitest";
import { addToDate, analyticsMessages, analyticsRangeSchema, periodDays, previousPeriod } from "./analytics";

function messages(query: unknown): string[] {
  const parsed = analyticsRangeSchema.safeParse(query);
  return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
}

describe("analytics period", () => {
  it("accepts a period up to the day before three years later", () => {
    expect(messages({ from: "2024-01-01", to: "2026-12-31" })).toEqual([]);
    expect(messages({ from: "2025-03-01", to: "2025-03-01" })).toEqual([]);
    expect(messages({ from: "2024-01-01", to: "2027-01-01" })).toEqual([analyticsMessages.tooLong]);
  });

  it("refuses reversed periods and anything that is not a real YYYY-MM-DD date", () => {
    expect(messages({ from: "2025-03-02", to: "2025-03-01" })).toEqual([analyticsMessages.reversed]);
    expect(messages({ from: "2025-02-30", to: "2025-03-01" })).toEqual([analyticsMessages.date]);
    expect(messages({ from: "1/3/2025", to: "2025-03-01" })).toEqual([analyticsMessages.date]);
    expect(messages({ to: "2025-03-01" })).toEqual([analyticsMessages.date]);
  });

  it("adds calendar months and years, clamping to the month's end", () => {
    expect(addToDate("2024-02-29", { years: 1 })).toBe("2025-02-28");
    expect(addToDate("2025-03-01", { months: -2 })).toBe("2025-01-01");
    expect(addToDate("2025-01-01", { days: -1 })).toBe("2024-12-31");
  });

  it("gives the previous period of equal length", () => {
    expect(periodDays("2025-03-01", "2025-03-31")).toBe(31);
    expect(previousPeriod("2025-03-01", "2025-03-31")).toEqual({ from: "2025-01-29", to: "2025-02-28" });
  });
});
