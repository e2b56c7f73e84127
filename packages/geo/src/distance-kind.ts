import { OSM_ATTRIBUTION, type DistanceKind, type RoutingProviderName } from "./types";

/** How the UI should describe distances from this provider: `haversine` is an estimate, the others follow roads. */
export function distanceKind(provider: RoutingProviderName): DistanceKind {
  return provider === "haversine" ? "straight-line estimate" : "road distance";
}

/** Data credit to show with a route from this provider ("" for straight-line estimates). */
export function routingAttribution(provider: RoutingProviderName): string {
  // osm is built from OSM extracts; OSRM and Valhalla servers route on OSM data too.
  return provider === "haversine" ? "" : OSM_ATTRIBUTION;
}
