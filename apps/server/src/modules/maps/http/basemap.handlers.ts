import { parseBbox, type BasemapRoads } from "@routepilot/contracts";
import { OSM_ATTRIBUTION, roadTilesOf, type GeoServices } from "@routepilot/geo";
import { createRouter } from "../../../lib/context";
import * as routes from "./basemap.endpoints";

/** Widest area served at full detail: about 4096 px of a 256-px-tile map at the zoom asked for. */
const MAX_SPAN_PIXELS = 4096;

/** The zoom whose detail an area can carry: a box wider than MAX_SPAN_PIXELS at `zoom` gets the classes of a lower zoom. */
export function servedZoom(bbox: { minLng: number; maxLng: number; minLat: number; maxLat: number }, zoom: number): number {
  const spanDegrees = Math.max(bbox.maxLng - bbox.minLng, bbox.maxLat - bbox.minLat);
  const fitting = Math.floor(Math.log2((MAX_SPAN_PIXELS * 360) / (256 * spanDegrees)));
  return Math.max(0, Math.min(zoom, fitting));
}

function roads(geo: GeoServices, bboxText: string, zoom: number): BasemapRoads {
  const empty: BasemapRoads = { type: "FeatureCollection", available: false, truncated: false, attribution: "", features: [] };
  if (!geo.extract) return empty;
  const bbox = parseBbox(bboxText)!; // the query schema has checked it
  const result = roadTilesOf(geo.extract.router).query(bbox, servedZoom(bbox, zoom));
  return {
    ...empty,
    available: true,
    truncated: result.truncated,
    attribution: OSM_ATTRIBUTION,
    features: result.classes.map((c) => ({ type: "Feature", properties: { roadClass: c.roadClass }, geometry: { type: "MultiLineString", coordinates: c.lines } })),
  };
}

export const basemapRouter = createRouter().openapi(routes.basemapRoads, async (c) => {
  const { bbox, zoom } = c.req.valid("query");
  // The extract does not change while the server runs: browsers may keep an area for an hour.
  c.header("cache-control", "public, max-age=3600");
  return c.json(roads(await c.get("deps").geo.get(), bbox, zoom), 200);
});
