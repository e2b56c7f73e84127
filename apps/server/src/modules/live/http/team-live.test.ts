import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { driverMessages, driverTopic, fleetMessages, liveMessageTypes, liveTopic, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import { routes, teamNotifications } from "@routepilot/db";
import { json, recordRealtime } from "../../../test/team-fixtures";
import { file, pngBytes, postForm, today, errorOf, liveSuite, storedStops, UNKNOWN_ID, type LiveRole } from "../../../test/live-fixtures";

const suite = liveSuite("live", { stops: 10 });
const UNKNOWN = UNKNOWN_ID;
const cookie = (who: LiveRole) => suite.w.people[who].cookie;
const stopsOf = (routeId: string) => storedStops(suite.t, routeId);
const liveRoutes = async (who: LiveRole = "owner") => (await json<{ routes: LiveRoute[] }>(suite.t.call(`/api/teams/${suite.w.teamId}/routes?date=${today()}`, { cookie: cookie(who) }))).routes;

/** Every manager endpoint of a team, for the access checks. */
const endpoints = (teamId: string, routeId: string, stopId: string, toRouteId: string) => [
  { path: `/api/teams/${teamId}/routes?date=${today()}` },
  { path: `/api/teams/${teamId}/routes/next?from=${today()}` },
  { path: `/api/teams/${teamId}/positions` },
  { path: `/api/teams/${teamId}/routes/${routeId}/resequence`, body: {} },
  { path: `/api/teams/${teamId}/routes/${routeId}/stops/${stopId}/move`, body: { toRouteId } },
  { path: `/api/teams/${teamId}/routes/urgent`, body: { date: today(), label: "Urgent", lat: 51.51, lng: -0.12 } },
];

describe("manager live API: access", () => {
  it("401 signed out; another team's manager or driver and outsiders 404; driver and member 403 notManager", async () => {
    const [stop] = await stopsOf(suite.w.routeId);
    for (const e of endpoints(suite.w.teamId, suite.w.routeId, stop!.id, suite.w.route2Id)) {
      const call = (who?: LiveRole) => suite.t.call(e.path, { cookie: who ? cookie(who) : undefined, ...(e.body ? { body: e.body } : {}) });
      expect((await call()).status, e.path).toBe(401);
      for (const who of ["otherManager", "otherDriver", "outsider"] as const) expect((await call(who)).status, `${who} ${e.path}`).toBe(404);
      for (const who of ["driver", "member"] as const) expect(await errorOf(await call(who)), `${who} ${e.path}`).toMatchObject({ status: 403, message: fleetMessages.notManager });
    }
    // Another team's route through this team's path: 404.
    const [otherStop] = await stopsOf(suite.w.otherRouteId);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.otherRouteId}/resequence`, { cookie: cookie("owner"), body: {} })).status).toBe(404);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.otherRouteId}/stops/${otherStop!.id}/move`, { cookie: cookie("owner"), body: { toRouteId: suite.w.routeId } })).status).toBe(404);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${UNKNOWN}/resequence`, { cookie: cookie("owner"), body: {} })).status).toBe(404);
    expect((await suite.t.call(`/api/teams/${UNKNOWN}/positions`, { cookie: cookie("owner") })).status).toBe(404);
  });

  it("owner, admin and manager read the day's routes; 400 on a bad date or body", async () => {
    for (const who of ["owner", "admin", "manager"] as const) expect((await liveRoutes(who)).map((r) => r.id).sort(), who).toEqual([suite.w.routeId, suite.w.route2Id].sort());
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes?date=today`, { cookie: cookie("owner") })).status).toBe(400);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/urgent`, { cookie: cookie("owner"), body: { date: today(), label: "", lat: 51.5, lng: -0.1 } })).status).toBe(400);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.routeId}/stops/${UNKNOWN}/move`, { cookie: cookie("owner"), body: { toRouteId: suite.w.route2Id, extra: 1 } })).status).toBe(400);
  });
});

