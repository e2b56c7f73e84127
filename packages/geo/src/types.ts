import type { MatchQuality } from "@routepilot/contracts";

export type { MatchQuality };

/** A WGS84 coordinate in decimal degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Vehicle or travel mode a route is computed for. */
export const PROFILES = ["car", "van", "truck", "bicycle", "foot"] as const;
export type Profile = (typeof PROFILES)[number];

/** Names of the routing providers this package implements. */
export type RoutingProviderName = "haversine" | "osm" | "osrm" | "valhalla";

/** Names of the geocoders this package implements. */
export type GeocoderName = "coordinates" | "gazetteer" | "osm-address" | "nominatim" | "photon";

/** A many-to-many travel matrix. Row i is from points[i], column j is to points[j]. */
export interface MatrixResult {
  /** Travel time in seconds; `Infinity` where the pair is unreachable (see `unreachable`). */
  durations: number[][];
  /** Travel distance in metres; `Infinity` where the pair is unreachable. */
  distances: number[][];
  /** Every [from, to] pair with no route, in row-major order; empty when all pairs connect. */
  unreachable: Array<[number, number]>;
  /**
   * Metres from each input point to the road it was matched to, where the provider reports
   * it; null for a point with no usable road nearby (all its pairs are unreachable).
   */
  snapDistances?: Array<number | null>;
  provider: RoutingProviderName;
}

/** One leg of a route: from points[i] to points[i + 1]. */
export interface RouteLeg {
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  /** Encoded polyline (precision 5) of this leg alone. */
  geometry: string;
}

/** A route through the given points in the given order. */
export interface RouteResult {
  /** Metres. */
  distance: number;
  /** Seconds. */
  duration: number;
  /** Encoded polyline, precision 5 (Google/OSRM "polyline" format). Decode with `decodePolyline`. */
  geometry: string;
  legs: RouteLeg[];
  provider: RoutingProviderName;
}

/** Computes travel matrices and routes for a profile. */
export interface RoutingProvider {
  readonly name: RoutingProviderName;
  /** Many-to-many matrix between `points` (same list for sources and targets). Unreachable pairs are Infinity and listed, never thrown. */
  matrix(points: readonly LatLng[], profile: Profile): Promise<MatrixResult>;
  /** Route visiting `points` in order (at least two). Throws `NoRouteError` when a leg has no route. */
  route(points: readonly LatLng[], profile: Profile): Promise<RouteResult>;
}

/** What kind of distance a provider produces, as the UI words it. */
export type DistanceKind = "straight-line estimate" | "road distance";

/** One geocoding hit. */
export interface GeocodeResult {
  /** Human-readable text, e.g. "Städtle 38, 9490 Vaduz" or "Vaduz, Liechtenstein". */
  label: string;
  lat: number;
  lng: number;
  provider: GeocoderName;
  /** What was found. */
  kind: "coordinates" | "address" | "street" | "city" | "place";
  /** How well the point matches the text: exact house number, street only, a named place, typed coordinates, or approximate. */
  match: MatchQuality;
  /** ISO 3166-1 alpha-2 country, where the source knows it. */
  country?: string;
  /** 0..1, higher is a better match; comparable within one provider only. */
  score: number;
  /** Data credit to show next to the result, e.g. "© OpenStreetMap contributors". */
  attribution: string;
}

export interface GeocodeSearchOptions {
  /** Prefer results near this point. */
  near?: LatLng;
  /** Maximum number of results (default 5). */
  limit?: number;
}

/** Turns text into places, and places into text. */
export interface Geocoder {
  readonly name: string;
  search(text: string, options?: GeocodeSearchOptions): Promise<GeocodeResult[]>;
  /** The nearest known place, or null when nothing is known near the point. */
  reverse(lat: number, lng: number): Promise<GeocodeResult | null>;
}

export const OSM_ATTRIBUTION = "© OpenStreetMap contributors";
export const OSM_COPYRIGHT_URL = "https://www.openstreetmap.org/copyright";
export const GEONAMES_ATTRIBUTION = "GeoNames (geonames.org), CC BY 4.0";
