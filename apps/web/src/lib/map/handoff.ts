/** A place for navigation apps. */
export type NavPoint = { lat: number; lng: number };

/** Google Maps takes an origin, a destination and up to 9 waypoints in one directions link. */
export const GOOGLE_MAPS_MAX_STOPS = 10;

const coord = (p: NavPoint) => `${Number(p.lat.toFixed(6))},${Number(p.lng.toFixed(6))}`;

/** What a route's sequence ends with after its last stop. */
export type RouteFinish = "start" | "end" | null;

export type GoogleMapsLink = {
  url: string;
  /** 1-based positions in `points` after the origin covered by this link. */
  from: number;
  to: number;
  /** What the link covers, in stop numbers: "Stops 1–6", "Stops 7–10, then back to the start". */
  label: string;
};

function partLabel(from: number, to: number, stopCount: number, finish: RouteFinish): string {
  const last = Math.min(to, stopCount);
  const stops = from > last ? "" : from === last ? `Stop ${from}` : `Stops ${from}–${last}`;
  if (to <= stopCount || !finish) return stops;
  const tail = finish === "start" ? "back to the start" : "to the end";
  return stops ? `${stops}, then ${tail}` : `Drive ${tail}`;
}

/**
 * Google Maps directions links for a route: one link when it fits (at most 10 places after the
 * origin: 9 waypoints + the destination), otherwise as few links as needed, of even length, each
 * starting where the previous one ended — so the drive home (or to the end place) always travels
 * with the last stops instead of making a part of its own. `points` is the whole sequence: origin
 * first, then the stops in order, then the start again (`finish: "start"`, a round trip) or the
 * end place (`finish: "end"`).
 */
export function googleMapsLinks(points: NavPoint[], travelMode: "driving" | "bicycling" | "walking" = "driving", finish: RouteFinish = null): GoogleMapsLink[] {
  const legs = points.length - 1;
  if (legs < 1) return [];
  const stopCount = finish ? legs - 1 : legs;
  const parts = Math.ceil(legs / GOOGLE_MAPS_MAX_STOPS);
  const links: GoogleMapsLink[] = [];
  let originIndex = 0;
  for (let part = 0; part < parts; part++) {
    // Even parts: the first (legs % parts) parts take one more place.
    const size = Math.floor(legs / parts) + (part < legs % parts ? 1 : 0);
    const lastIndex = originIndex + size;
    const waypoints = points.slice(originIndex + 1, lastIndex);
    const params = new URLSearchParams({ api: "1", origin: coord(points[originIndex]!), destination: coord(points[lastIndex]!), travelmode: travelMode });
    if (waypoints.length > 0) params.set("waypoints", waypoints.map(coord).join("|"));
    links.push({ url: `https://www.google.com/maps/dir/?${params.toString()}`, from: originIndex + 1, to: lastIndex, label: partLabel(originIndex + 1, lastIndex, stopCount, finish) });
    originIndex = lastIndex;
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

/** A route as the navigation hand-off needs it: an owner's route and a shared one both fit. */
export type NavRoute = { start: NavPoint; stops: (NavPoint & { label: string })[]; end: NavPoint | null; roundTrip: boolean; profile: string };

/** The whole sequence to drive: start, stops, then the end place (or the start again), and what it ends with. */
export function navigationPoints(route: NavRoute): { points: NavPoint[]; finish: RouteFinish } {
  const points: NavPoint[] = [route.start, ...route.stops];
  if (route.roundTrip) return { points: [...points, route.start], finish: "start" };
  if (route.end) return { points: [...points, route.end], finish: "end" };
  return { points, finish: null };
}

/** Google's travel mode for a vehicle profile. */
export const googleTravelMode = (profile: string) => (profile === "bicycle" ? "bicycling" : profile === "foot" ? "walking" : "driving");
