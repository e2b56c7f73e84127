import { describe, expect, it } from "vitest";
import { appleMapsLink, googleMapsLinks, navigationPoints, wazeLink, type NavPoint } from "@/lib/map/handoff";

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
    expect(links[0]!.label).toBe("Stops 1–3");
  });

  it("splits into even links of at most 10 places, each starting where the last ended", () => {
    // origin + 25 stops
    const links = googleMapsLinks(pts(26));
    expect(links.map((l) => [l.from, l.to])).toEqual([
      [1, 9],
      [10, 17],
      [18, 25],
    ]);
    for (const link of links) {
      const p = params(link.url);
      const stops = (p.get("waypoints")?.split("|").length ?? 0) + 1;
      expect(stops).toBeLessThanOrEqual(10);
    }
    expect(params(links[1]!.url).get("origin")).toBe(params(links[0]!.url).get("destination"));
    expect(params(links[2]!.url).get("destination")).toBe("47.25,9.5");
    expect(links.map((l) => l.label)).toEqual(["Stops 1–9", "Stops 10–17", "Stops 18–25"]);
  });

  it("never leaves the drive home as a part of its own (10 stops and back to the start)", () => {
    // The issue: "Part 2: stops 11–11" for the drive home. Now two even parts, the last one ending at home.
    const links = googleMapsLinks([...pts(11), pts(1)[0]!], "driving", "start");
    expect(links.map((l) => l.label)).toEqual(["Stops 1–6", "Stops 7–10, then back to the start"]);
    expect(params(links[1]!.url).get("destination")).toBe("47,9.5");
    expect(links.every((l) => (params(l.url).get("waypoints")?.split("|").length ?? 0) <= 9)).toBe(true);
  });

  it("says where a route to an end place finishes, and handles exactly 10, 11 and no stops", () => {
    expect(googleMapsLinks(pts(11))).toHaveLength(1);
    expect(googleMapsLinks(pts(11), "driving", "end")[0]!.label).toBe("Stops 1–9, then to the end");
    expect(googleMapsLinks(pts(12)).map((l) => [l.from, l.to])).toEqual([
      [1, 6],
      [7, 11],
    ]);
    expect(googleMapsLinks(pts(2), "driving", "start")[0]!.label).toBe("Drive back to the start");
    expect(googleMapsLinks(pts(1))).toEqual([]);
  });
});

describe("navigationPoints", () => {
  const start = { lat: 47, lng: 9.5 };
  const stops = [{ lat: 47.1, lng: 9.5, label: "A" }];
  it("appends the start for a round trip, the end place otherwise", () => {
    expect(navigationPoints({ start, stops, end: null, roundTrip: true, profile: "car" })).toEqual({ points: [start, stops[0], start], finish: "start" });
    expect(navigationPoints({ start, stops, end: { lat: 1, lng: 2 }, roundTrip: false, profile: "car" }).finish).toBe("end");
    expect(navigationPoints({ start, stops, end: null, roundTrip: false, profile: "car" })).toEqual({ points: [start, stops[0]], finish: null });
  });
});

describe("single-destination links", () => {
  it("builds Apple Maps and Waze URLs", () => {
    expect(appleMapsLink({ lat: 47.1, lng: 9.5 }, { lat: 47.2, lng: 9.6 })).toBe("https://maps.apple.com/?saddr=47.1%2C9.5&daddr=47.2%2C9.6&dirflg=d");
    expect(wazeLink({ lat: 47.123456789, lng: 9.5 })).toBe("https://www.waze.com/ul?ll=47.123457%2C9.5&navigate=yes");
  });
});
