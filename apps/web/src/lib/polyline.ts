import polyline from "@mapbox/polyline";
import { polylinePairsLength } from "@routepilot/contracts";

/** A [latitude, longitude] pair, the order Leaflet takes. */
export type LatLngTuple = [number, number];

/**
 * Decodes an encoded polyline (Google's algorithm; precision 5 as the server sends it) into
 * [lat, lng] pairs with `@mapbox/polyline`. Returns [] for an empty string and stops at a
 * truncated trailing value.
 */
export function decodePolyline(encoded: string, precision = 5): LatLngTuple[] {
  return polyline.decode(encoded.slice(0, polylinePairsLength(encoded)), precision);
}
