import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BasemapRoads } from "@routepilot/contracts";
import { createTestApp, type TestApp } from "../../../test/harness";
import { servedZoom } from "./basemap.handlers";

// The real Liechtenstein extract (datasets/osm), as the e2e server loads it.
const LIECHTENSTEIN = fileURLToPath(new URL("../../../../../../datasets/osm/liechtenstein-2024-03-04.osm.pbf", import.meta.url));
const VADUZ = "9.505,47.13,9.535,47.15";

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [t, plain] = await Promise.all([createTestApp({ OSM_EXTRACT: LIECHTENSTEIN }), createTestApp()]);
});
afterAll(async () => {
  await Promise.all([t.close(), plain.close()]);
});

describe("GET /api/basemap/roads", () => {
  it("answers the extract's roads in the area as GeoJSON, signed out, cacheable", async () => {
    const res = await t.call(`/api/basemap/roads?bbox=${VADUZ}&zoom=15`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    const body = (await res.json()) as BasemapRoads;
    expect(body).toMatchObject({ type: "FeatureCollection", available: true, truncated: false, attribution: "© OpenStreetMap contributors" });
    expect(body.features.map((f) => f.properties.roadClass)).toEqual(expect.arrayContaining(["primary", "street"]));
    const lines = body.features.flatMap((f) => f.geometry.coordinates);
    expect(lines.length).toBeGreaterThan(200);
    const [lng, lat] = lines[0]![0]!;
    expect(lng).toBeGreaterThan(9.4);
    expect(lat).toBeGreaterThan(47);
  });

  it("draws only the main roads at a low zoom, and an area far too wide for its zoom gets less detail", async () => {
    const low = (await (await t.call("/api/basemap/roads?bbox=9.47,47.04,9.64,47.28&zoom=9")).json()) as BasemapRoads;
    expect(low.features.map((f) => f.properties.roadClass)).toEqual(["primary"]);
    const wide = (await (await t.call("/api/basemap/roads?bbox=0,40,20,55&zoom=16")).json()) as BasemapRoads;
    expect(wide.features.map((f) => f.properties.roadClass)).toEqual(["primary"]);
    expect(servedZoom({ minLng: 0, maxLng: 20, minLat: 40, maxLat: 55 }, 16)).toBe(8);
    expect(servedZoom({ minLng: 9.5, maxLng: 9.53, minLat: 47.13, maxLat: 47.15 }, 15)).toBe(15);
  });

  it("is empty outside the extract and says when no extract is loaded", async () => {
    const paris = (await (await t.call("/api/basemap/roads?bbox=2.3,48.8,2.4,48.9&zoom=14")).json()) as BasemapRoads;
    expect(paris).toMatchObject({ available: true, features: [] });
    const res = await plain.call(`/api/basemap/roads?bbox=${VADUZ}&zoom=15`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: "FeatureCollection", available: false, truncated: false, attribution: "", features: [] });
  });

  it("rejects a malformed area or zoom with the SPEC message", async () => {
    for (const query of ["zoom=12", `bbox=${VADUZ}`, "bbox=1,2,3&zoom=12", "bbox=9.6,47.1,9.5,47.2&zoom=12", "bbox=9.5,91,9.6,92&zoom=12", `bbox=${VADUZ}&zoom=23`, `bbox=${VADUZ}&zoom=1.5`, "bbox=a,b,c,d&zoom=3"]) {
      const res = await t.call(`/api/basemap/roads?${query}`);
      expect(res.status, query).toBe(400);
      const body = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
      expect(body.error.code).toBe("VALIDATION_ERROR");
      expect(Object.values(body.error.fields ?? {})).toEqual(expect.arrayContaining([expect.stringMatching(/Invalid format|This field is required/)]));
    }
  });

  it("is in the OpenAPI document as a public route", async () => {
    const doc = (await (await t.call("/api/openapi.json")).json()) as { paths: Record<string, { get: { security: unknown[] } }> };
    expect(doc.paths["/api/basemap/roads"]?.get.security).toEqual([]);
  });
});