describe("GET /api/teams/{teamId}/routes/next", () => {
  const shift = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const next = (from?: string) => json<{ date: string | null }>(suite.t.call(`/api/teams/${suite.w.teamId}/routes/next${from ? `?from=${from}` : ""}`, { cookie: cookie("manager") }));

  it("answers the first day from `from` on with a dispatched route of the team, null after the last; 400 on a bad date", async () => {
    expect(await next(shift(today(), -5))).toEqual({ date: today() });
    expect(await next()).toEqual({ date: today() });
    expect(await next(shift(today(), 1))).toEqual({ date: null });
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/next?from=soon`, { cookie: cookie("manager") })).status).toBe(400);
  });
});

describe("manager live API: what it shows", () => {
  it("routes with driver, vehicle, done/total, delay, proof URLs and tracking links; positions with trails", async () => {
    const stops = await stopsOf(suite.w.routeId);
    const at = new Date(Date.now() - 120_000).toISOString();
    expect((await suite.t.call(`/api/driver/stops/${stops[0]!.id}/events`, { cookie: cookie("driver"), body: { clientEventId: "live-arrive-0", type: "arrived", at } })).status).toBe(200);
    const form = new FormData();
    form.append("signature", file(pngBytes(), "s.png", "image/png"));
    expect((await postForm(suite.t, `/api/driver/stops/${stops[0]!.id}/proof`, form, cookie("driver"))).status).toBe(200);
    expect((await suite.t.call(`/api/driver/stops/${stops[0]!.id}/events`, { cookie: cookie("driver"), body: { clientEventId: "live-done-0", type: "done", at: new Date().toISOString() } })).status).toBe(200);
    const positions = Array.from({ length: 60 }, (_, i) => ({ lat: 51.5 + i * 0.0005, lng: -0.13, accuracy: 5, at: new Date(Date.now() - (60 - i) * 1000).toISOString() }));
    expect((await suite.t.call("/api/driver/positions", { cookie: cookie("driver"), body: positions })).status).toBe(200);

    const route = (await liveRoutes("manager")).find((r) => r.id === suite.w.routeId)!;
    expect(route).toMatchObject({ status: "in_progress", done: 1, total: stops.length, driver: { userId: suite.w.people.driver.userId, name: "Dave Driver" }, vehicle: { name: "Van A" } });
    expect(typeof route.delayMinutes).toBe("number");
    expect(route.actualDistanceMeters).toBeGreaterThan(0);
    const first = route.stops[0]!;
    expect(first).toMatchObject({ status: "done", proof: [{ kind: "signature" }], plannedServiceSeconds: stops[0]!.serviceS });
    expect(first.actualServiceSeconds).toBeGreaterThanOrEqual(119);
    expect(first.trackingUrl).toBe(`http://localhost:3000/track/${stops[0]!.trackingToken}`);
    expect((await suite.t.call(first.proof[0]!.url, { cookie: cookie("manager") })).status).toBe(200);
    const other = (await liveRoutes()).find((r) => r.id === suite.w.route2Id)!;
    expect(other).toMatchObject({ status: "planned", done: 0, delayMinutes: null });

    const list = await json<{ positions: DriverPosition[] }>(suite.t.call(`/api/teams/${suite.w.teamId}/positions`, { cookie: cookie("admin") }));
    expect(list.positions).toHaveLength(1);
    const p = list.positions[0]!;
    expect(p).toMatchObject({ driverUserId: suite.w.people.driver.userId, driverName: "Dave Driver", routeId: suite.w.routeId, accuracy: 5 });
    expect(p.lat).toBeCloseTo(51.5 + 59 * 0.0005, 6);
    expect(p.trail).toHaveLength(50);
    expect(p.trail[49]).toEqual([p.lat, p.lng]);
  });
});

