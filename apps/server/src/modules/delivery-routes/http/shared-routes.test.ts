import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodePolyline } from "@routepilot/geo";
import type { OptimizeRouteResponse, RouteShare, SharedRoute } from "@routepilot/contracts";
import { createTestApp, type TestApp } from "../../../test/harness";

// One end-to-end run on the built-in road router with the real Monaco extract (datasets/osm).
const MONACO = fileURLToPath(new URL("../../../../../../datasets/osm/monaco-2025-02-15.osm.pbf", import.meta.url));

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ ROUTING_PROVIDER: "osm", OSM_EXTRACT: MONACO });
  cookie = (await t.signUp("monaco@example.com")).cookie;
});
afterAll(() => t.close());

/** The fields of one RFC 4180 line (quoted ones may hold commas), unquoted. */
function fields(line: string): string[] {
  const out: string[] = [];
  const field = /("(?:[^"]|"")*"|[^,]*)(,|$)/y;
  for (let m = field.exec(line); m; m = m[2] === "," ? field.exec(line) : null) out.push(m[1]!.replace(/^"(.*)"$/s, "$1").replace(/""/g, '"'));
  return out;
}

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

    // The last leg home, which the CSV's return row needs.
    expect(shared).toMatchObject({
      endArrivalSeconds: route.endArrivalSeconds,
      endLegDistanceMeters: route.endLegDistanceMeters,
      endLegDurationSeconds: route.endLegDurationSeconds,
    });
    expect(route.endLegDistanceMeters).toBeGreaterThan(0);

    // The shared page's CSV is the planner's CSV, byte for byte (these stops have no notes).
    const csvRes = await t.call(`/api/shared-routes/${share.token}/export.csv`);
    expect(csvRes.status).toBe(200);
    expect(csvRes.headers.get("content-type")).toContain("text/csv");
    expect(csvRes.headers.get("content-disposition")).toMatch(/^attachment; filename=".+\.csv"$/);
    expect(csvRes.headers.get("cache-control")).toBe("no-store");
    const csv = await csvRes.text();
    const owners = await (await t.call(`/api/routes/${route.id}/export?format=csv`, { cookie })).text();
    expect(csv).toBe(owners);
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("sequence,label,address,lat,lng,arrival_seconds,arrival_minutes,leg_distance_m,leg_duration_s,service_s,note");
    expect(lines).toHaveLength(7); // header, start, 4 stops, back to the start
    expect(lines[1]).toMatch(/^0,"?Start: /);
    expect(lines[6]).toMatch(/^,"?Back to the start: /);
    // Legs in whole metres (no unit conversion), adding up to the route's distance with the drive home.
    const legs = lines.slice(2).map((line) => Number(fields(line)[7]));
    expect(legs.at(-1)).toBe(Math.round(route.endLegDistanceMeters!));
    expect(Math.abs(legs.reduce((a, b) => a + b, 0) - route.distanceMeters)).toBeLessThanOrEqual(legs.length);
    expect(csv).not.toContain("monaco@example.com");
    expect(csv).not.toContain(route.id);

    // Revoked: the page and the files are gone alike.
    expect((await t.call(`/api/routes/${route.id}/share`, { method: "DELETE", cookie })).status).toBe(204);
    expect((await t.call(`/api/shared-routes/${share.token}/export.gpx`)).status).toBe(404);
    expect((await t.call(`/api/shared-routes/${share.token}/export.csv`)).status).toBe(404);
    expect((await t.call(`/api/shared-routes/${share.token}`)).status).toBe(404);
  });

  it("shares an open route's end place and its last leg, but never notes or record ids, in the JSON and the CSV", async () => {
    const res = await t.call("/api/routes/optimize", {
      cookie,
      body: {
        name: "To the heliport",
        profile: "car",
        start: { lat: 43.7311, lng: 7.4197, address: "Palace" },
        end: { lat: 43.7255, lng: 7.4188, address: "Heliport" },
        stops: [
          { lat: 43.7384, lng: 7.4246, label: "Casino", note: "Door code 4711", serviceSeconds: 300 },
          { lat: 43.7308, lng: 7.4236, label: "Port Hercule" },
        ],
      },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const { route } = (await res.json()) as OptimizeRouteResponse;
    const share = (await (await t.call(`/api/routes/${route.id}/share`, { method: "POST", cookie })).json()) as RouteShare;

    const shared = (await (await t.call(`/api/shared-routes/${share.token}`)).json()) as SharedRoute;
    expect(shared.end).toMatchObject({ label: "Heliport" });
    expect(shared.endArrivalSeconds).toBe(route.endArrivalSeconds);
    expect(shared.endLegDistanceMeters).toBe(route.endLegDistanceMeters);
    expect(shared.stops.find((s) => s.label === "Casino")).toEqual(expect.objectContaining({ serviceSeconds: 300 }));
    const json = JSON.stringify(shared);
    for (const secret of ["Door code", "monaco@example.com", route.id, ...route.stops.map((s) => s.id)]) expect(json).not.toContain(secret);
    for (const stop of shared.stops) expect(Object.keys(stop).sort()).toEqual(["address", "arrivalSeconds", "label", "lat", "legDistanceMeters", "legDurationSeconds", "lng", "sequence", "serviceSeconds"]);

    const csv = await (await t.call(`/api/shared-routes/${share.token}/export.csv`)).text();
    const owners = await (await t.call(`/api/routes/${route.id}/export?format=csv`, { cookie })).text();
    expect(owners).toContain("Door code 4711"); // the owner's own export keeps the note
    expect(csv).not.toContain("Door code");
    const lines = csv.trim().split("\r\n");
    expect(lines).toHaveLength(5); // header, start, 2 stops, the end place
    const end = fields(lines[4]!);
    expect(end.slice(0, 2)).toEqual(["", "End: Heliport"]);
    expect(Number(end[5])).toBe(Math.round(route.endArrivalSeconds!));
    expect(Number(end[7])).toBe(Math.round(route.endLegDistanceMeters!));
    // Apart from the note, the same file as the owner's.
    expect(csv).toBe(owners.replace(",Door code 4711\r\n", ",\r\n"));
  });

  it("answers 404 for an unknown or malformed link's GPX and CSV", async () => {
    for (const file of ["export.gpx", "export.csv"]) {
      expect((await t.call(`/api/shared-routes/${"x".repeat(43)}/${file}`)).status).toBe(404);
      const res = await t.call(`/api/shared-routes/short/${file}`);
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("NOT_FOUND");
    }
  });
});
