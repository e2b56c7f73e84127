import { describe, expect, it } from "vitest";
import { arrivalWindow, type EtaStop, routeDelayMinutes, stopEta } from "./eta";

const M = 60_000;
const t0 = Date.UTC(2026, 10, 23, 9, 0);
/** Three stops planned at 09:00, 09:30, 10:00 with 10 minutes of service each. */
const plan = (): EtaStop[] =>
  [0, 30, 60].map((m) => ({ plannedArrival: t0 + m * M, plannedDeparture: t0 + (m + 10) * M, status: "pending", arrivedAt: null, completedAt: null }));

describe("route delay and ETAs", () => {
  it("is unknown before the first event", () => {
    expect(routeDelayMinutes(plan(), t0 + 5 * M)).toBeNull();
    expect(stopEta(plan(), 1, t0)).toBe(t0 + 30 * M);
  });

  it("follows the last finished stop, late or early", () => {
    const stops = plan();
    stops[0] = { ...stops[0]!, status: "done", arrivedAt: t0 + 12 * M, completedAt: t0 + 25 * M };
    expect(routeDelayMinutes(stops, t0 + 26 * M)).toBe(15);
    expect(stopEta(stops, 2, t0 + 26 * M)).toBe(t0 + 75 * M);
    stops[0] = { ...stops[0]!, completedAt: t0 + 5 * M };
    expect(routeDelayMinutes(stops, t0 + 6 * M)).toBe(-5);
  });

  it("grows while the driver has not reached the next stop", () => {
    const stops = plan();
    stops[0] = { ...stops[0]!, status: "done", arrivedAt: t0, completedAt: t0 + 10 * M };
    expect(routeDelayMinutes(stops, t0 + 20 * M)).toBe(0);
    expect(routeDelayMinutes(stops, t0 + 50 * M)).toBe(20);
    expect(stopEta(stops, 1, t0 + 50 * M)).toBe(t0 + 50 * M);
  });

  it("counts a service that overruns at an arrived stop", () => {
    const stops = plan();
    stops[0] = { ...stops[0]!, status: "arrived", arrivedAt: t0 + 2 * M };
    expect(routeDelayMinutes(stops, t0 + 5 * M)).toBe(2);
    expect(routeDelayMinutes(stops, t0 + 40 * M)).toBe(30);
    expect(stopEta(stops, 0, t0 + 5 * M)).toBeNull();
  });

  it("tells customers a half-hour window on five-minute marks", () => {
    const w = arrivalWindow(t0 + 47 * M);
    expect([(w.start - t0) / M, (w.end - t0) / M]).toEqual([30, 60]);
  });
});
