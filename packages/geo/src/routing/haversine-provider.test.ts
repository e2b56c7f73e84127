import { describe, expect, it } from "vitest";
import { distanceKind, routingAttribution } from "../distance-kind";
import { OSM_ATTRIBUTION } from "../types";
import { InvalidGeoInputError } from "../errors";
import { haversineMeters } from "../geodesy";
import { decodePolyline } from "../polyline";
import { DEFAULT_DETOUR_FACTOR, HaversineProvider } from "./haversine-provider";

const vaduz = { lat: 47.14151, lng: 9.52154 };
const schaan = { lat: 47.16498, lng: 9.50867 };

describe("haversine", () => {
  it("measures a known great-circle distance (Paris–London ≈ 343.5 km)", () => {
    expect(haversineMeters(48.8566, 2.3522, 51.5074, -0.1278) / 1000).toBeCloseTo(343.5, 0);
  });

  it("multiplies by the detour factor and divides by the profile speed", async () => {
    const provider = new HaversineProvider();
    const m = await provider.matrix([vaduz, schaan], "car");
    const straight = haversineMeters(vaduz.lat, vaduz.lng, schaan.lat, schaan.lng);
    expect(m.distances[0]?.[1]).toBeCloseTo(straight * DEFAULT_DETOUR_FACTOR, 6);
    expect(m.durations[0]?.[1]).toBeCloseTo((straight * 1.3) / (40 / 3.6), 6);
    expect(m.distances[0]?.[0]).toBe(0);
    expect(m.unreachable).toEqual([]);
    expect(m.provider).toBe("haversine");
    const foot = await provider.matrix([vaduz, schaan], "foot");
    expect(foot.durations[0]?.[1]).toBeGreaterThan(7 * (m.durations[0]?.[1] ?? 0));
  });

  it("routes as straight legs and is labelled a straight-line estimate", async () => {
    const provider = new HaversineProvider({ detourFactor: 1 });
    const r = await provider.route([vaduz, schaan, vaduz], "bicycle");
    expect(r.legs).toHaveLength(2);
    expect(r.distance).toBeCloseTo(2 * haversineMeters(vaduz.lat, vaduz.lng, schaan.lat, schaan.lng), 6);
    expect(decodePolyline(r.geometry)).toEqual([vaduz, schaan, vaduz]);
    expect(distanceKind(r.provider)).toBe("straight-line estimate");
    expect(distanceKind("osm")).toBe("road distance");
    expect(routingAttribution("haversine")).toBe("");
    expect(routingAttribution("osrm")).toBe(OSM_ATTRIBUTION);
  });

  it("rejects unknown profiles, bad coordinates and one-point routes", async () => {
    const provider = new HaversineProvider();
    await expect(provider.matrix([vaduz], "boat" as never)).rejects.toBeInstanceOf(InvalidGeoInputError);
    await expect(provider.matrix([{ lat: 91, lng: 0 }], "car")).rejects.toBeInstanceOf(InvalidGeoInputError);
    await expect(provider.route([vaduz], "car")).rejects.toBeInstanceOf(InvalidGeoInputError);
  });
});
