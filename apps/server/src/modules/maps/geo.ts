import { createGeoServices, GazetteerGeocoder, type GeoConfig, type GeoServices } from "@routepilot/geo";
import type { GeoHandle } from "../../lib/ports";
export type { GeoHandle } from "../../lib/ports";

let gazetteer: GazetteerGeocoder | undefined;

/**
 * Builds the geo services on first use (or at once with `eager`), loading OSM_EXTRACT and the
 * world gazetteer a single time. The gazetteer (≈0.5 s to index) is shared by every handle
 * in the process.
 */
export function createGeoHandle(config: GeoConfig): GeoHandle {
  let pending: Promise<GeoServices> | undefined;
  return {
    get() {
      pending ??= (async () => {
        gazetteer ??= GazetteerGeocoder.world();
        return createGeoServices(config, { gazetteer });
      })();
      return pending;
    },
  };
}
