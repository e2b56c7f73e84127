import { readFileSync } from "node:fs";
import { deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { ExtractLoadError } from "../errors";
import { MONACO_PBF } from "../testing/extracts";
import { OsmRoutingProvider } from "./osm-router";
import { findNodeIndex, parseOsmPbf } from "./pbf-parser";

const monaco = readFileSync(MONACO_PBF);
const hasAddress = (t: Record<string, string>) => t["addr:street"] !== undefined && t["addr:housenumber"] !== undefined;

describe("OSM PBF parser", () => {
  it("reads the Monaco extract with the counts osmium reports (datasets/osm/README.md)", () => {
    const data = parseOsmPbf(monaco, { keepWay: () => true, keepNode: hasAddress });
    expect(data.nodeIds.length).toBe(39_587);
    expect(data.ways.length).toBe(5_777);
    expect(data.ways.filter((w) => w.tags.highway !== undefined).length).toBe(3_334);
    expect(data.taggedNodes.length).toBe(211);
    expect(data.ways.filter((w) => hasAddress(w.tags)).length).toBe(142);
    expect(data.bbox).toEqual({ minLat: 43.483817, maxLat: 43.75293, minLng: 7.408583, maxLng: 7.595671 });
  });

  it("resolves every way's nodes to coordinates inside the bounding box", () => {
    const data = parseOsmPbf(monaco, { keepWay: (t) => t.highway !== undefined });
    let missing = 0;
    for (const w of data.ways) {
      expect(w.refs.length).toBeGreaterThanOrEqual(2);
      for (const id of w.refs) {
        const i = findNodeIndex(data.nodeIds, id);
        if (i < 0) {
          missing++;
          continue;
        }
        expect(data.nodeLat[i]).toBeGreaterThan(43.48);
        expect(data.nodeLng[i]).toBeLessThan(7.6);
      }
    }
    // Geofabrik extracts keep ways complete.
    expect(missing).toBe(0);
  });

  it("throws ExtractLoadError for truncated or foreign files", () => {
    expect(() => parseOsmPbf(monaco.subarray(0, 100_000))).toThrow(ExtractLoadError);
    expect(() => parseOsmPbf(new TextEncoder().encode("<?xml version='1.0'?><osm></osm>"))).toThrow(ExtractLoadError);
    // A well-framed blob whose zlib payload is garbage.
    const header = Uint8Array.from([0x0a, 7, ...new TextEncoder().encode("OSMData"), 0x18, 5]);
    const blob = Uint8Array.from([0x1a, 3, 1, 2, 3]);
    const file = Uint8Array.from([0, 0, 0, header.length, ...header, ...blob]);
    expect(() => parseOsmPbf(file)).toThrow(ExtractLoadError);
    // Valid zlib, but the block inside is not a PrimitiveBlock.
    const junk = deflateSync(Uint8Array.from([0xff, 0xff, 0xff]));
    const blob2 = Uint8Array.from([0x18, 3, 0x1a, junk.length, ...junk]);
    const header2 = Uint8Array.from([0x0a, 7, ...new TextEncoder().encode("OSMData"), 0x18, blob2.length]);
    expect(() => parseOsmPbf(Uint8Array.from([0, 0, 0, header2.length, ...header2, ...blob2]))).toThrow(ExtractLoadError);
  });

  it("refuses to build a router from an extract without roads", () => {
    expect(() => OsmRoutingProvider.fromBuffer(new Uint8Array(0))).toThrow(/no routable roads/);
  });
});
