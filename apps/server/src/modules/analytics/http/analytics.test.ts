import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { analyticsMessages, co2GramsPerKm, type AnalyticsEnhanced, type AnalyticsSummary, type RouteDetail } from "@routepilot/contracts";
import { overageCharges, routeStops, routes, usageLogs } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { account, json, setTier, type Account } from "../../../test/team-fixtures";

let t: TestApp;
let ana: Account;
let bob: Account;
let zoe: Account;

type RouteSpec = { createdAt: string; distanceM: number; durationS: number; originalDistanceM: number | null; originalDurationS: number | null; stops: Array<{ label: string; lat: number; lng: number }>; profile?: string };

/** A stored route with its destinations (start and end live on the route, not in route_stops). */
async function addRoute(userId: string, spec: RouteSpec): Promise<string> {
  const place = { label: "Depot", address: null, lat: 51.5, lng: -0.12 };
  const [row] = await t.deps.db
    .insert(routes)
    .values({
      userId,
      name: `Route ${spec.createdAt}`,
      profile: spec.profile ?? "car",
      start: place,
      end: place,
      distanceM: spec.distanceM,
      durationS: spec.durationS,
      originalDistanceM: spec.originalDistanceM,
      originalDurationS: spec.originalDurationS,
      provider: "test",
      createdAt: new Date(spec.createdAt),
    })
    .returning({ id: routes.id });
  const id = row!.id;
  await t.deps.db.insert(routeStops).values(
    spec.stops.map((s, i) => ({ routeId: id, sequence: i + 1, inputIndex: i, label: s.label, address: `${s.label} street`, lat: s.lat, lng: s.lng, serviceS: 300, arrivalS: i * 1000, departureS: i * 1000 + 400, legDistanceM: 0, legDurationS: 0 })),
  );
  return id;
}

const shop = { label: "Shop", lat: 51.501, lng: -0.121 };
const bank = { label: "Bank", lat: 51.52, lng: -0.1 };
const farm = { label: "Farm", lat: 52.2, lng: 0.12 };

