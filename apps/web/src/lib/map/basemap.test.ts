import { describe, expect, it } from "vitest";
import { basemapRoadsUrl } from "@/lib/map/basemap";
import { mapCredits, OSM_TILE_ATTRIBUTION } from "@/lib/map/tiles";

describe("basemapRoadsUrl", () => {
  const params = (url: string) => new URL(url, "http://x").searchParams;
  it("widens the view to a grid of two tile widths, so a small pan asks for the same area", () => {
    const a = basemapRoadsUrl({ west: 9.501, south: 47.131, east: 9.534, north: 47.149 }, 14);
    const b = basemapRoadsUrl({ west: 9.503, south: 47.132, east: 9.536, north: 47.15 }, 14.2);
    expect(a).toBe(b);
    expect(params(a).get("zoom")).toBe("14");
    const [w, s, e, n] = params(a).get("bbox")!.split(",").map(Number) as [number, number, number, number];
    expect(w).toBeLessThanOrEqual(9.501);
    expect(e).toBeGreaterThanOrEqual(9.534);
    expect(s).toBeLessThanOrEqual(47.131);
    expect(n).toBeGreaterThanOrEqual(47.149);
    expect(e - w).toBeLessThan(0.2);
  });
  it("stays inside the world", () => {
    const [w, s, e, n] = params(basemapRoadsUrl({ west: -200, south: -89, east: 200, north: 89 }, 1)).get("bbox")!.split(",").map(Number);
    expect([w, s, e, n]).toEqual([-180, -85, 180, 85]);
  });
});

describe("mapCredits", () => {
  it("shows the OpenStreetMap credit once when tiles, routing data and offline roads all name it", () => {
    const text = mapCredits([OSM_TILE_ATTRIBUTION, "&copy; OpenStreetMap contributors", "© OpenStreetMap contributors"]);
    expect(text).toBe(OSM_TILE_ATTRIBUTION);
    expect(text.match(/OpenStreetMap/g)).toHaveLength(1);
  });
  it("keeps different credits, joined, and drops empty ones", () => {
    expect(mapCredits(["© Example tiles", "", null, "© OpenStreetMap contributors"])).toBe("© Example tiles · © OpenStreetMap contributors");
  });
});
