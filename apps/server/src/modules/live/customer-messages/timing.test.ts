import { describe, expect, it } from "vitest";
import { nextStopIndex, quietUntil, zonedInstant } from "./timing";
import { renderTemplate } from "./templates";

describe("zonedInstant", () => {
  it("reads a plan's local time in the team's time zone, across summer time", () => {
    expect(new Date(zonedInstant("2026-01-15", 9 * 3600, "Europe/Vaduz")).toISOString()).toBe("2026-01-15T08:00:00.000Z");
    expect(new Date(zonedInstant("2026-07-15", 9 * 3600, "Europe/Vaduz")).toISOString()).toBe("2026-07-15T07:00:00.000Z");
    expect(new Date(zonedInstant("2026-03-29", 12 * 3600, "Europe/London")).toISOString()).toBe("2026-03-29T11:00:00.000Z");
    expect(new Date(zonedInstant("2026-01-15", 25 * 3600, "America/New_York")).toISOString()).toBe("2026-01-16T06:00:00.000Z");
  });
});

describe("quietUntil", () => {
  const at = (iso: string) => Date.parse(iso);
  it("holds inside quiet hours that wrap midnight until their end in the team's zone, and not outside", () => {
    const quiet = { start: "21:00", end: "07:30" };
    expect(new Date(quietUntil(at("2026-01-15T22:00:00Z"), quiet, "Europe/Vaduz")!).toISOString()).toBe("2026-01-16T06:30:00.000Z");
    expect(new Date(quietUntil(at("2026-01-16T05:00:00Z"), quiet, "Europe/Vaduz")!).toISOString()).toBe("2026-01-16T06:30:00.000Z");
    expect(quietUntil(at("2026-01-16T06:30:00Z"), quiet, "Europe/Vaduz")).toBeNull();
    expect(quietUntil(at("2026-01-15T19:59:00Z"), quiet, "Europe/Vaduz")).toBeNull();
  });
  it("handles daytime quiet hours, none, and equal start and end", () => {
    expect(new Date(quietUntil(at("2026-01-15T12:30:00Z"), { start: "12:00", end: "13:00" }, "UTC")!).toISOString()).toBe("2026-01-15T13:00:00.000Z");
    expect(quietUntil(at("2026-01-15T12:30:00Z"), null, "UTC")).toBeNull();
    expect(quietUntil(at("2026-01-15T12:30:00Z"), { start: "12:00", end: "12:00" }, "UTC")).toBeNull();
  });
});

describe("nextStopIndex", () => {
  const s = (...statuses: string[]) => statuses.map((status) => ({ status }));
  it("is the first pending stop after the last one finished; none while the driver is at a stop or before the start", () => {
    expect(nextStopIndex(s("pending", "pending"), false)).toBe(-1);
    expect(nextStopIndex(s("pending", "pending"), true)).toBe(0);
    expect(nextStopIndex(s("done", "pending", "pending"), true)).toBe(1);
    expect(nextStopIndex(s("done", "arrived", "pending"), true)).toBe(-1);
    expect(nextStopIndex(s("pending", "failed", "pending"), true)).toBe(2);
    expect(nextStopIndex(s("done", "done"), true)).toBe(-1);
  });
});

describe("renderTemplate", () => {
  it("replaces known placeholders and leaves anything else as typed", () => {
    const values = { customer: "Ann", team: "{window}", stop: "S", window: "W", driver: "D", tracking_link: "L", reason: "R", date: "X" };
    expect(renderTemplate("Hi {customer} from {team}, {unknown} {window}", values)).toBe("Hi Ann from {window}, {unknown} W");
  });
});
