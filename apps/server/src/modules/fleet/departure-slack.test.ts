import { describe, expect, it } from "vitest";
import type { Solution, Step } from "@routepilot/solver";
import { scheduleVehicleRoute, type Travel } from "./check-plan";
import { departureSlack, latestStart } from "./departure-slack";
import { DEPOT, order, vehicle } from "../../test/fleet-fixtures";
import { toPlanResult, type PlanOrder, type PlanRoute } from "./problem";

const DATE = "2026-03-02";
const at = (h: number, m = 0) => h * 3600 + m * 60;
const clock = (iso: string | null | undefined) => iso?.slice(11, 16);

// A day checked by hand: every leg takes 30 min, every stop 10 min of service; the van's shift is
// 08:00–18:00 with a 30-min break to start 12:00–12:15.
//   A 09:00–11:00, B 09:40–09:45 (tight), C 11:00–11:30, the break after C, D 13:00–14:00.
// From 08:00: A waits 30 min, B none, C 40 min, the break idles 20 (the checker drives to D first)
// or 50 (the engine rests at C), D 30 or 0 — 120 min in all either way. Leaving 35 min later
// removes A's 30 min and 5 of C's; B cannot start after 09:45, so C's other 35 min, the wait for
// the break and D's stay.
const leg = { duration: 1800, distance: 1000 };
const travel: Travel = (from, to) => (from.lat === to.lat && from.lng === to.lng ? { duration: 0, distance: 0 } : leg);
const van = vehicle("v1", { shift: { start: "08:00", end: "18:00" }, breaks: [{ window: { start: "12:00", end: "12:15" }, durationMinutes: 30 }] });
const place = (i: number) => ({ lat: DEPOT.lat + 0.01 * (i + 1), lng: DEPOT.lng });
const windowOf = (start: string, end: string) => ({ timeWindows: [{ start, end }], serviceMinutes: 10 });
const orders: PlanOrder[] = [
  order("A", { ...place(0), ...windowOf("09:00", "11:00") }),
  order("B", { ...place(1), ...windowOf("09:40", "09:45") }),
  order("C", { ...place(2), ...windowOf("11:00", "11:30") }),
  order("D", { ...place(3), ...windowOf("13:00", "14:00") }),
];
const byId = new Map(orders.map((o) => [o.id, o]));
const refs = orders.map((o) => ({ orderId: o.id, kind: "delivery" as const }));

const summary = (route: PlanRoute) => ({
  start: clock(route.start),
  stops: route.stops.map((s) => [s.orderId, clock(s.arrival), s.waitingSeconds / 60, clock(s.departure)]),
  breaks: route.breaks.map((b) => [clock(b.start), clock(b.end)]),
  end: clock(route.end),
});

