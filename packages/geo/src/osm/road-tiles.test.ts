import { beforeAll, describe, expect, it } from "vitest";
import { LIECHTENSTEIN_PBF } from "../testing/extracts";
import { OsmRoutingProvider } from "./osm-router";
import { ROAD_CLASSES, classesAtZoom, roadTilesOf, simplifyLine, type BBox, type RoadTiles } from "./road-tiles";

// The real Liechtenstein extract (datasets/osm): Vaduz lies at about 47.14 N, 9.52 E.
const COUNTRY: BBox = { minLng: 9.47, minLat: 47.04, maxLng: 9.64, maxLat: 47.28 };
const VADUZ: BBox = { minLng: 9.505, minLat: 47.13, maxLng: 9.535, maxLat: 47.15 };

let router: OsmRoutingProvider;
let tiles: RoadTiles;
beforeAll(async () => {
  router = await OsmRoutingProvider.fromFile(LIECHTENSTEIN_PBF);
  tiles = roadTilesOf(router);
});

const classes = (r: ReturnType<RoadTiles["query"]>) => r.classes.map((c) => c.roadClass);
const lineCount = (r: ReturnType<RoadTiles["query"]>) => r.classes.reduce((n, c) => n + c.lines.length, 0);

describe("simplifyLine", () => {
  it("drops points closer than the tolerance to the line and keeps the ends and corners", () => {
    const line: [number, number][] = [
      [9.5, 47],
      [9.50001, 47.00001],
      [9.5, 47.001],
      [9.501, 47.001],
    ];
    expect(simplifyLine(line, 5)).toEqual([line[0], line[2], line[3]]);
    expect(simplifyLine(line, 0)).toEqual(line);
    expect(simplifyLine(line.slice(0, 2), 1000)).toEqual(line.slice(0, 2));
  });
});

describe("RoadTiles (Liechtenstein)", () => {
  it("is built once per road graph", () => {
    expect(roadTilesOf(router)).toBe(tiles);
  });

  it("shows only the main roads of the whole country at a low zoom", () => {
    const r = tiles.query(COUNTRY, 9);
    expect(classesAtZoom(9)).toBe(2);
    expect(classes(r)).toEqual(["primary"]);
    expect(r.truncated).toBe(false);
    expect(r.points).toBeGreaterThan(100);
    expect(r.points).toBeLessThan(20_000);
  });

  it("shows streets in a town at a street zoom, each line meeting the box", () => {
    const r = tiles.query(VADUZ, 15);
    expect(classes(r)).toEqual(expect.arrayContaining(["primary", "street", "minor"]));
    expect(lineCount(r)).toBeGreaterThan(200);
    for (const { lines } of r.classes) {
      for (const line of lines) {
        expect(line.length).toBeGreaterThanOrEqual(2);
        const lngs = line.map((p) => p[0]);
        const lats = line.map((p) => p[1]);
        expect(Math.max(...lngs)).toBeGreaterThanOrEqual(VADUZ.minLng - 1e-5);
        expect(Math.min(...lngs)).toBeLessThanOrEqual(VADUZ.maxLng + 1e-5);
        expect(Math.max(...lats)).toBeGreaterThanOrEqual(VADUZ.minLat - 1e-5);
        expect(Math.min(...lats)).toBeLessThanOrEqual(VADUZ.maxLat + 1e-5);
      }
    }
  });

  it("simplifies more at lower zoom levels", () => {
    const near = tiles.query(VADUZ, 16);
    const far = tiles.query(VADUZ, 11);
    const primary = (r: ReturnType<RoadTiles["query"]>) => r.classes.find((c) => c.roadClass === "primary")!.lines.reduce((n, l) => n + l.length, 0);
    expect(primary(far)).toBeLessThan(primary(near));
    // Fewer decimals where a pixel is larger.
    const decimals = (r: ReturnType<RoadTiles["query"]>) => Math.max(...r.classes.flatMap((c) => c.lines.flat(2).map((v) => String(v).split(".")[1]?.length ?? 0)));
    expect(decimals(far)).toBeLessThan(decimals(near));
  });

  it("leaves out the least important classes to stay under the point cap", () => {
    // Liechtenstein has no motorway or trunk road: every other class is there.
    const full = tiles.query(COUNTRY, 16, { maxPoints: Infinity });
    expect(full.truncated).toBe(false);
    expect(classes(full)).toEqual(ROAD_CLASSES.map((c) => c.name).filter((c) => c !== "motorway"));
    const capped = tiles.query(COUNTRY, 16, { maxPoints: 5_000 });
    expect(capped.truncated).toBe(true);
    expect(capped.points).toBeLessThanOrEqual(5_000);
    expect(classes(capped)).toEqual(classes(full).slice(0, classes(capped).length));
    expect(classes(capped)).toContain("primary");
    expect(tiles.query(COUNTRY, 16).points).toBeLessThanOrEqual(40_000);
  });

  it("answers nothing outside the extract", () => {
    expect(tiles.query({ minLng: 2.3, minLat: 48.8, maxLng: 2.4, maxLat: 48.9 }, 14)).toEqual({ classes: [], points: 0, truncated: false });
  });
});
