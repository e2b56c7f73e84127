import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { ExtractLoadError } from "./errors";
import { isAddressOrPlaceNode, isAddressOrStreetWay, OsmAddressGeocoder } from "./geocode/osm-address-geocoder";
import { parseOsmPbf, type OsmExtractData } from "./osm/pbf-parser";
import { OsmRoutingProvider, type OsmRouterOptions } from "./osm/osm-router";
import { isBarrierNode, isRoutableWay } from "./osm/road-rules";

/** An extract loaded once for both routing and address geocoding. */
export interface OsmExtract {
  path: string;
  data: OsmExtractData;
  router: OsmRoutingProvider;
  addresses: OsmAddressGeocoder;
  /** Milliseconds for read + parse + graph + address index. */
  loadMs: number;
  /** What was loaded, for the start-up log line. */
  summary: { nodes: number; ways: number; addresses: number; streets: number; places: number; vertices: number; edges: number; seconds: number };
}

/** Reads the extract file; a missing or unreadable file is an `ExtractLoadError` that names OSM_EXTRACT and the full path. */
async function readExtract(path: string): Promise<Uint8Array> {
  try {
    return await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "it is a folder, not an .osm.pbf file" : code === "EACCES" ? "permission denied" : (error as Error).message;
    throw new ExtractLoadError(
      `OSM_EXTRACT: cannot read "${path}" (${resolve(path)}): ${why}. Set OSM_EXTRACT to an .osm.pbf file, e.g. datasets/osm/liechtenstein-2024-03-04.osm.pbf, or unset it (README: "Offline road routing").`,
      { cause: error },
    );
  }
}

/** Parses an .osm.pbf once and builds the road router and the address geocoder from it. */
export async function loadOsmExtract(path: string, options: OsmRouterOptions = {}): Promise<OsmExtract> {
  const t0 = performance.now();
  const bytes = await readExtract(path);
  const data = parseOsmPbf(bytes, {
    keepWay: (tags) => isRoutableWay(tags) || isAddressOrStreetWay(tags),
    keepNode: (tags) => isAddressOrPlaceNode(tags) || isBarrierNode(tags),
  });
  const parseMs = performance.now() - t0;
  const router = OsmRoutingProvider.fromExtract(data, options, parseMs);
  const addresses = new OsmAddressGeocoder(data);
  const loadMs = performance.now() - t0;
  const summary = {
    nodes: data.nodeIds.length,
    ways: data.ways.length,
    ...addresses.size,
    vertices: router.stats.vertices,
    edges: router.stats.edges,
    seconds: Math.round(loadMs / 100) / 10,
  };
  return { path, data, router, addresses, loadMs, summary };
}
