/** A place for navigation apps. */
export type NavPoint = { lat: number; lng: number };

/** Google Maps takes an origin, a destination and up to 9 waypoints in one directions link. */
export const GOOGLE_MAPS_MAX_STOPS = 10;

const coord = (p: NavPoint) => `${Number(p.lat.toFixed(6))},${Number(p.lng.toFixed(6))}`;

export type GoogleMapsLink = { url: string; /** 1-based positions in `points` after the origin covered by this link. */ from: number; to: number };

/**
 * Google Maps directions links for a route, split so each link has at most 10 stops after its
 * origin (9 waypoints + the destination). Each link starts where the previous one ended.
 * `points` is the whole sequence: origin first, then the stops in order (and the end place or
 * the start again for a round trip).
 */
export function googleMapsLinks(points: NavPoint[], travelMode: "driving" | "bicycling" | "walking" = "driving"): GoogleMapsLink[] {
  const links: GoogleMapsLink[] = [];
  for (let originIndex = 0; originIndex < points.length - 1; originIndex += GOOGLE_MAPS_MAX_STOPS) {
    const lastIndex = Math.min(originIndex + GOOGLE_MAPS_MAX_STOPS, points.length - 1);
    const origin = points[originIndex]!;
    const destination = points[lastIndex]!;
    const waypoints = points.slice(originIndex + 1, lastIndex);
    const params = new URLSearchParams({ api: "1", origin: coord(origin), destination: coord(destination), travelmode: travelMode });
    if (waypoints.length > 0) params.set("waypoints", waypoints.map(coord).join("|"));
    links.push({ url: `https://www.google.com/maps/dir/?${params.toString()}`, from: originIndex + 1, to: lastIndex });
  }
  return links;
}

/** Apple Maps directions from `from` to `to` (Apple's URL scheme takes one destination). */
export function appleMapsLink(from: NavPoint, to: NavPoint, mode: "d" | "w" = "d"): string {
  const params = new URLSearchParams({ saddr: coord(from), daddr: coord(to), dirflg: mode });
  return `https://maps.apple.com/?${params.toString()}`;
}

/** Waze navigation to one place (Waze plans from the phone's position). */
export function wazeLink(to: NavPoint): string {
  return `https://www.waze.com/ul?ll=${encodeURIComponent(coord(to))}&navigate=yes`;
}
