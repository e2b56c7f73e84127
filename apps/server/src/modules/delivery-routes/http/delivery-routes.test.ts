import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, routeMessages, toasts, type OptimizeRouteResponse, type RouteDetail, type RouteList, type RouteShare, type SharedRoute } from "@routepilot/contracts";
import { overageCharges, routeStops, subscribers, usageLogs } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

// Vaduz area, Liechtenstein: a start and five stops typed in a deliberately poor order.
const start = { lat: 47.1415, lng: 9.5215 };
const stops = [
  { lat: 47.166, lng: 9.51, label: "Schaan" },
  { lat: 47.13, lng: 9.52, label: "Vaduz south" },
  { lat: 47.17, lng: 9.515, label: "Schaan north" },
  { lat: 47.125, lng: 9.515, label: "Triesen" },
  { lat: 47.155, lng: 9.512, label: "Mühleholz" },
];

beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
  // Plenty of quota for the functional tests; the quota tests use their own users.
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, alice.userId));
});
afterAll(() => t.close());

async function optimize(cookie: string, body: unknown) {
  return t.call("/api/routes/optimize", { cookie, body });
}

async function optimized(cookie: string, body: unknown): Promise<OptimizeRouteResponse> {
  const res = await optimize(cookie, body);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as OptimizeRouteResponse;
}

