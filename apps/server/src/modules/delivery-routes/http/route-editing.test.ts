import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, routeMessages, type OptimizeRouteResponse, type RouteDetail, type UsageSummary } from "@routepilot/contracts";
import { routes, subscribers } from "@routepilot/db";
import { ConflictError, NotFoundError } from "../../../lib/errors";
import { reoptimizeRoute } from "..";
import { createTestApp, type TestApp } from "../../../test/harness";

// Issue 8: honest savings with dropped stops (5), the end of the day (8), editing a saved route (9).
let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const start = { lat: 47.1415, lng: 9.5215 };
const schaan = { lat: 47.166, lng: 9.51, label: "Schaan" };
const triesen = { lat: 47.125, lng: 9.515, label: "Triesen" };
// Balzers is ~8 km from the start: a window closing one minute after departure cannot be met.
const balzersTooSoon = { lat: 47.0667, lng: 9.5025, label: "Balzers farm", timeWindow: { start: "09:00", end: "09:01" } };

beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
  alice = await t.signUp("alice-edit@example.com");
  bob = await t.signUp("bob-edit@example.com");
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, alice.userId));
});
afterAll(() => t.close());

async function optimized(body: unknown): Promise<OptimizeRouteResponse> {
  const res = await t.call("/api/routes/optimize", { cookie: alice.cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as OptimizeRouteResponse;
}

async function routesUsed(cookie: string): Promise<number> {
  return ((await (await t.call("/api/me/usage", { cookie })).json()) as UsageSummary).routesUsed;
}

describe("savings compare like with like (item 5)", () => {
  it("a dropped stop is left out of the typed-order distance too", async () => {
    const { route } = await optimized({ start, stops: [schaan, balzersTooSoon], departureTime: "09:00" });
    expect(route.unassigned).toEqual([expect.objectContaining({ label: "Balzers farm", reason: "time_window", inputIndex: 1 })]);
    expect(route.stops.map((s) => s.label)).toEqual(["Schaan"]);
    // Typed order of the same planned stops (start → Schaan) is the plan itself: nothing saved.
    expect(route.originalDistanceMeters).toBeCloseTo(route.distanceMeters, 6);
    expect(route.savingMeters).toBeCloseTo(0, 6);
  });

  it("with nothing dropped, the typed order is every stop in the order typed", async () => {
    const { route } = await optimized({ start, stops: [schaan, triesen, { lat: 47.17, lng: 9.515, label: "Schaan north" }], roundTrip: true });
    expect(route.unassigned).toEqual([]);
    expect(route.originalDistanceMeters).toBeGreaterThan(route.distanceMeters);
  });
});

describe("end of day (item 8)", () => {
  it("stops that do not fit before the end of the day come back unassigned with reason shift", async () => {
    // Leaving at 09:00 with 20 minutes' service at each stop and the day ending at 09:30: not everything fits.
    const stops = [schaan, triesen, { lat: 47.17, lng: 9.515, label: "Schaan north" }].map((s) => ({ ...s, serviceSeconds: 1200 }));
    const { route } = await optimized({ start, stops, departureTime: "09:00", endOfDay: "09:30" });
    expect(route.maxDurationSeconds).toBe(1800);
    expect(route.unassigned.length).toBeGreaterThan(0);
    expect(route.unassigned.every((u) => u.reason === "shift")).toBe(true);
    expect(route.durationSeconds).toBeLessThanOrEqual(1800);
  });

  it("an end of day before the departure is the next day; no end of day means no limit", async () => {
    const late = await optimized({ start, stops: [schaan], departureTime: "22:00", endOfDay: "02:00" });
    expect(late.route.maxDurationSeconds).toBe(4 * 3600);
    expect((await optimized({ start, stops: [schaan] })).route.maxDurationSeconds).toBeNull();
  });

  it("400 for an end of day that is not HH:MM", async () => {
    const res = await t.call("/api/routes/optimize", { cookie: alice.cookie, body: { start, stops: [schaan], endOfDay: "25:00" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields.endOfDay).toBe(messages.invalidFormat);
  });
});

describe("editing a saved route (item 9)", () => {
  it("adds stops and re-plans the same route without using quota", async () => {
    const { route } = await optimized({ start, stops: [schaan], roundTrip: true });
    const used = await routesUsed(alice.cookie);
    const res = await t.call(`/api/routes/${route.id}/stops`, { cookie: alice.cookie, body: { stops: [triesen, { address: "47.17, 9.515", label: "Schaan north" }] } });
    expect(res.status, await res.clone().text()).toBe(200);
    const edited = (await res.json()) as RouteDetail;
    expect(edited.id).toBe(route.id);
    expect(edited.stops.map((s) => s.label).sort()).toEqual(["Schaan", "Schaan north", "Triesen"]);
    expect(edited.stops.map((s) => s.sequence)).toEqual([1, 2, 3]);
    // Added stops count as typed after the first one.
    expect(edited.stops.find((s) => s.label === "Triesen")!.inputIndex).toBe(1);
    expect(edited.stops.find((s) => s.label === "Schaan north")!.inputIndex).toBe(2);
    expect(edited.distanceMeters).toBeGreaterThan(route.distanceMeters);
    expect(await routesUsed(alice.cookie)).toBe(used);
    const stored = (await (await t.call(`/api/routes/${route.id}`, { cookie: alice.cookie })).json()) as RouteDetail;
    expect(stored.stops).toHaveLength(3);
  });

  it("flags a new stop far from the route's stops (409, nothing changed) until the user confirms it", async () => {
    const { route } = await optimized({ start, stops: [schaan, triesen, { lat: 47.17, lng: 9.515, label: "Schaan north" }], roundTrip: true });
    const farAway = { lat: 48.137, lng: 11.575, label: "Munich depot" };
    const refused = await t.call(`/api/routes/${route.id}/stops`, { cookie: alice.cookie, body: { stops: [farAway] } });
    expect(refused.status).toBe(409);
    const body = (await refused.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe("CONFLICT");
    // Named as the caller sent it: the first (and only) new stop.
    expect(Object.keys(body.error.fields)).toEqual(["stops.0"]);
    const unchanged = (await (await t.call(`/api/routes/${route.id}`, { cookie: alice.cookie })).json()) as RouteDetail;
    expect(unchanged.stops).toHaveLength(3);
    const confirmed = await t.call(`/api/routes/${route.id}/stops`, { cookie: alice.cookie, body: { stops: [{ ...farAway, confirmed: true }] } });
    expect(confirmed.status, await confirmed.clone().text()).toBe(200);
    expect(((await confirmed.json()) as RouteDetail).stops.map((s) => s.label)).toContain("Munich depot");
  });

  it("removes a stop and recomputes the route in its order; the last stop stays", async () => {
    const { route } = await optimized({ start, stops: [schaan, triesen], roundTrip: true });
    const [first, second] = route.stops;
    const res = await t.call(`/api/routes/${route.id}/stops/${first!.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(res.status).toBe(200);
    const edited = (await res.json()) as RouteDetail;
    expect(edited.stops.map((s) => s.label)).toEqual([second!.label]);
    expect(edited.stops[0]!.sequence).toBe(1);
    expect(edited.distanceMeters).toBeLessThan(route.distanceMeters);

    const last = await t.call(`/api/routes/${route.id}/stops/${edited.stops[0]!.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(last.status).toBe(400);
    expect(((await last.json()) as { error: { message: string } }).error.message).toBe(routeMessages.lastStop);
  });

  it("re-plans without the stops that could not be included", async () => {
    const { route } = await optimized({ start, stops: [schaan, balzersTooSoon] });
    expect(route.unassigned).toHaveLength(1);
    const res = await t.call(`/api/routes/${route.id}/reoptimize`, { cookie: alice.cookie, body: { dropUnassigned: true } });
    expect(res.status).toBe(200);
    const replanned = (await res.json()) as RouteDetail;
    expect(replanned).toMatchObject({ id: route.id, unassigned: [] });
    expect(replanned.stops.map((s) => s.label)).toEqual(["Schaan"]);
  });

  it("400 for bad input, with the field named", async () => {
    const { route } = await optimized({ start, stops: [schaan] });
    const cases: [unknown, string, string][] = [
      [{}, "stops", messages.destinationRequired],
      [{ stops: [] }, "stops", messages.destinationRequired],
      [{ stops: [{ lat: 91, lng: 0 }] }, "stops.0.lat", messages.invalidFormat],
      [{ stops: [{ address: "Qwzxqwzx Nowhere" }] }, "stops.0.address", routeMessages.addressNotFound],
      [{ stops: [{ lat: 47, lng: 9, timeWindow: { start: "11:00", end: "10:00" } }] }, "stops.0.timeWindow.end", routeMessages.timeWindowOrder],
    ];
    for (const [body, field, message] of cases) {
      const res = await t.call(`/api/routes/${route.id}/stops`, { cookie: alice.cookie, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields[field], JSON.stringify(body)).toBe(message);
    }
    const unchanged = (await (await t.call(`/api/routes/${route.id}`, { cookie: alice.cookie })).json()) as RouteDetail;
    expect(unchanged.stops).toHaveLength(1);
  });

  it("401 signed out, 404 for another user's route, an unknown route or an unknown stop", async () => {
    const { route } = await optimized({ start, stops: [schaan, triesen] });
    const stopId = route.stops[0]!.id;
    const add = (id: string, cookie?: string) => t.call(`/api/routes/${id}/stops`, { cookie, body: { stops: [triesen] } });
    const remove = (id: string, sid: string, cookie?: string) => t.call(`/api/routes/${id}/stops/${sid}`, { method: "DELETE", cookie });
    expect((await add(route.id)).status).toBe(401);
    expect((await remove(route.id, stopId)).status).toBe(401);
    expect((await add(route.id, bob.cookie)).status).toBe(404);
    expect((await remove(route.id, stopId, bob.cookie)).status).toBe(404);
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await add(unknown, alice.cookie)).status).toBe(404);
    expect((await remove(unknown, stopId, alice.cookie)).status).toBe(404);
    expect((await remove(route.id, unknown, alice.cookie)).status).toBe(404);
    const stored = (await (await t.call(`/api/routes/${route.id}`, { cookie: alice.cookie })).json()) as RouteDetail;
    expect(stored.stops).toHaveLength(2);
  });
});

describe("re-planning checks ownership and freshness where it writes", () => {
  /** Planning deps whose solver lets `meanwhile` run while the route is being solved. */
  async function depsWith(meanwhile: () => Promise<unknown>) {
    const { deps } = t;
    return {
      geo: await deps.geo.get(),
      logger: deps.logger,
      solverTimeLimitMs: deps.env.SOLVER_TIME_LIMIT_MS,
      solver: { ...deps.solver, solve: async (...args: Parameters<typeof deps.solver.solve>) => (await meanwhile(), deps.solver.solve(...args)) },
    };
  }

  it("409 when the route changed while it was re-planned, 404 when it was deleted meanwhile; nothing written", async () => {
    const { route } = await optimized({ start, stops: [schaan, triesen] });
    const touch = () => t.deps.db.update(routes).set({ updatedAt: new Date(Date.now() + 60_000) }).where(eq(routes.id, route.id));
    await expect(reoptimizeRoute(t.deps.db, await depsWith(touch), alice.userId, route.id, {})).rejects.toBeInstanceOf(ConflictError);
    const stored = (await (await t.call(`/api/routes/${route.id}`, { cookie: alice.cookie })).json()) as RouteDetail;
    expect(stored.stops.map((s) => s.id)).toEqual(route.stops.map((s) => s.id));

    const remove = () => t.deps.db.delete(routes).where(eq(routes.id, route.id));
    await expect(reoptimizeRoute(t.deps.db, await depsWith(remove), alice.userId, route.id, {})).rejects.toBeInstanceOf(NotFoundError);
    await expect(reoptimizeRoute(t.deps.db, await depsWith(async () => null), bob.userId, route.id, {})).rejects.toBeInstanceOf(NotFoundError);
  });
});
