import { describe, expect, it } from "vitest";
import { appleMapsLink, googleMapsLinks, wazeLink, type NavPoint } from "@/features/planner/lib/handoff";

const pts = (n: number): NavPoint[] => Array.from({ length: n }, (_, i) => ({ lat: 47 + i / 100, lng: 9.5 }));

function params(url: string) {
  return new URL(url).searchParams;
}

describe("googleMapsLinks", () => {
  it("puts a short route in one link", () => {
    const links = googleMapsLinks(pts(4));
    expect(links).toHaveLength(1);
    const p = params(links[0]!.url);
    expect(p.get("origin")).toBe("47,9.5");
    expect(p.get("destination")).toBe("47.03,9.5");
    expect(p.get("waypoints")).toBe("47.01,9.5|47.02,9.5");
    expect(p.get("travelmode")).toBe("driving");
  });

  it("splits into links of at most 10 stops, each starting where the last ended", () => {
    // origin + 25 stops
    const links = googleMapsLinks(pts(26));
    expect(links.map((l) => [l.from, l.to])).toEqual([
      [1, 10],
      [11, 20],
      [21, 25],
    ]);
    for (const link of links) {
      const p = params(link.url);
      const stops = (p.get("waypoints")?.split("|").length ?? 0) + 1;
      expect(stops).toBeLessThanOrEqual(10);
    }
    expect(params(links[1]!.url).get("origin")).toBe(params(links[0]!.url).get("destination"));
    expect(params(links[2]!.url).get("destination")).toBe("47.25,9.5");
  });

  it("handles exactly 10 and 11 stops, and no stops", () => {
    expect(googleMapsLinks(pts(11))).toHaveLength(1);
    expect(googleMapsLinks(pts(12)).map((l) => [l.from, l.to])).toEqual([
      [1, 10],
      [11, 11],
    ]);
    expect(params(googleMapsLinks(pts(12))[1]!.url).get("waypoints")).toBeNull();
    expect(googleMapsLinks(pts(1))).toEqual([]);
  });
});

describe("single-destination links", () => {
  it("builds Apple Maps and Waze URLs", () => {
    expect(appleMapsLink({ lat: 47.1, lng: 9.5 }, { lat: 47.2, lng: 9.6 })).toBe("https://maps.apple.com/?saddr=47.1%2C9.5&daddr=47.2%2C9.6&dirflg=d");
    expect(wazeLink({ lat: 47.123456789, lng: 9.5 })).toBe("https://www.waze.com/ul?ll=47.123457%2C9.5&navigate=yes");
  });
});