describe("POST /api/routes/optimize", () => {
  it("optimises, stores and reports legs, ETAs, totals, saving, geometry, provider and usage", async () => {
    const out = await optimized(alice.cookie, { name: "Morning round", start, stops, roundTrip: true, profile: "van" });
    const { route, usage } = out;
    expect(route.stops).toHaveLength(5);
    expect(route.stops.map((s) => s.sequence)).toEqual([1, 2, 3, 4, 5]);
    expect(new Set(route.stops.map((s) => s.inputIndex))).toEqual(new Set([0, 1, 2, 3, 4]));
    // ETAs increase along the route, and legs add up to the total.
    for (let i = 1; i < route.stops.length; i++) expect(route.stops[i]!.arrivalSeconds).toBeGreaterThan(route.stops[i - 1]!.arrivalSeconds);
    const legs = route.stops.reduce((sum, s) => sum + s.legDistanceMeters, 0) + (route.endLegDistanceMeters ?? 0);
    expect(route.distanceMeters).toBeCloseTo(legs, 3);
    expect(route.originalDistanceMeters).toBeGreaterThan(route.distanceMeters);
    expect(route.savingMeters).toBeCloseTo(route.originalDistanceMeters! - route.distanceMeters, 3);
    expect(route.savingPercent).toBeGreaterThan(0);
    expect(route).toMatchObject({ name: "Morning round", profile: "van", roundTrip: true, provider: "haversine", distanceKind: "straight-line estimate" });
    expect(route.endArrivalSeconds).toBe(route.durationSeconds);
    expect(typeof route.geometry).toBe("string");
    expect(usage).toMatchObject({ routesUsed: 1, monthlyLimit: 1000, isOverLimit: false, overage: null, planName: "Free" });

    const [log] = await t.deps.db.select().from(usageLogs).where(eq(usageLogs.userId, alice.userId));
    expect(log).toMatchObject({ quotaType: "route_optimization", quantity: 1, metadata: { route_request_id: route.id, destination_count: 5 } });
    expect(typeof log!.metadata.timestamp).toBe("string");
  });

  it("geocodes addresses and typed coordinates, reports unknown addresses per field", async () => {
    const out = await optimized(alice.cookie, { start: { address: "Vaduz, Liechtenstein" }, stops: [{ address: "Schaan" }, { address: "47.13, 9.52", label: "Depot" }] });
    expect(out.route.start).toMatchObject({ label: "Vaduz, Liechtenstein" });
    expect(out.route.start.lat).toBeCloseTo(47.14, 1);
    expect(out.route.stops.map((s) => s.label).sort()).toEqual(["Depot", "Schaan"]);
    expect(out.route.endArrivalSeconds).toBeNull();

    const res = await optimize(alice.cookie, { start, stops: [{ address: "Qwzxqwzx Nowhere" }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields["stops.0.address"]).toBe("We could not find this address");
  });

  it("honours time windows and an end place", async () => {
    const out = await optimized(alice.cookie, {
      start,
      end: { lat: 47.18, lng: 9.52 },
      departureTime: "08:00",
      stops: [
        { lat: 47.13, lng: 9.52, label: "Late", timeWindow: { start: "10:00", end: "11:00" }, serviceSeconds: 300 },
        { lat: 47.166, lng: 9.51, label: "Early", timeWindow: { start: 0, end: 1800 } },
      ],
    });
    const late = out.route.stops.find((s) => s.label === "Late")!;
    expect(out.route.stops[0]!.label).toBe("Early");
    expect(late.timeWindow).toEqual({ start: 7200, end: 10800 });
    expect(late.departureSeconds).toBe(7200 + 300);
    expect(out.route.endArrivalSeconds).toBeGreaterThan(7500);
    expect(out.route.end).toMatchObject({ lat: 47.18, lng: 9.52 });
  });

  it.each([
    [{ stops }, "start", messages.startRequired],
    [{ start: {}, stops }, "start", messages.startRequired],
    [{ start: { address: "" }, stops }, "start.address", messages.startRequired],
    [{ start }, "stops", messages.destinationRequired],
    [{ start, stops: [] }, "stops", messages.destinationRequired],
    [{ start, stops: [{ address: "ab" }] }, "stops.0.address", messages.minLength(3)],
    [{ start, stops: [{ address: "<b>Main</b> Street" }] }, "stops.0.address", messages.invalidFormat],
    [{ start, stops: [{ address: "a".repeat(201) }] }, "stops.0.address", messages.maxLength(200)],
    [{ start, stops: [{ lat: 91, lng: 0 }] }, "stops.0.lat", messages.invalidFormat],
    [{ start, stops: [{ lat: 47 }] }, "stops.0.lng", "Latitude and longitude must be given together"],
    [{ start, stops: [{ lat: 47, lng: 9, timeWindow: { start: "11:00", end: "10:00" } }] }, "stops.0.timeWindow.end", "The time window must end after it starts"],
    [{ start, stops: [{ lat: 47, lng: 9 }], profile: "rocket" }, "profile", messages.invalidFormat],
  ])("400 for %j", async (body, field, message) => {
    const res = await optimize(alice.cookie, body);
    expect(res.status).toBe(400);
    const out = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(out.error.code).toBe("VALIDATION_ERROR");
    expect(out.error.fields[field]).toBe(message);
  });

  it("401 without a session, before validation", async () => {
    expect((await t.call("/api/routes/optimize", { body: {} })).status).toBe(401);
  });
});

describe("history, sharing and export", () => {
  let route: RouteDetail;
  beforeAll(async () => {
    route = (await optimized(alice.cookie, { name: "Shared & <special>", start, stops })).route;
  });

  it("lists newest first, searches, renames, duplicates and deletes", async () => {
    const list = (await (await t.call("/api/routes", { cookie: alice.cookie })).json()) as RouteList;
    expect(list.routes[0]!.id).toBe(route.id);
    expect(list.total).toBe(list.routes.length);
    expect(list.routes[0]).toMatchObject({ stopCount: 5, distanceKind: "straight-line estimate", shared: false });
    const found = (await (await t.call("/api/routes?q=m%C3%BChleholz", { cookie: alice.cookie })).json()) as RouteList;
    expect(found.routes.map((r) => r.id)).toContain(route.id);
    const none = (await (await t.call("/api/routes?q=100%25", { cookie: alice.cookie })).json()) as RouteList;
    expect(none.routes).toEqual([]);

    const renamed = await t.call(`/api/routes/${route.id}`, { method: "PATCH", cookie: alice.cookie, body: { name: "Tuesday" } });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as RouteDetail).name).toBe("Tuesday");
    expect((await t.call(`/api/routes/${route.id}`, { method: "PATCH", cookie: alice.cookie, body: { name: "" } })).status).toBe(400);

    const copy = await t.call(`/api/routes/${route.id}/duplicate`, { method: "POST", cookie: alice.cookie });
    expect(copy.status).toBe(201);
    const dup = (await copy.json()) as RouteDetail;
    expect(dup.name).toBe("Tuesday (copy)");
    expect(dup.stops.map((s) => s.label)).toEqual((await getRoute(route.id)).stops.map((s) => s.label));
    expect((await t.call(`/api/routes/${dup.id}`, { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    expect((await t.call(`/api/routes/${dup.id}`, { cookie: alice.cookie })).status).toBe(404);
    expect(await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, dup.id))).toEqual([]);
  });

  it("hides another user's route (404 everywhere) and answers 401 signed out", async () => {
    const paths: [string, string, unknown?][] = [
      ["GET", `/api/routes/${route.id}`],
      ["PATCH", `/api/routes/${route.id}`, { name: "Mine" }],
      ["DELETE", `/api/routes/${route.id}`],
      ["POST", `/api/routes/${route.id}/duplicate`],
      ["POST", `/api/routes/${route.id}/reoptimize`, {}],
      ["POST", `/api/routes/${route.id}/share`],
      ["DELETE", `/api/routes/${route.id}/share`],
      ["GET", `/api/routes/${route.id}/export?format=gpx`],
    ];
    for (const [method, path, body] of paths) {
      expect((await t.call(path, { method, cookie: bob.cookie, body })).status, `${method} ${path}`).toBe(404);
      expect((await t.call(path, { method, body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await t.call("/api/routes", { cookie: bob.cookie }).then((r) => r.json()) as RouteList).routes).toEqual([]);
    expect((await t.call("/api/routes")).status).toBe(401);
    expect((await t.call("/api/routes/not-a-uuid", { cookie: bob.cookie })).status).toBe(404);
  });

  it("shares with an unguessable token, read-only and signed out, and revokes", async () => {
    const res = await t.call(`/api/routes/${route.id}/share`, { method: "POST", cookie: alice.cookie });
    expect(res.status).toBe(200);
    const share = (await res.json()) as RouteShare;
    expect(Buffer.from(share.token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(share.url).toBe(`http://localhost:3000/shared-route/${share.token}`);
    const again = (await (await t.call(`/api/routes/${route.id}/share`, { method: "POST", cookie: alice.cookie })).json()) as RouteShare;
    expect(again.token).toBe(share.token);

    const pub = await t.call(`/api/shared-routes/${share.token}`);
    expect(pub.status).toBe(200);
    const shared = (await pub.json()) as SharedRoute;
    expect(shared.stops).toHaveLength(5);
    expect(JSON.stringify(shared)).not.toContain("alice");
    expect(JSON.stringify(shared)).not.toContain(alice.userId);
    expect(shared).not.toHaveProperty("id");

    expect((await t.call(`/api/routes/${route.id}/share`, { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    expect((await t.call(`/api/shared-routes/${share.token}`)).status).toBe(404);
    expect((await t.call(`/api/shared-routes/${"x".repeat(43)}`)).status).toBe(404);
    expect((await t.call("/api/shared-routes/short")).status).toBe(404);
  });

  it("exports GPX 1.1 with one waypoint per place, escaped, and CSV", async () => {
    const res = await t.call(`/api/routes/${route.id}/export?format=gpx`, { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/gpx+xml");
    expect(res.headers.get("content-disposition")).toMatch(/attachment; filename=".+\.gpx"/);
    const gpx = await res.text();
    const doc = parseXml(gpx);
    expect(doc.root).toBe("gpx");
    expect(gpx).toContain('version="1.1"');
    expect(gpx).toContain('xmlns="http://www.topografix.com/GPX/1/1"');
    const rtepts = [...gpx.matchAll(/<rtept lat="(-?\d+\.\d+)" lon="(-?\d+\.\d+)">/g)];
    expect(rtepts).toHaveLength(6); // start + 5 stops (open route)
    expect([...gpx.matchAll(/<wpt lat="(-?\d+\.\d+)" lon="(-?\d+\.\d+)">/g)]).toHaveLength(6);
    expect(gpx.indexOf("<wpt")).toBeLessThan(gpx.indexOf("<rte>"));
    expect(gpx).toContain("Tuesday");

    const named = (await optimized(alice.cookie, { name: "A & B <c>", start, stops: [{ lat: 47.13, lng: 9.52, label: `O'Brien "&" <co>` }], roundTrip: true })).route;
    const escaped = await (await t.call(`/api/routes/${named.id}/export?format=gpx`, { cookie: alice.cookie })).text();
    expect(parseXml(escaped).root).toBe("gpx");
    expect(escaped).toContain("A &amp; B &lt;c&gt;");
    expect(escaped).toContain("O&#39;Brien &quot;&amp;&quot; &lt;co&gt;");
    expect([...escaped.matchAll(/<rtept /g)]).toHaveLength(3); // start, stop and back to the start (the drive home)
    expect(escaped).toContain("<desc>Round trip: return to the start after the last stop.</desc>");

    const csv = await (await t.call(`/api/routes/${route.id}/export?format=csv`, { cookie: alice.cookie })).text();
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("sequence,label,address,lat,lng,arrival_seconds,arrival_minutes,leg_distance_m,leg_duration_s,service_s,note");
    // The start (sequence 0), the 5 stops; an open route ends at its last stop.
    expect(lines).toHaveLength(7);
    expect(lines[1]).toMatch(/^0,"?Start: /);
    const roundTripCsv = (await (await t.call(`/api/routes/${named.id}/export?format=csv`, { cookie: alice.cookie })).text()).trim().split("\r\n");
    expect(roundTripCsv).toHaveLength(4); // header, start, the stop, back to the start
    expect(roundTripCsv[3]).toMatch(/^,"?Back to the start: /);
    // Fields of an RFC 4180 line (quoted ones may hold commas).
    const back = [...roundTripCsv[3]!.matchAll(/(?:^|,)("(?:[^"]|"")*"|[^,]*)/g)].map((m) => m[1]!);
    expect(Number(back[5])).toBe(Math.round(named.endArrivalSeconds!));
    expect(Number(back[7])).toBe(Math.round(named.endLegDistanceMeters!));
    expect((await t.call(`/api/routes/${route.id}/export?format=pdf`, { cookie: alice.cookie })).status).toBe(400);
  });

  it("re-optimises around pinned stops, applies a dragged order, and rejects a bad order", async () => {
    const current = await getRoute(route.id);
    const ids = current.stops.map((s) => s.id);
    // Drag: the last stop first, keep it there (pinned) and re-optimise the rest.
    const dragged = [ids[4]!, ...ids.slice(0, 4)];
    const fixed = await t.call(`/api/routes/${route.id}/reoptimize`, { cookie: alice.cookie, body: { order: dragged, optimize: false } });
    expect(fixed.status).toBe(200);
    const applied = (await fixed.json()) as RouteDetail;
    expect(applied.stops.map((s) => s.label)).toEqual(dragged.map((id) => current.stops.find((s) => s.id === id)!.label));

    const appliedIds = applied.stops.map((s) => s.id);
    const pinnedLabel = applied.stops[0]!.label;
    const pinned = await t.call(`/api/routes/${route.id}/reoptimize`, { cookie: alice.cookie, body: { order: appliedIds, pinned: [appliedIds[0]] } });
    expect(pinned.status).toBe(200);
    const re = (await pinned.json()) as RouteDetail;
    expect(re.stops[0]).toMatchObject({ label: pinnedLabel, pinned: true });
    expect(re.distanceMeters).toBeLessThanOrEqual(applied.distanceMeters + 1e-6);
    expect(new Set(re.stops.map((s) => s.label))).toEqual(new Set(current.stops.map((s) => s.label)));

    // A stop pinned in the middle stays at its position; the others fill the slots around it.
    const middle = re.stops[2]!.id;
    const around = (await (await t.call(`/api/routes/${route.id}/reoptimize`, { cookie: alice.cookie, body: { pinned: [middle] } })).json()) as RouteDetail;
    expect(around.stops[2]).toMatchObject({ id: expect.any(String), label: re.stops[2]!.label, pinned: true });
    expect(around.stops.filter((s) => s.pinned)).toHaveLength(1);

    const free = await t.call(`/api/routes/${route.id}/reoptimize`, { method: "POST", cookie: alice.cookie, body: { pinned: [] } });
    expect(free.status).toBe(200);
    expect(((await free.json()) as RouteDetail).distanceMeters).toBeCloseTo(current.distanceMeters, 3);

    const bad = await t.call(`/api/routes/${route.id}/reoptimize`, { cookie: alice.cookie, body: { order: ids.slice(1) } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe("The new order must list every stop of the route exactly once");
  });
});

describe("quota", () => {
  it("402 at the limit without a payment method, nothing consumed", async () => {
    const carol = await t.signUp("carol@example.com");
    const first = await optimized(carol.cookie, { start, stops: stops.slice(0, 2) });
    expect(first.usage).toMatchObject({ routesUsed: 1, monthlyLimit: 5, remainingRoutes: 4, usagePercentage: 20, isOverLimit: false });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5 }).where(eq(subscribers.userId, carol.userId));
    const res = await optimize(carol.cookie, { start, stops: stops.slice(0, 2) });
    expect(res.status).toBe(402);
    const body = (await res.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("QUOTA_EXCEEDED");
    expect(body.error.message).toBe(routeMessages.overQuota(5));
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, carol.userId));
    expect(sub!.routesUsedThisPeriod).toBe(5);
    expect(await t.deps.db.select().from(usageLogs).where(eq(usageLogs.userId, carol.userId))).toHaveLength(1);
    const usage = await (await t.call("/api/me/usage", { cookie: carol.cookie })).json();
    expect(usage).toMatchObject({ routesUsed: 5, monthlyLimit: 5, usagePercentage: 100, remainingRoutes: 0, isOverLimit: true, hasPaymentMethod: false });
  });

  it("over the limit with a payment method: allowed, a pending 100p charge and the SPEC §8 toast data", async () => {
    const dave = await t.signUp("dave@example.com");
    await optimized(dave.cookie, { start, stops: stops.slice(0, 1) });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 6, hasPaymentMethod: true }).where(eq(subscribers.userId, dave.userId));
    const out = await optimized(dave.cookie, { start, stops: stops.slice(0, 1) });
    expect(out.usage).toMatchObject({ routesUsed: 7, isOverLimit: true, usagePercentage: 100, remainingRoutes: 0 });
    expect(out.usage.overage).toEqual({
      exceededBy: 2,
      amountPence: 200,
      chargedPence: 100,
      title: toasts.overLimit(2),
      description: toasts.overLimitDescription(200),
      durationMs: 8000,
    });
    expect(out.usage.overage!.title).toBe("You've exceeded your monthly limit by 2 routes");
    expect(out.usage.overage!.description).toBe("Additional charge: £2.00. Consider upgrading your plan.");
    const charges = await t.deps.db.select().from(overageCharges).where(eq(overageCharges.userId, dave.userId));
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCharged: 100, overageRoutes: 1, paymentStatus: "pending", stripePaymentIntentId: null });
    expect(charges[0]!.billingPeriodEnd.getTime()).toBeGreaterThan(charges[0]!.billingPeriodStart.getTime());
  });

  it("falls back to a direct increment when increment_route_usage fails (SPEC §8)", async () => {
    const erin = await t.signUp("erin@example.com");
    await t.deps.db.execute(sql.raw("alter function increment_route_usage(text) rename to increment_route_usage_off"));
    try {
      const out = await optimized(erin.cookie, { start, stops: stops.slice(0, 1) });
      expect(out.usage.routesUsed).toBe(1);
    } finally {
      await t.deps.db.execute(sql.raw("alter function increment_route_usage_off(text) rename to increment_route_usage"));
    }
  });
});

describe("rate limit", () => {
  it("429 with Retry-After once a user exceeds the per-minute limit (before validation), others unaffected", async () => {
    const saved = t.deps.limiters.routeOptimization;
    t.deps.limiters.routeOptimization = t.deps.limiters.category("route_optimization", { points: 2, durationSeconds: 60, blockSeconds: 300 }, "route_optimization_test");
    try {
      expect((await optimize(bob.cookie, {})).status).toBe(400);
      expect((await optimize(bob.cookie, { start, stops: stops.slice(0, 1) })).status).toBe(200);
      const limited = await optimize(bob.cookie, { start, stops: stops.slice(0, 1) });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(250);
      const body = (await limited.json()) as { error: { code: string }; allowed: boolean; remainingAttempts: number; resetTime: string; violations: number };
      expect(body).toMatchObject({ error: { code: "RATE_LIMITED" }, allowed: false, remainingAttempts: 0, violations: 1 });
      expect(Date.parse(body.resetTime) - Date.now()).toBeGreaterThan(250_000);
      const again = await optimize(bob.cookie, {});
      expect(again.status).toBe(429);
      expect(((await again.json()) as { violations: number }).violations).toBeGreaterThanOrEqual(1);
      expect((await optimize(alice.cookie, { start, stops: stops.slice(0, 1) })).status).toBe(200);
    } finally {
      t.deps.limiters.routeOptimization = saved;
    }
  });
});

async function getRoute(id: string): Promise<RouteDetail> {
  return (await (await t.call(`/api/routes/${id}`, { cookie: alice.cookie })).json()) as RouteDetail;
}

/** XML's five named entities and decimal or hex character references; any other `&` is malformed. */
const BAD_ENTITY = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[\da-f]+);)/i;

/** A strict little XML well-formedness check: balanced tags, quoted attributes, known entities only. */
function parseXml(xml: string): { root: string } {
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "");
  const stack: string[] = [];
  let root = "";
  const re = /<(\/?)([A-Za-z_][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)/g;
  let consumed = 0;
  for (const m of body.matchAll(re)) {
    if (m.index !== consumed) throw new Error(`malformed XML near ${body.slice(consumed, consumed + 40)}`);
    consumed = m.index + m[0].length;
    const text = m[5];
    if (text !== undefined) {
      if (BAD_ENTITY.test(text)) throw new Error(`bad entity in ${text}`);
      continue;
    }
    const [, close, name, attrs, selfClose] = m;
    if (BAD_ENTITY.test(attrs ?? "")) throw new Error("bad entity in attribute");
    if (close) {
      if (stack.pop() !== name) throw new Error(`unbalanced </${name}>`);
    } else if (!selfClose) {
      if (!root) root = name!;
      stack.push(name!);
    }
  }
  if (consumed !== body.length || stack.length > 0) throw new Error("unterminated XML");
  return { root };
}
