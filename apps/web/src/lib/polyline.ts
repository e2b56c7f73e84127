/** A [latitude, longitude] pair, the order Leaflet takes. */
export type LatLngTuple = [number, number];

/**
 * Decodes an encoded polyline (Google's algorithm; precision 5 as the server sends it) into
 * [lat, lng] pairs. Returns [] for an empty string and stops at a truncated trailing value.
 */
export function decodePolyline(encoded: string, precision = 5): LatLngTuple[] {
  const factor = 10 ** precision;
  const points: LatLngTuple[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number | null => {
    let result = 0;
    let shift = 0;
    let byte: number;
    do {
      if (index >= encoded.length) return null;
      byte = encoded.charCodeAt(index++) - 63;
      result |= (byte & 0x1f) << shift;
      shift += 5;
    } while (byte >= 0x20);
    return result & 1 ? ~(result >> 1) : result >> 1;
  };
  while (index < encoded.length) {
    const dLat = next();
    const dLng = next();
    if (dLat === null || dLng === null) break;
    lat += dLat;
    lng += dLng;
    points.push([lat / factor, lng / factor]);
  }
  return points;
}
