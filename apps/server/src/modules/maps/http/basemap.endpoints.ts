import { createRoute } from "@hono/zod-openapi";
import { basemapRoadsQuerySchema, basemapRoadsSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";

export const basemapRoads = createRoute({
  method: "get",
  path: "/api/basemap/roads",
  tags: ["Maps"],
  summary:
    "Roads of the loaded OSM extract in an area (bbox=minLng,minLat,maxLng,maxLat, zoom), simplified for the zoom level, as a light base map when map tiles are unavailable; no sign-in (map data, not personal data)",
  security: [],
  request: { query: basemapRoadsQuerySchema },
  responses: {
    200: json(basemapRoadsSchema, "GeoJSON: one MultiLineString per road class; available: false without OSM_EXTRACT"),
    400: authErrors[400],
  },
});