const get = (path: string, who?: Account) => t.call(path, { cookie: who?.cookie });
const summary = async (query: string, who: Account = ana) => {
  const res = await get(`/api/analytics/summary${query}`, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return json<AnalyticsSummary>(res);
};

beforeAll(async () => {
  t = await createTestApp();
  ana = await account(t, "an-ana");
  bob = await account(t, "an-bob");
  zoe = await account(t, "an-zoe");
  await setTier(t, ana.userId, "premium");
  // Ana's three routes in March 2025 (the default time zone is UTC).
  await addRoute(ana.userId, { createdAt: "2025-03-03T09:15:00Z", distanceM: 10_000, durationS: 1_800, originalDistanceM: 12_500, originalDurationS: 2_100, stops: [shop, bank] });
  await addRoute(ana.userId, { createdAt: "2025-03-05T14:40:00Z", distanceM: 20_000, durationS: 3_600, originalDistanceM: 21_000, originalDurationS: null, stops: [shop, bank, farm], profile: "van" });
  // Typed order unknown: counts in the sums, not in the savings.
  await addRoute(ana.userId, { createdAt: "2025-03-31T23:30:00Z", distanceM: 5_000, durationS: 900, originalDistanceM: null, originalDurationS: null, stops: [shop] });
  // February: the previous period for the trends.
  await addRoute(ana.userId, { createdAt: "2025-02-10T10:00:00Z", distanceM: 8_000, durationS: 1_000, originalDistanceM: 9_000, originalDurationS: 1_200, stops: [farm] });
  // Bob's route in the same month is never Ana's.
  await addRoute(bob.userId, { createdAt: "2025-03-04T10:00:00Z", distanceM: 99_000, durationS: 9_000, originalDistanceM: 150_000, originalDurationS: 12_000, stops: [shop, shop, shop] });
  // Plan usage and overage in March.
  await t.deps.db.insert(usageLogs).values([
    { userId: ana.userId, quotaType: "route_optimization", quantity: 1, metadata: { route_request_id: "a", destination_count: 2, timestamp: "" }, createdAt: new Date("2025-03-03T09:15:00Z") },
    { userId: ana.userId, quotaType: "route_optimization", quantity: 1, metadata: { route_request_id: "b", destination_count: 3, timestamp: "" }, createdAt: new Date("2025-03-05T14:40:00Z") },
  ]);
  await t.deps.db.insert(overageCharges).values({
    userId: ana.userId,
    billingPeriodStart: new Date("2025-03-01T00:00:00Z"),
    billingPeriodEnd: new Date("2025-04-01T00:00:00Z"),
    overageRoutes: 1,
    amountCharged: 100,
    createdAt: new Date("2025-03-05T14:40:00Z"),
  });
});

afterAll(async () => {
  await t?.close();
});

describe("GET /api/analytics/summary", () => {
  it("sums the period's routes exactly, with savings only where the typed order is known", async () => {
    const s = await summary("?from=2025-03-01&to=2025-03-31");
    expect(s).toMatchObject({ from: "2025-03-01", to: "2025-03-31", timezone: "UTC", routes: 3, stops: 6, distanceMeters: 35_000, durationSeconds: 6_300 });
    expect(s.savedDistanceMeters).toBe(2_500 + 1_000);
    expect(s.savedDurationSeconds).toBe(300);
    expect(s.byMonth).toEqual([{ month: "2025-03", routes: 3, stops: 6, distanceMeters: 35_000, durationSeconds: 6_300, savedDistanceMeters: 3_500, savedDurationSeconds: 300 }]);
    // 3 March 2025 was a Monday, 5 March a Wednesday, 31 March a Monday.
    expect(s.byWeekday.map((d) => d.routes)).toEqual([2, 0, 1, 0, 0, 0, 0]);
    expect(s.byHour.filter((h) => h.routes > 0)).toEqual([
      { hour: 9, routes: 1, stops: 2 },
      { hour: 14, routes: 1, stops: 3 },
      { hour: 23, routes: 1, stops: 1 },
    ]);
    expect(s.topPlaces[0]).toMatchObject({ label: "Shop", address: "Shop street", visits: 3 });
    expect(s.topPlaces.map((p) => [p.label, p.visits])).toEqual([
      ["Shop", 3],
      ["Bank", 2],
      ["Farm", 1],
    ]);
    expect(s.usage).toMatchObject({ tier: "premium", monthlyLimit: 100, overagePence: 100, byMonth: [{ month: "2025-03", routesUsed: 2, overageRoutes: 1, overagePence: 100 }] });
  });

  it("buckets in the user's time zone: 23:30 UTC on 31 March is 1 April in Berlin", async () => {
    const res = await t.call("/api/preferences", { method: "PATCH", cookie: zoe.cookie, body: { timezone: "Europe/Berlin" } });
    expect(res.status).toBe(200);
    await addRoute(zoe.userId, { createdAt: "2025-03-31T23:30:00Z", distanceM: 1_000, durationS: 100, originalDistanceM: 1_000, originalDurationS: 100, stops: [shop] });
    const march = await summary("?from=2025-03-01&to=2025-03-31", zoe);
    expect(march.routes).toBe(0);
    const april = await summary("?from=2025-04-01&to=2025-04-01", zoe);
    expect(april).toMatchObject({ timezone: "Europe/Berlin", routes: 1, byMonth: [{ month: "2025-04", routes: 1 }] });
    // 1 April 2025 is a Tuesday; 01:30 local time (CEST, UTC+2).
    expect(april.byWeekday[1]).toEqual({ weekday: 2, routes: 1, stops: 1 });
    expect(april.byHour[1]).toEqual({ hour: 1, routes: 1, stops: 1 });
  });

  it("lists every month of a longer period and counts only the user's own routes", async () => {
    const s = await summary("?from=2025-01-15&to=2025-04-10");
    expect(s.byMonth.map((m) => [m.month, m.routes])).toEqual([
      ["2025-01", 0],
      ["2025-02", 1],
      ["2025-03", 3],
      ["2025-04", 0],
    ]);
    expect(s.distanceMeters).toBe(43_000);
    const bobs = await summary("?from=2025-03-01&to=2025-03-31", bob);
    expect(bobs).toMatchObject({ routes: 1, stops: 3, distanceMeters: 99_000, savedDistanceMeters: 51_000 });
  });

  it("answers 400 with the contracts' messages for bad, reversed and too long periods", async () => {
    const cases: Array<[string, Record<string, string>]> = [
      ["?from=2025-03-01", { to: analyticsMessages.date }],
      ["?from=2025-02-30&to=2025-03-01", { from: analyticsMessages.date }],
      ["?from=2025-03-02&to=2025-03-01", { to: analyticsMessages.reversed }],
      ["?from=2022-01-01&to=2025-01-01", { to: analyticsMessages.tooLong }],
    ];
    for (const [query, fields] of cases) {
      const res = await get(`/api/analytics/summary${query}`, ana);
      expect(res.status, query).toBe(400);
      const body = await json<{ error: { fields: Record<string, string> } }>(res);
      expect(body.error.fields, query).toMatchObject(fields);
    }
  });

  it("answers 401 signed out", async () => {
    expect((await get("/api/analytics/summary?from=2025-03-01&to=2025-03-31")).status).toBe(401);
    expect((await get("/api/analytics/enhanced?from=2025-03-01&to=2025-03-31")).status).toBe(401);
  });

  it("counts a route's destinations after edits that add and remove stops (routes.stop_count follows route_stops)", async () => {
    const eve = await account(t, "an-eve");
    const today = new Date().toISOString().slice(0, 10);
    const stops = async () => (await summary(`?from=${today}&to=${today}`, eve)).stops;
    const start = { lat: 47.1415, lng: 9.5215 };
    const planned = await t.call("/api/routes/optimize", { cookie: eve.cookie, body: { start, stops: [{ lat: 47.166, lng: 9.51, label: "Schaan" }, { lat: 47.125, lng: 9.515, label: "Triesen" }] } });
    expect(planned.status, await planned.clone().text()).toBe(200);
    const { route } = await json<{ route: RouteDetail }>(planned);
    expect(await stops()).toBe(2);

    const added = await t.call(`/api/routes/${route.id}/stops`, { cookie: eve.cookie, body: { stops: [{ address: "47.17, 9.515", label: "Schaan north" }] } });
    expect(added.status, await added.clone().text()).toBe(200);
    const edited = await json<RouteDetail>(added);
    expect(edited.stops).toHaveLength(3);
    expect(await stops()).toBe(3);

    const removed = await t.call(`/api/routes/${route.id}/stops/${edited.stops[0]!.id}`, { method: "DELETE", cookie: eve.cookie });
    expect(removed.status).toBe(200);
    expect(await stops()).toBe(2);
    const [row] = await t.deps.db.select({ n: routes.stopCount }).from(routes).where(eq(routes.id, route.id));
    expect(row!.n).toBe((await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, route.id))).length);
  });
});

