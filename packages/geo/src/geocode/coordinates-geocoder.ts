import { formatCoordinates, parseCoordinates } from "@routepilot/contracts";
import type { GeocodeResult, Geocoder } from "../types";

// One parser for typed coordinates, shared with the browser (which needs no request for them).
export { formatCoordinates, parseCoordinates };

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
      match: "coordinates",
      score: 1,
      attribution: "",
    };
  }
}
