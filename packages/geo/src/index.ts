export * from "./types";
export * from "./errors";
export { encodePolyline, decodePolyline } from "./polyline";
export { distanceKind } from "./distance-kind";
export { haversineMeters, distanceBetween, EARTH_RADIUS_M } from "./geodesy";
export { isValidLatLng } from "./validation";
export { HaversineProvider, DEFAULT_DETOUR_FACTOR, HAVERSINE_SPEEDS_KMH, type HaversineOptions } from "./routing/haversine-provider";
export { OsmRoutingProvider, type OsmRouterOptions, type OsmLoadStats } from "./osm/osm-router";
export { parseOsmPbf, type OsmExtractData, type OsmWay, type OsmTags } from "./osm/pbf-parser";
