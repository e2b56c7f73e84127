import type { DistanceKind, RoutingProviderName } from "./types";

/** How the UI should describe distances from this provider: `haversine` is an estimate, the others follow roads. */
export function distanceKind(provider: RoutingProviderName): DistanceKind {
  return provider === "haversine" ? "straight-line estimate" : "road distance";
}