describe("re-planning mid-route", () => {
  it("re-sequences the remaining stops keeping the reached ones; the driver hears route_changed and gets a notification", async () => {
    const rec = recordRealtime(suite.t);
    const before = await stopsOf(suite.w.routeId);
    const res = await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.routeId}/resequence`, { cookie: cookie("manager"), body: {} });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await stopsOf(suite.w.routeId);
    expect(after.map((s) => s.sequence)).toEqual(before.map((_, i) => i + 1));
    expect(after[0]!.id).toBe(before[0]!.id);
    expect(new Set(after.map((s) => s.id))).toEqual(new Set(before.map((s) => s.id)));
    // Remaining stops are planned from now on, in order.
    const [route] = await suite.t.deps.db.select().from(routes).where(eq(routes.id, suite.w.routeId));
    for (let i = 2; i < after.length; i++) expect(after[i]!.arrivalS).toBeGreaterThanOrEqual(after[i - 1]!.departureS);
    expect(route!.updatedAt.getTime()).toBeGreaterThan(Date.now() - 10_000);
    rec.stop();
    expect(rec.to(suite.w.people.driver.userId)).toEqual(expect.arrayContaining([{ topic: driverTopic, type: liveMessageTypes.routeChanged }]));
    expect(rec.to(suite.w.people.manager.userId)).toEqual(expect.arrayContaining([{ topic: liveTopic(suite.w.teamId), type: liveMessageTypes.routeChanged }]));
    const notes = await suite.t.deps.db.select().from(teamNotifications).where(eq(teamNotifications.userId, suite.w.people.driver.userId));
    expect(notes.map((n) => n.message)).toContain(driverMessages.routeChanged(route!.name));
  });

  it("moves a pending stop to the other driver's route; a finished stop cannot move (409)", async () => {
    const from = await stopsOf(suite.w.routeId);
    const to = await stopsOf(suite.w.route2Id);
    const pending = from.find((s) => s.status === "pending")!;
    const res = await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.routeId}/stops/${pending.id}/move`, { cookie: cookie("admin"), body: { toRouteId: suite.w.route2Id, position: 0 } });
    expect(res.status, await res.clone().text()).toBe(200);
    const from2 = await stopsOf(suite.w.routeId);
    const to2 = await stopsOf(suite.w.route2Id);
    expect(from2).toHaveLength(from.length - 1);
    expect(from2.map((s) => s.sequence)).toEqual(from2.map((_, i) => i + 1));
    expect(to2).toHaveLength(to.length + 1);
    expect(to2[0]!.id).toBe(pending.id);
    expect(to2.map((s) => s.sequence)).toEqual(to2.map((_, i) => i + 1));
    const done = from2.find((s) => s.status === "done")!;
    expect(await errorOf(await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.routeId}/stops/${done.id}/move`, { cookie: cookie("owner"), body: { toRouteId: suite.w.route2Id } }))).toMatchObject({ status: 409 });
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.routeId}/stops/${pending.id}/move`, { cookie: cookie("owner"), body: { toRouteId: suite.w.routeId } })).status).toBe(404);
    expect((await suite.t.call(`/api/teams/${suite.w.teamId}/routes/${suite.w.route2Id}/stops/${pending.id}/move`, { cookie: cookie("owner"), body: { toRouteId: suite.w.otherRouteId } })).status).toBe(400);
  });

  it("inserts an urgent order where it adds least time; 409 when no route is active that day", async () => {
    const stops = [...(await stopsOf(suite.w.routeId)), ...(await stopsOf(suite.w.route2Id))];
    const target = stops.find((s) => s.status === "pending")!;
    const res = await suite.t.call(`/api/teams/${suite.w.teamId}/routes/urgent`, {
      cookie: cookie("manager"),
      body: { date: today(), label: "Urgent parcel", lat: target.lat + 0.0001, lng: target.lng, contact: { name: "Uma", email: "uma@example.com" } },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const out = await json<{ routeId: string; stopId: string }>(res);
    expect(out.routeId).toBe(target.routeId);
    const after = await stopsOf(out.routeId);
    const index = after.findIndex((s) => s.id === out.stopId);
    const inserted = after[index]!;
    expect(inserted).toMatchObject({ label: "Urgent parcel", status: "pending", kind: "delivery", contact: { name: "Uma", email: "uma@example.com" } });
    expect(inserted.trackingToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Next to its neighbour (just before or after it).
    const neighbour = after.findIndex((s) => s.id === target.id);
    expect(Math.abs(index - neighbour)).toBe(1);
    expect(after.map((s) => s.sequence)).toEqual(after.map((_, i) => i + 1));
    expect(await errorOf(await suite.t.call(`/api/teams/${suite.w.teamId}/routes/urgent`, { cookie: cookie("manager"), body: { date: "2001-01-01", label: "Too late", lat: 51.5, lng: -0.1 } }))).toMatchObject({
      status: 409,
      message: driverMessages.noActiveRoute,
    });
  });
});
