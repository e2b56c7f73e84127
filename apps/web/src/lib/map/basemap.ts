import { basemapRoadsSchema, type BasemapRoads } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

export type Bounds = { west: number; south: number; east: number; north: number };

/**
 * GET /api/basemap/roads for a visible area: the box is widened to a grid of two tile widths at
 * the zoom level, so panning a little asks for the same URL again (and the browser's cache answers).
 */
export function basemapRoadsUrl(bounds: Bounds, zoom: number): string {
  const z = Math.max(0, Math.min(22, Math.round(zoom)));
  const step = (360 / 2 ** z) * 2;
  const snap = (v: number, up: boolean) => Number(((up ? Math.ceil(v / step) : Math.floor(v / step)) * step).toFixed(6));
  const west = Math.max(-180, snap(bounds.west, false));
  const east = Math.min(180, snap(bounds.east, true));
  const south = Math.max(-85, snap(bounds.south, false));
  const north = Math.min(85, snap(bounds.north, true));
  return `/api/basemap/roads?bbox=${west},${south},${east === west ? east + step : east},${north === south ? north + step : north}&zoom=${z}`;
}

/** The server's offline roads for an area (`available: false` when it has no OSM extract). */
export function fetchBasemapRoads(url: string, signal?: AbortSignal): Promise<BasemapRoads> {
  return apiRequest(url, { schema: basemapRoadsSchema, signal });
}

/** Line width in pixels of each road class on the offline base map. */
export const ROAD_WEIGHT: Record<string, number> = { motorway: 4, primary: 3.5, secondary: 3, tertiary: 2.5, street: 1.75, minor: 1 };
