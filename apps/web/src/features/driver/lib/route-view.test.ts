import { describe, expect, it } from "vitest";
import type { DriverRoute, DriverStop } from "@routepilot/contracts";
import type { OutboxItem } from "@/features/driver/lib/outbox";
import { driverRoute, driverStop } from "@/features/driver/test/fixtures";
import { applyPending, pendingStopIds, routeDelayMs, shiftDate, stopEta } from "@/features/driver/lib/route-view";

const stop = (id: string, arrival: string, patch: Partial<DriverStop> = {}) =>
  driverStop(id, `2026-11-23T${arrival}:00.000Z`, `2026-11-23T${arrival.slice(0, 3)}${String(Number(arrival.slice(3)) + 5).padStart(2, "0")}:00.000Z`, patch);
const route = (stops: DriverStop[], status: DriverRoute["status"] = "planned") => driverRoute("2026-11-23", stops, { status });
const base = { date: "2026-11-23", routeId: "r1", label: "x", createdAt: "2026-11-23T09:00:00.000Z" };
const ev = (id: string, stopId: string, type: "arrived" | "done" | "failed", at: string): OutboxItem => ({ ...base, id, action: id, kind: "event", stopId, event: { clientEventId: id, type, at, ...(type === "failed" ? { reason: "not_home" as const } : {}) } });

describe("applyPending", () => {
  it("shows queued events on the stops and the route as started, then finished", () => {
    const r = route([stop("a", "09:00"), stop("b", "09:30")]);
    const started = applyPending(r, [ev("1", "a", "arrived", "2026-11-23T09:02:00.000Z")]);
    expect(started.status).toBe("in_progress");
    expect(started.stops[0]).toMatchObject({ status: "arrived", arrivedAt: "2026-11-23T09:02:00.000Z" });
    const finished = applyPending(r, [ev("1", "a", "arrived", "2026-11-23T09:02:00.000Z"), ev("2", "a", "done", "2026-11-23T09:06:00.000Z"), ev("3", "b", "failed", "2026-11-23T09:40:00.000Z")]);
    expect(finished.status).toBe("completed");
    expect(finished.stops.map((s) => [s.status, s.completedAt, s.failureReason])).toEqual([
      ["done", "2026-11-23T09:06:00.000Z", null],
      ["failed", "2026-11-23T09:40:00.000Z", "not_home"],
    ]);
  });

  it("leaves a finished stop as the server says, and ignores other routes' items", () => {
    const r = route([stop("a", "09:00", { status: "done", completedAt: "2026-11-23T09:05:00.000Z" })], "in_progress");
    expect(applyPending(r, [ev("1", "a", "failed", "2026-11-23T09:10:00.000Z")]).stops[0]!.status).toBe("done");
    expect(applyPending(r, [{ ...ev("2", "a", "arrived", "x"), routeId: "other" }])).toBe(r);
  });

  it("counts queued proof files on the stop and marks stops with something waiting", () => {
    const proof: OutboxItem = { ...base, id: "p", action: "p", kind: "proof", stopId: "a", photos: [new Blob(["x"])], signature: new Blob(["y"]), recipientName: null };
    const shown = applyPending(route([stop("a", "09:00")]), [proof]);
    expect(shown.stops[0]!.proof.map((p) => p.kind)).toEqual(["photo", "signature"]);
    expect(pendingStopIds([proof, ev("e", "b", "arrived", "x")])).toEqual(new Set(["a", "b"]));
  });
});

describe("routeDelayMs and stopEta", () => {
  it("moves the ETAs by how late the last stop left, or how far past its time the next one is", () => {
    const late = route([stop("a", "09:00", { status: "done", completedAt: "2026-11-23T09:20:00.000Z" }), stop("b", "09:30")], "in_progress");
    const delay = routeDelayMs(late, Date.parse("2026-11-23T09:21:00.000Z"));
    expect(delay).toBe(15 * 60_000);
    expect(stopEta(late.stops[1]!, delay)?.toISOString()).toBe("2026-11-23T09:45:00.000Z");
    expect(stopEta(late.stops[0]!, delay)).toBeNull();
    // Later still: the next stop's planned time has passed.
    expect(routeDelayMs(late, Date.parse("2026-11-23T10:00:00.000Z"))).toBe(30 * 60_000);
    // A route not started, or ahead of plan, has no delay.
    expect(routeDelayMs(route([stop("a", "09:00")]), Date.parse("2026-11-23T12:00:00.000Z"))).toBe(0);
  });
});

describe("shiftDate", () => {
  it("moves across months and years", () => {
    expect(shiftDate("2026-11-30", 1)).toBe("2026-12-01");
    expect(shiftDate("2027-01-01", -1)).toBe("2026-12-31");
  });
});
