import { readFile } from "node:fs/promises";
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
}

/** Parses an .osm.pbf once and builds the road router and the address geocoder from it. */
export async function loadOsmExtract(path: string, options: OsmRouterOptions = {}): Promise<OsmExtract> {
  const t0 = performance.now();
  const bytes = await readFile(path);
  const data = parseOsmPbf(bytes, {
    keepWay: (tags) => isRoutableWay(tags) || isAddressOrStreetWay(tags),
    keepNode: (tags) => isAddressOrPlaceNode(tags) || isBarrierNode(tags),
  });
  const parseMs = performance.now() - t0;
  const router = OsmRoutingProvider.fromExtract(data, options, parseMs);
  const addresses = new OsmAddressGeocoder(data);
  return { path, data, router, addresses, loadMs: performance.now() - t0 };
}
