import type { LatLng } from "./types";

/** Encodes coordinates as a Google/OSRM encoded polyline (precision 5 by default). */
export function encodePolyline(points: readonly LatLng[], precision = 5): string {
  const factor = 10 ** precision;
  let out = "";
  let prevLat = 0;
  let prevLng = 0;
  for (const p of points) {
    const lat = Math.round(p.lat * factor);
    const lng = Math.round(p.lng * factor);
    out += encodeSigned(lat - prevLat) + encodeSigned(lng - prevLng);
    prevLat = lat;
    prevLng = lng;
  }
  return out;
}

function encodeSigned(value: number): string {
  // Zig-zag the sign into the low bit; arithmetic (not bitwise) so values past 2^31 stay exact.
  let v = value < 0 ? -2 * value - 1 : 2 * value;
  let out = "";
  while (v >= 0x20) {
    out += String.fromCharCode((0x20 | (v % 0x20)) + 63);
    v = Math.floor(v / 0x20);
  }
  return out + String.fromCharCode(v + 63);
}

/** Decodes an encoded polyline (precision 5 by default; Valhalla uses 6). Throws on malformed input. */
export function decodePolyline(encoded: string, precision = 5): LatLng[] {
  const factor = 10 ** precision;
  const points: LatLng[] = [];
  let index = 0;
  let lat = 0;
  let lng = 0;
  const next = (): number => {
    let result = 0;
    let scale = 1;
    for (;;) {
      if (index >= encoded.length) throw new Error("Truncated polyline");
      const byte = encoded.charCodeAt(index++) - 63;
      if (byte < 0 || byte > 63) throw new Error("Invalid polyline character");
      result += (byte & 0x1f) * scale;
      scale *= 32;
      if (byte < 0x20) break;
    }
    return result % 2 === 1 ? -(result + 1) / 2 : result / 2;
  };
  while (index < encoded.length) {
    lat += next();
    lng += next();
    points.push({ lat: lat / factor, lng: lng / factor });
  }
  return points;
}