describe("leaving as late as the windows allow (forward time slack)", () => {
  it("keeps the waiting a later window needs, breaks in their window, the same return (manual edits: scheduleVehicleRoute)", () => {
    const { route, violations, latenessSeconds } = scheduleVehicleRoute({ date: DATE, vehicle: van, orders: byId, stops: refs, travel, dims: 1, breakGaps: [3] });
    expect(violations).toEqual([]);
    expect(latenessSeconds).toBe(0);
    expect(summary(route)).toEqual({
      start: "08:35",
      stops: [
        ["A", "09:05", 0, "09:15"],
        ["B", "09:45", 0, "09:55"],
        ["C", "10:25", 35, "11:10"],
        // Drives to D, rests there 12:00–12:30 (20 min idle before it), then waits for 13:00.
        ["D", "12:30", 30, "13:10"],
      ],
      breaks: [["12:00", "12:30"]],
      end: "13:40",
    });
    expect(route.waitingSeconds).toBe((120 - 35) * 60);
    expect(route.durationSeconds).toBe(at(13, 40) - at(8, 35));
    expect(route.costPence).toBe(Math.round(van.fixedCostPence + (van.costPerHourPence * route.durationSeconds) / 3600));
  });

  it("moves the engine's schedule by the same rule (toPlanResult)", () => {
    const loads = [[3], [2], [1], [0]];
    const step = (type: Step["type"], id: number | undefined, arrival: number, waiting: number, service: number, location?: number): Step => ({
      type,
      ...(id !== undefined ? { id } : {}),
      ...(location !== undefined ? { location } : {}),
      arrival,
      setup: 0,
      waiting,
      service,
      departure: arrival + waiting + service,
      load: type === "job" ? loads[id as number]! : [4],
      travelTime: 0,
      distance: 0,
    });
    // The engine rests at C (no travel for a break) and so reaches D on time.
    const steps = [
      step("start", undefined, at(8), 0, 0, 0),
      step("job", 0, at(8, 30), 1800, 600, 1),
      step("job", 1, at(9, 40), 0, 600, 2),
      step("job", 2, at(10, 20), 2400, 600, 3),
      step("break", 0, at(11, 10), 3000, 1800),
      step("job", 3, at(13), 0, 600, 4),
      step("end", undefined, at(13, 40), 0, 0, 0),
    ];
    const solution: Solution = {
      routes: [{ vehicleId: 0, vehicleIndex: 0, steps, cost: 0, travelTime: 5 * 1800, distance: 5000, duration: at(13, 40) - at(8), waiting: 120 * 60, service: 2400, setup: 0 }],
      unassigned: [],
      cost: 0,
      travelTime: 5 * 1800,
      distance: 5000,
      duration: at(13, 40) - at(8),
      waiting: 120 * 60,
      service: 2400,
      setup: 0,
      computingTimeMs: 0,
      iterations: 0,
    };
    const { routes, totals } = toPlanResult({ date: DATE, vehicles: [van], orders, solution, dims: 1 });
    expect(summary(routes[0]!)).toEqual({
      start: "08:35",
      stops: [
        ["A", "09:05", 0, "09:15"],
        ["B", "09:45", 0, "09:55"],
        ["C", "10:25", 35, "11:10"],
        ["D", "13:00", 0, "13:10"],
      ],
      breaks: [["12:00", "12:30"]],
      end: "13:40",
    });
    expect(totals.waitingSeconds).toBe((120 - 35) * 60);
    expect(totals.durationSeconds).toBe(at(13, 40) - at(8, 35));
  });

  it("never makes a late stop later: the slack ends at the first stop past its window", () => {
    // A waits 30 min for 09:00; B (08:00–09:00) is reached at 09:40, 40 min late.
    const late = [order("A", { ...place(0), ...windowOf("09:00", "11:00") }), order("B", { ...place(1), ...windowOf("08:00", "09:00") }), order("E", { ...place(2), ...windowOf("15:00", "16:00") })];
    const input = { date: DATE, vehicle: vehicle("v1", { shift: { start: "08:00", end: "18:00" } }), orders: new Map(late.map((o) => [o.id, o])), stops: late.map((o) => ({ orderId: o.id, kind: "delivery" as const })), travel, dims: 1 };
    const { route, latenessSeconds, violations } = scheduleVehicleRoute(input);
    expect(latenessSeconds).toBe(40 * 60);
    expect(violations.map((v) => [v.kind, v.orderId])).toEqual([["time_window", "B"]]);
    // Leaves 30 min later (A's wait only); B stays at 09:40 and E keeps its wait for 15:00.
    expect(summary(route).start).toBe("08:30");
    expect(route.stops.map((s) => [clock(s.arrival), s.waitingSeconds / 60])).toEqual([
      ["09:00", 0],
      ["09:40", 0],
      ["10:20", 280],
    ]);
  });

  it("does not move a route that never waits, nor one without windows", () => {
    const plain = [order("A", { ...place(0), serviceMinutes: 10 }), order("B", { ...place(1), serviceMinutes: 10 })];
    const { route } = scheduleVehicleRoute({ date: DATE, vehicle: vehicle("v1"), orders: new Map(plain.map((o) => [o.id, o])), stops: plain.map((o) => ({ orderId: o.id, kind: "delivery" as const })), travel, dims: 1 });
    expect(clock(route.start)).toBe("08:00");
    expect(route.waitingSeconds).toBe(0);
    expect(departureSlack([])).toBe(0);
  });

  it("takes the latest start from the window the activity starts in", () => {
    const ws = [[at(9), at(10)], [at(14), at(15)]] as const;
    expect(latestStart([], at(8), at(8))).toBe(Number.POSITIVE_INFINITY);
    expect(latestStart(ws, at(8), at(9))).toBe(at(10));
    expect(latestStart(ws, at(11), at(14))).toBe(at(15));
    expect(latestStart(ws, at(16), at(16))).toBe(at(16)); // late: no slack
  });
});