describe("GET /api/analytics/enhanced", () => {
  it("gives trends against the previous period, the heat map, efficiency, CO₂ and optimised vs typed order", async () => {
    const res = await get("/api/analytics/enhanced?from=2025-03-01&to=2025-03-31", ana);
    expect(res.status, await res.clone().text()).toBe(200);
    const e = await json<AnalyticsEnhanced>(res);
    expect(e.previous).toEqual({ from: "2025-01-29", to: "2025-02-28" });
    expect(e.trends.routes).toEqual({ current: 3, previous: 1, changePercent: 200 });
    expect(e.trends.distanceMeters).toEqual({ current: 35_000, previous: 8_000, changePercent: 337.5 });
    expect(e.heatmap.cellDegrees).toBe(0.01);
    expect(e.heatmap.cells).toEqual([
      { lat: 51.5, lng: -0.12, stops: 3 },
      { lat: 51.52, lng: -0.1, stops: 2 },
      { lat: 52.2, lng: 0.12, stops: 1 },
    ]);
    expect(e.heatmap.truncated).toBe(false);
    // Each stop: 400 s between arrival and departure, 300 s of it service → 100 s waiting.
    expect(e.efficiency).toEqual({ distancePerStopMeters: Math.round(35_000 / 6), waitingSeconds: 600, serviceSeconds: 1_800, serviceShare: Math.round((1_800 / 6_300) * 1000) / 1000 });
    const car = e.co2.find((c) => c.profile === "car")!;
    expect(car).toEqual({ profile: "car", routes: 2, distanceMeters: 15_000, gramsPerKm: co2GramsPerKm.car, co2Kg: Math.round(15 * co2GramsPerKm.car / 100) / 10, savedCo2Kg: Math.round(2.5 * co2GramsPerKm.car / 100) / 10 });
    expect(e.co2.find((c) => c.profile === "van")).toMatchObject({ routes: 1, distanceMeters: 20_000 });
    expect(e.co2.find((c) => c.profile === "bicycle")).toMatchObject({ routes: 0, co2Kg: 0 });
    expect(e.variants.map((v) => [v.typedDistanceMeters, v.optimisedDistanceMeters, v.typedDurationSeconds])).toEqual([
      [12_500, 10_000, 2_100],
      [21_000, 20_000, null],
    ]);
  });

  it("is refused (403, naming the plans) below Premium, and for no one else's data", async () => {
    for (const who of [bob, zoe]) {
      const res = await get("/api/analytics/enhanced?from=2025-03-01&to=2025-03-31", who);
      expect(res.status).toBe(403);
      expect((await json<{ error: { message: string } }>(res)).error.message).toBe(analyticsMessages.enhancedOnly);
    }
    await setTier(t, bob.userId, "fleet_pro");
    const res = await get("/api/analytics/enhanced?from=2025-03-01&to=2025-03-31", bob);
    expect(res.status).toBe(200);
    expect((await json<AnalyticsEnhanced>(res)).trends.routes.current).toBe(1);
  });

  it("answers 400 for a reversed period", async () => {
    expect((await get("/api/analytics/enhanced?from=2025-03-02&to=2025-03-01", ana)).status).toBe(400);
  });
});
