import { describe, expect, it } from "vitest";
import { createFormatter, type DriverPosition } from "@routepilot/contracts";
import { applyPositionUpdates, clock, delayText, isLate, positionUpdates, TRAIL_MAX_POINTS } from "@/features/live-ops/lib/live";

const dana: DriverPosition = { driverUserId: "d1", driverName: "Dana", routeId: "r1", lat: 47.1, lng: 9.5, accuracy: 5, heading: null, speed: null, at: "2026-11-23T08:00:00.000Z", trail: [[47.09, 9.5], [47.1, 9.5]] };

describe("positionUpdates", () => {
  it("reads one position, a list or { positions }, and skips what is not a position", () => {
    const one = { driverUserId: "d1", lat: 47.2, lng: 9.6, at: "2026-11-23T08:01:00.000Z" };
    expect(positionUpdates(one)).toEqual([one]);
    expect(positionUpdates([one, { lat: 1 }])).toEqual([one]);
    expect(positionUpdates({ positions: [one] })).toEqual([one]);
    expect(positionUpdates(null)).toEqual([]);
  });
});

describe("applyPositionUpdates", () => {
  it("moves the driver to the newer position and extends the trail; an older one is ignored", () => {
    const next = applyPositionUpdates([dana], [{ driverUserId: "d1", lat: 47.2, lng: 9.6, at: "2026-11-23T08:01:00.000Z", speed: 10 }])!;
    expect(next[0]).toMatchObject({ lat: 47.2, lng: 9.6, speed: 10, at: "2026-11-23T08:01:00.000Z", routeId: "r1" });
    expect(next[0]!.trail).toEqual([[47.09, 9.5], [47.1, 9.5], [47.2, 9.6]]);
    expect(applyPositionUpdates(next, [{ driverUserId: "d1", lat: 0, lng: 0, at: "2026-11-23T07:00:00.000Z" }])).toEqual(next);
  });
  it("adds the previous position to the trail when the trail did not end there, and keeps the trail short", () => {
    const long = { ...dana, trail: Array.from({ length: TRAIL_MAX_POINTS }, (_, i): [number, number] => [47 + i / 1000, 9.5]) };
    const next = applyPositionUpdates([long], [{ driverUserId: "d1", lat: 48, lng: 9, at: "2026-11-23T09:00:00.000Z" }])!;
    expect(next[0]!.trail).toHaveLength(TRAIL_MAX_POINTS);
    expect(next[0]!.trail.slice(-2)).toEqual([[47.1, 9.5], [48, 9]]);
  });
  it("answers null for a driver it does not know (the list is refetched)", () => {
    expect(applyPositionUpdates([dana], [{ driverUserId: "d2", lat: 1, lng: 1, at: "2026-11-23T09:00:00.000Z" }])).toBeNull();
  });
});

const en = createFormatter({ language: "en", timeZone: "Europe/London", unit: "km" });
const de = createFormatter({ language: "de", timeZone: "Europe/Vaduz", unit: "km" });

describe("lateness", () => {
  it("is late only over 15 minutes behind and not once completed", () => {
    expect(isLate({ delayMinutes: 16, status: "in_progress" })).toBe(true);
    expect(isLate({ delayMinutes: 15, status: "in_progress" })).toBe(false);
    expect(isLate({ delayMinutes: 40, status: "completed" })).toBe(false);
    expect(isLate({ delayMinutes: null, status: "planned" })).toBe(false);
    expect([delayText(null, en), delayText(0, en), delayText(7, en), delayText(-3, en)]).toEqual(["Not started", "On plan", "7 min behind plan", "3 min ahead of plan"]);
    expect([delayText(125, en), delayText(-2137, en)]).toEqual(["2 h 05 min behind plan", "1 d 11 h ahead of plan"]);
  });
});

describe("clock", () => {
  it("writes an instant's time of day in the reader's time zone", () => {
    expect(clock("2026-11-23T13:05:00.000Z", en)).toBe("13:05");
    expect(clock("2026-11-23T13:05:00.000Z", de)).toBe("14:05");
    expect(clock(null, en)).toBe("—");
  });
});
