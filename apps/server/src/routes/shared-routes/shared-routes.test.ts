import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePolyline } from "@routepilot/geo";
import type { OptimizeRouteResponse, RouteShare, SharedRoute } from "@routepilot/contracts";
import { createTestApp, type TestApp } from "../../test/harness";

// One end-to-end run on the built-in road router with the real Monaco extract (datasets/osm).
const MONACO = fileURLToPath(new URL("../../../../../datasets/osm/monaco-2025-02-15.osm.pbf", import.meta.url));

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ ROUTING_PROVIDER: "osm", OSM_EXTRACT: MONACO });
  cookie = (await t.signUp("monaco@example.com")).cookie;
});
afterAll(() => t.close());

describe("road routing (osm, Monaco) and the shared view", () => {
  it("optimises on road distances, with road geometry, and shares it signed out", async () => {
    const res = await t.call("/api/routes/optimize", {
      cookie,
      body: {
        profile: "car",
        roundTrip: true,
        start: { lat: 43.7311, lng: 7.4197 },
        stops: [
          { lat: 43.7384, lng: 7.4246, label: "Casino" },
          { lat: 43.7247, lng: 7.4146, label: "Fontvieille" },
          { lat: 43.7402, lng: 7.4276, label: "Larvotto" },
          { lat: 43.7308, lng: 7.4236, label: "Port Hercule" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { route } = (await res.json()) as OptimizeRouteResponse;
    expect(route).toMatchObject({ provider: "osm", distanceKind: "road distance", attribution: "© OpenStreetMap contributors" });
    expect(route.stops).toHaveLength(4);
    expect(route.distanceMeters).toBeGreaterThan(3000);
    expect(route.distanceMeters).toBeLessThan(20000);
    expect(route.originalDistanceMeters!).toBeGreaterThanOrEqual(route.distanceMeters - 1);
    expect(decodePolyline(route.geometry!).length).toBeGreaterThan(20);

    const share = (await (await t.call(`/api/routes/${route.id}/share`, { method: "POST", cookie })).json()) as RouteShare;
    const pub = await t.call(`/api/shared-routes/${share.token}`);
    expect(pub.status).toBe(200);
    const shared = (await pub.json()) as SharedRoute;
    expect(shared).toMatchObject({ provider: "osm", distanceKind: "road distance", geometry: route.geometry });
    expect(shared.stops.map((s) => s.label)).toEqual(route.stops.map((s) => s.label));

    // The shared page's GPX: the same places, the drive home and the road track, signed out.
    const gpxRes = await t.call(`/api/shared-routes/${share.token}/export.gpx`);
    expect(gpxRes.status).toBe(200);
    expect(gpxRes.headers.get("content-type")).toContain("application/gpx+xml");
    expect(gpxRes.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.gpx"$/);
    const gpx = await gpxRes.text();
    expect([...gpx.matchAll(/<rtept /g)]).toHaveLength(6); // start, 4 stops, back to the start
    expect(gpx).toContain("Back to the start");
    expect([...gpx.matchAll(/<trkpt /g)]).toHaveLength(decodePolyline(route.geometry!).length);
    expect(gpx).not.toContain("monaco@example.com");

    // Revoked: the page and the file are gone alike.
    expect((await t.call(`/api/routes/${route.id}/share`, { method: "DELETE", cookie })).status).toBe(204);
    expect((await t.call(`/api/shared-routes/${share.token}/export.gpx`)).status).toBe(404);
    expect((await t.call(`/api/shared-routes/${share.token}`)).status).toBe(404);
  });

  it("answers 404 for an unknown or malformed link's GPX", async () => {
    expect((await t.call(`/api/shared-routes/${"x".repeat(43)}/export.gpx`)).status).toBe(404);
    const res = await t.call("/api/shared-routes/short/export.gpx");
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
  });
});
