import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, placeMessages, routeMessages, type ResolveRouteResponse } from "@routepilot/contracts";
import { subscribers, usageLogs } from "@routepilot/db";
import { LIECHTENSTEIN_PBF } from "../../../../../../packages/geo/src/testing/extracts";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

const YORKSHIRE = ["Halifax", "Huddersfield", "Bradford", "Leeds", "Wakefield", "York", "Harrogate", "Skipton", "Keighley", "Dewsbury"];
/** Halifax, West Yorkshire (not Nova Scotia). */
const HALIFAX_ENGLAND = { lat: 53.72, lng: -1.86 };

beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000", API_RATE_LIMIT: "1000", OSM_EXTRACT: LIECHTENSTEIN_PBF });
  alice = await t.signUp("review-alice@example.com");
  bob = await t.signUp("review-bob@example.com");
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, alice.userId));
}, 60_000);
afterAll(() => t.close());

async function resolve(cookie: string, body: unknown): Promise<ResolveRouteResponse> {
  const res = await t.call("/api/routes/resolve", { cookie, body });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as ResolveRouteResponse;
}

const usageCount = async (userId: string) => (await t.deps.db.select().from(usageLogs).where(eq(usageLogs.userId, userId))).length;

describe("POST /api/routes/resolve", () => {
  it("puts Halifax in England when the rest of the route is in Yorkshire, and uses no quota", async () => {
    const before = await usageCount(alice.userId);
    const body = { start: { address: "Manchester" }, stops: YORKSHIRE.map((address) => ({ address })) };
    const { places, needsReview } = await resolve(alice.cookie, body);
    expect(places.map((p) => p.field)).toEqual(["start", ...YORKSHIRE.map((_, i) => `stops.${i}`)]);
    const halifax = places[1]!;
    expect(halifax).toMatchObject({ input: "Halifax", label: "Halifax, United Kingdom", match: "place", provider: "gazetteer", outlier: null });
    expect(halifax.lat).toBeCloseTo(HALIFAX_ENGLAND.lat, 0);
    expect(halifax.lng).toBeCloseTo(HALIFAX_ENGLAND.lng, 0);
    // The Canadian namesake is offered as another candidate, not chosen.
    expect(halifax.candidates.map((c) => c.label)).toContain("Halifax, Canada");
    expect(places.every((p) => p.outlier === null && p.lng < 0 && p.lat > 53)).toBe(true);
    expect(needsReview).toBe(false);
    expect(await usageCount(alice.userId)).toBe(before);
    // A browser in the United States only breaks ties: the towns still agree on Yorkshire.
    const fromUs = await resolve(bob.cookie, { ...body, region: "US" });
    expect(fromUs.places.every((p) => p.outlier === null && p.lng < 0 && p.lng > -3 && p.lat > 53)).toBe(true);
  });

  it("flags a stop far from all the others; optimise refuses it (409, nothing charged) until it is confirmed", async () => {
    const stops = [...YORKSHIRE.slice(1).map((address) => ({ address })), { address: "Halifax, Canada" }];
    const body = { start: { address: "Manchester" }, stops };
    const { places, needsReview } = await resolve(alice.cookie, body);
    const flagged = places.filter((p) => p.outlier !== null);
    expect(flagged.map((p) => p.field)).toEqual([`stops.${stops.length - 1}`]);
    expect(flagged[0]!.outlier).toMatchObject({ reason: "far" });
    // In the user's distance unit: miles by default (SPEC §3), kilometres once they choose them.
    expect(flagged[0]!.outlier!.message).toMatch(/^This place is [\d,]+ mi from the middle of the route, while the other places are within about [\d.]+ mi of it/);
    expect(needsReview).toBe(true);
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: bob.cookie, body: { distanceUnit: "km" } })).status).toBe(200);
    const inKm = (await resolve(bob.cookie, body)).places.find((p) => p.outlier !== null);
    expect(inKm!.outlier!.message).toMatch(/^This place is [\d,]+ km from the middle of the route, while the other places are within about [\d.]+ km of it/);

    const before = await usageCount(alice.userId);
    const refused = await t.call("/api/routes/optimize", { cookie: alice.cookie, body });
    expect(refused.status).toBe(409);
    const error = (await refused.json()) as { error: { message: string; fields: Record<string, string> }; places: Array<{ field: string }> };
    expect(error.error.message).toBe(placeMessages.needsConfirmation);
    expect(Object.keys(error.error.fields)).toEqual([`stops.${stops.length - 1}`]);
    expect(error.places.map((p) => p.field)).toEqual([`stops.${stops.length - 1}`]);
    expect(await usageCount(alice.userId)).toBe(before);

    const confirmed = { ...body, stops: stops.map((s, i) => (i === stops.length - 1 ? { ...s, confirmed: true } : s)) };
    const ok = await t.call("/api/routes/optimize", { cookie: alice.cookie, body: confirmed });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await usageCount(alice.userId)).toBe(before + 1);
  });

  it("says how well each place matched: a missing house number is street-only, a village a place, typed coordinates coordinates", async () => {
    const { places, needsReview } = await resolve(alice.cookie, {
      start: { address: "47.14151, 9.52154" },
      stops: [{ address: "Essanestrasse 999, Eschen" }, { address: "Nendeln" }, { address: "Städtle 38, Vaduz" }],
    });
    expect(places.map((p) => p.match)).toEqual(["coordinates", "street", "place", "exact"]);
    expect(places[1]!.label).toBe("Essanestrasse, 9492 Eschen");
    expect(places[2]!.label).toBe("Nendeln, Liechtenstein");
    expect(needsReview).toBe(true);
  });

  it("stores the match quality with each stop of the optimised route", async () => {
    const res = await t.call("/api/routes/optimize", {
      cookie: alice.cookie,
      body: { start: { lat: 47.14151, lng: 9.52154 }, stops: [{ address: "Essanestrasse 999, Eschen" }, { address: "Nendeln" }, { lat: 47.2, lng: 9.52, match: "exact" }] },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { route } = (await res.json()) as { route: { start: { match?: string }; stops: Array<{ inputIndex: number; label: string; match?: string | null }> } };
    expect(route.start.match).toBe("coordinates");
    const byInput = Object.fromEntries(route.stops.map((s) => [s.inputIndex, s]));
    expect(byInput[0]).toMatchObject({ label: "Essanestrasse 999, Eschen", match: "street" });
    expect(byInput[1]).toMatchObject({ match: "place" });
    expect(byInput[2]).toMatchObject({ match: "exact" });
  });

  it("prefers the user's own saved places and the browser's country, never another user's", async () => {
    // Carol keeps a location in Springfield, Illinois; Bob has none.
    const carol = await t.signUp("review-carol@example.com");
    const saved = await t.call("/api/saved-locations", { cookie: carol.cookie, body: { name: "Depot", address: "Depot, Springfield IL", lat: 39.8, lng: -89.64 } });
    expect(saved.status).toBe(201);
    const body = { start: { address: "Springfield" }, stops: [{ address: "Springfield" }] };
    expect((await resolve(carol.cookie, body)).places.map((p) => p.label)).toEqual(["Springfield, IL, United States", "Springfield, IL, United States"]);
    expect((await resolve(bob.cookie, body)).places[0]!.label).not.toBe("Springfield, IL, United States");
    const inBritain = await resolve(bob.cookie, { start: { address: "Halifax" }, stops: [{ address: "Halifax" }], region: "GB" });
    expect(inBritain.places[0]!.label).toBe("Halifax, United Kingdom");
  });

  it("400 for bad input and for an address nobody knows, naming the field", async () => {
    const empty = await t.call("/api/routes/resolve", { cookie: alice.cookie, body: { start: { address: "Vaduz" }, stops: [] } });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields.stops).toBe(messages.destinationRequired);
    const region = await t.call("/api/routes/resolve", { cookie: alice.cookie, body: { start: { address: "Vaduz" }, stops: [{ address: "Schaan" }], region: "Britain" } });
    expect(region.status).toBe(400);
    const unknown = await t.call("/api/routes/resolve", { cookie: alice.cookie, body: { start: { address: "Vaduz" }, stops: [{ address: "Zzqxv Nowhere" }] } });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { fields: Record<string, string> } }).error.fields["stops.0.address"]).toBe(routeMessages.addressNotFound);
  });

  it("401 signed out", async () => {
    expect((await t.call("/api/routes/resolve", { body: { start: { address: "Vaduz" }, stops: [{ address: "Schaan" }] } })).status).toBe(401);
  });
});
