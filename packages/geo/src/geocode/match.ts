import type { GeocodeResult, MatchQuality } from "../types";

/**
 * Match quality of a result from a source that only reports what it found (HTTP geocoders):
 * a house is an exact address, a road the street only, a town a place; anything else
 * (a shop, a landmark) is approximate.
 */
export function matchOfKind(kind: GeocodeResult["kind"]): MatchQuality {
  switch (kind) {
    case "address":
      return "exact";
    case "street":
      return "street";
    case "city":
      return "place";
    case "coordinates":
      return "coordinates";
    case "place":
      return "approximate";
  }
}
