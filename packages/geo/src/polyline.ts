import polyline from "@mapbox/polyline";
import { polylinePairsLength } from "@routepilot/contracts";
import type { LatLng } from "./types";

/** Encodes coordinates as a Google/OSRM encoded polyline (precision 5 by default), with `@mapbox/polyline`. */
export function encodePolyline(points: readonly LatLng[], precision = 5): string {
  return polyline.encode(
    points.map((p) => [p.lat, p.lng]),
    precision,
  );
}

/** Decodes an encoded polyline (precision 5 by default; Valhalla uses 6). Throws on truncated or malformed input. */
export function decodePolyline(encoded: string, precision = 5): LatLng[] {
  if (polylinePairsLength(encoded) !== encoded.length) throw new Error("Truncated or malformed polyline");
  return polyline.decode(encoded, precision).map(([lat, lng]) => ({ lat, lng }));
}
