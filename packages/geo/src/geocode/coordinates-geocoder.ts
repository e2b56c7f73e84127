import type { GeocodeResult, Geocoder } from "../types";

const NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
// "47.14, 9.52", "47.14 9.52", "47.14;9.52", "47.14° N, 9.52° E", "N 47.14 E 9.52"
const PATTERN = new RegExp(
  String.raw`^\s*([NS])?\s*(${NUMBER})\s*°?\s*([NS])?\s*[,;\s]\s*([EW])?\s*(${NUMBER})\s*°?\s*([EW])?\s*$`,
  "i",
);

/** Parses "lat, lng" text (decimal degrees, optional ° and N/S/E/W); null if it is not a coordinate pair. */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  // A comma may be the pair separator or a decimal comma ("47,14 9,52"); try dot-decimal first.
  const m = PATTERN.exec(text);
  if (!m) return null;
  const num = (s: string): number => Number(s.replace(",", "."));
  // With a comma separator and no spaces, "47,14,9,52" is ambiguous: the regex only accepts one decimal comma per number.
  let lat = num(m[2] as string);
  let lng = num(m[5] as string);
  const ns = (m[1] ?? m[3])?.toUpperCase();
  const ew = (m[4] ?? m[6])?.toUpperCase();
  if (ns === "S") lat = -Math.abs(lat);
  if (ew === "W") lng = -Math.abs(lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** Formats a coordinate as "47.14151, 9.52154" (5 decimals ≈ 1 m). */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** Geocoder for typed coordinates: "lat, lng" text in, the same point out. */
export class CoordinatesGeocoder implements Geocoder {
  readonly name = "coordinates";

  async search(text: string): Promise<GeocodeResult[]> {
    const p = parseCoordinates(text);
    return p ? [this.result(p.lat, p.lng)] : [];
  }

  async reverse(lat: number, lng: number): Promise<GeocodeResult | null> {
    return this.result(lat, lng);
  }

  private result(lat: number, lng: number): GeocodeResult {
    return {
      label: formatCoordinates(lat, lng),
      lat,
      lng,
      provider: "coordinates",
      kind: "coordinates",
      score: 1,
      attribution: "",
    };
  }
}
