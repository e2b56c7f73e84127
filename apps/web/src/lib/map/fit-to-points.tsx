import { useEffect, useRef } from "react";
import L from "leaflet";
import { useMap } from "react-leaflet";
import type { LatLngTuple } from "@/lib/polyline";

export type FitOptions = {
  /** Pixels kept free around the points (default 32). */
  padding?: number;
  /** Closest zoom a fit may choose, so two stops on one street do not fill the map with one house (default 15). */
  maxZoom?: number;
  /** Zoom for a single point (default 14). */
  singleZoom?: number;
};

/** The box around the points (south-west, north-east), or null for none. Non-finite coordinates are left out. */
export function boundsOf(points: readonly LatLngTuple[]): { south: number; west: number; north: number; east: number } | null {
  let south = Infinity;
  let west = Infinity;
  let north = -Infinity;
  let east = -Infinity;
  for (const [lat, lng] of points) {
    if (!Number.isFinite(lat) || !Number.isFinite(lng)) continue;
    south = Math.min(south, lat);
    north = Math.max(north, lat);
    west = Math.min(west, lng);
    east = Math.max(east, lng);
  }
  return south === Infinity ? null : { south, west, north, east };
}

/**
 * A key for a set of places: the same for the same places in any order (so re-ordering the stops
 * keeps the user's pan and zoom), different when a place is added, removed or moved. Coordinates
 * are rounded to about a metre.
 */
export function placesKey(points: readonly LatLngTuple[]): string {
  return points
    .map(([lat, lng]) => `${lat.toFixed(5)},${lng.toFixed(5)}`)
    .sort()
    .join(";");
}

/** Shows the points on the map: the box around them (with padding, at most `maxZoom`), or one point at `singleZoom`. */
export function fitMapTo(map: L.Map, points: readonly LatLngTuple[], { padding = 32, maxZoom = 15, singleZoom = 14 }: FitOptions = {}): boolean {
  const box = boundsOf(points);
  if (!box) return false;
  if (box.south === box.north && box.west === box.east) map.setView([box.south, box.west], Math.min(singleZoom, maxZoom));
  else map.fitBounds(L.latLngBounds([box.south, box.west], [box.north, box.east]), { padding: [padding, padding], maxZoom });
  return true;
}

/** Fits a map that is on screen; a hidden one (no size) is fitted when it appears. */
function fitVisible(map: L.Map, points: readonly LatLngTuple[], options: FitOptions): void {
  const container = map.getContainer();
  if (container.clientWidth === 0 || container.clientHeight === 0) return;
  // Leaflet keeps the size it measured last; a container that changed since would get the wrong zoom.
  map.invalidateSize({ pan: false });
  fitMapTo(map, points, options);
}

/** DOM events by which a person moves the map; after one, a resize no longer re-fits. */
const USER_MOVES = ["pointerdown", "touchstart", "wheel", "keydown"] as const;

type FitToPointsProps = FitOptions & {
  /** The places to show. */
  points: readonly LatLngTuple[];
  /**
   * When to fit again: by default {@link placesKey} of the points. A map whose points include
   * something that moves on its own (a driver's position) passes the key of its stops instead,
   * so a position update never takes the view from where the user put it.
   */
  fitKey?: string;
};

/**
 * Fits a react-leaflet map to its points when it mounts and whenever `fitKey` changes, and not
 * otherwise. Leaflet measures its container once, so this also watches the container: a map that
 * was hidden (the phone's list/map toggle, a tab) or laid out after it mounted (a panel that grew)
 * is re-measured and fitted again, unless the user has already moved it since the last fit.
 */
export function FitToPoints({ points, fitKey, padding, maxZoom, singleZoom }: FitToPointsProps) {
  const map = useMap();
  const key = fitKey ?? placesKey(points);
  // The latest points and options, read when the key or the container's size says to fit.
  const latest = useRef({ points, options: { padding, maxZoom, singleZoom } });
  latest.current = { points, options: { padding, maxZoom, singleZoom } };
  const userMoved = useRef(false);

  useEffect(() => {
    userMoved.current = false;
    fitVisible(map, latest.current.points, latest.current.options);
  }, [map, key]);

  useEffect(() => {
    const container = map.getContainer();
    const moved = () => {
      userMoved.current = true;
    };
    for (const type of USER_MOVES) container.addEventListener(type, moved, { passive: true });
    let observer: ResizeObserver | null = null;
    if (typeof ResizeObserver !== "undefined") {
      let size = `${container.clientWidth}x${container.clientHeight}`;
      observer = new ResizeObserver(() => {
        const next = `${container.clientWidth}x${container.clientHeight}`;
        if (next === size) return;
        const wasHidden = size.startsWith("0x") || size.endsWith("x0");
        size = next;
        map.invalidateSize({ pan: false });
        if (wasHidden || !userMoved.current) fitVisible(map, latest.current.points, latest.current.options);
      });
      observer.observe(container);
    }
    return () => {
      observer?.disconnect();
      for (const type of USER_MOVES) container.removeEventListener(type, moved);
    };
  }, [map]);
  return null;
}
