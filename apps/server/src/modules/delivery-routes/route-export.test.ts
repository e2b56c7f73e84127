import { describe, expect, it } from "vitest";
import { encodePolyline } from "@routepilot/geo";
import { routeToGpx, type GpxRoute } from "./route-export";

const place = (label: string, lat: number, lng: number) => ({ label, address: null, lat, lng });
const LINE = [
  { lat: 47.14, lng: 9.52 },
  { lat: 47.15, lng: 9.515 },
  { lat: 47.166, lng: 9.51 },
  { lat: 47.18, lng: 9.53 },
  { lat: 47.14, lng: 9.52 },
];

function route(patch: Partial<GpxRoute> = {}): GpxRoute {
  return {
    name: "Tuesday",
    roundTrip: true,
    createdAt: "2026-11-20T08:00:00.000Z",
    start: { ...place("Vaduz", 47.14, 9.52), address: "Städtle 1, Vaduz" },
    end: null,
    geometry: encodePolyline(LINE),
    stops: [
      { sequence: 1, ...place("Schaan", 47.166, 9.51), note: "Back door" },
      { sequence: 2, ...place("Eschen", 47.18, 9.53) },
    ],
    ...patch,
  };
}

/** Attributes and name of every element of `tag` inside `within` (the whole file by default). */
function points(gpx: string, tag: string, within?: string) {
  const scope = within ? (new RegExp(`<${within}>([\\s\\S]*?)</${within}>`).exec(gpx)?.[1] ?? "") : gpx;
  return [...scope.matchAll(new RegExp(`<${tag} lat="(-?[\\d.]+)" lon="(-?[\\d.]+)"(?:/>|>\\s*<name>([^<]*)</name>)`, "g"))].map((m) => ({ lat: Number(m[1]), lng: Number(m[2]), name: m[3] }));
}

/** Every opened element is closed in order (enough to catch a broken template). */
function balanced(xml: string): boolean {
  const stack: string[] = [];
  for (const [, close, name, self] of xml.replace(/^<\?xml[^>]*>/, "").matchAll(/<(\/?)([\w:]+)[^>]*?(\/?)>/g)) {
    if (self) continue;
    if (!close) stack.push(name!);
    else if (stack.pop() !== name) return false;
  }
  return stack.length === 0;
}

describe("routeToGpx", () => {
  it("ends a round trip's route back at the start (the drive home) without a second start waypoint", () => {
    const gpx = routeToGpx(route());
    expect(balanced(gpx)).toBe(true);
    expect(points(gpx, "wpt").map((p) => p.name)).toEqual(["Start: Vaduz", "1. Schaan", "2. Eschen"]);
    const rte = points(gpx, "rtept", "rte");
    expect(rte.map((p) => p.name)).toEqual(["Start: Vaduz", "1. Schaan", "2. Eschen", "Back to the start: Vaduz"]);
    expect(rte.at(-1)).toMatchObject({ lat: 47.14, lng: 9.52 });
    expect(gpx).toContain("<desc>Round trip: return to the start after the last stop.</desc>");
    expect(gpx).toContain("<desc>Back door</desc>");
  });

  it("includes the road geometry as a track after the route", () => {
    const gpx = routeToGpx(route());
    const track = points(gpx, "trkpt", "trkseg");
    expect(track.map(({ lat, lng }) => ({ lat, lng }))).toEqual(LINE);
    expect(gpx.indexOf("<trk>")).toBeGreaterThan(gpx.indexOf("</rte>"));
    expect([...gpx.matchAll(/<trk>/g)]).toHaveLength(1);
  });

  it("has no track without road geometry (a straight-line estimate)", () => {
    const gpx = routeToGpx(route({ geometry: null }));
    expect(balanced(gpx)).toBe(true);
    expect(gpx).not.toContain("<trk");
    expect(points(gpx, "rtept", "rte")).toHaveLength(4);
  });

  it("ends an open route at the last stop, or at its own end place", () => {
    const open = routeToGpx(route({ roundTrip: false }));
    expect(points(open, "rtept", "rte").map((p) => p.name)).toEqual(["Start: Vaduz", "1. Schaan", "2. Eschen"]);
    expect(open).not.toContain("Round trip");
    const ending = routeToGpx(route({ roundTrip: false, end: place("Balzers", 47.066, 9.503) }));
    expect(points(ending, "rtept", "rte").at(-1)).toEqual({ lat: 47.066, lng: 9.503, name: "End: Balzers" });
    expect(points(ending, "wpt")).toHaveLength(4);
  });

  it("escapes names and descriptions", () => {
    const gpx = routeToGpx(route({ name: "A & B <c>", stops: [{ sequence: 1, ...place(`O'Brien "&" <co>`, 47.17, 9.51) }] }));
    expect(balanced(gpx)).toBe(true);
    expect(gpx).toContain("<name>A &amp; B &lt;c&gt;</name>");
    expect(gpx).toContain("O&#39;Brien &quot;&amp;&quot; &lt;co&gt;");
  });
});
