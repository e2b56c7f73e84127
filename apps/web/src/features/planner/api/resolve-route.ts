import { parseCoordinates, resolveRouteResponseSchema, type OptimizeRouteRequest, type ResolveRouteResponse } from "@routepilot/contracts";
import { apiRequest } from "@/lib/api-client";

/** POST /api/routes/resolve → every place of the request resolved (match quality, candidates, outliers); no quota, nothing stored. */
export function resolveRoute(body: OptimizeRouteRequest): Promise<ResolveRouteResponse> {
  return apiRequest("/api/routes/resolve", { method: "POST", body, schema: resolveRouteResponseSchema });
}

type Place = { address?: string | undefined; lat?: number | undefined; lng?: number | undefined };

/** A place typed as "lat, lng" becomes coordinates here, in the browser: it needs no request. */
function typedCoordinates<P extends Place>(place: P): P {
  if (place.lat !== undefined || !place.address) return place;
  const point = parseCoordinates(place.address);
  return point ? { ...place, ...point, match: "coordinates" } : place;
}

/** The request with every "lat, lng" text turned into coordinates. */
export function withTypedCoordinates(request: OptimizeRouteRequest): OptimizeRouteRequest {
  return {
    ...request,
    start: typedCoordinates(request.start),
    ...(request.end ? { end: typedCoordinates(request.end) } : {}),
    stops: request.stops.map(typedCoordinates),
  };
}

/** Whether some place still has only text (an address to look up). */
export function hasAddressesToResolve(request: OptimizeRouteRequest): boolean {
  const places: Place[] = [request.start, ...(request.end && !request.roundTrip ? [request.end] : []), ...request.stops];
  return places.some((p) => p.lat === undefined);
}

/** What the user decided in the review step, per field ("start", "end", "stops.<i>"): the chosen place and whether it is confirmed. */
export type ReviewChoice = { lat: number; lng: number; match: ResolveRouteResponse["places"][number]["match"]; confirmed: boolean };

/**
 * The optimise request with every place's coordinates and match quality as resolved (or as the
 * user chose in the review step), so optimising geocodes nothing. The typed text stays the address.
 */
export function applyResolution(request: OptimizeRouteRequest, places: ResolveRouteResponse["places"], choices: Record<string, ReviewChoice> = {}): OptimizeRouteRequest {
  const byField = new Map(places.map((p) => [p.field, p]));
  const apply = <P extends Place>(place: P, field: string): P => {
    const resolved = byField.get(field);
    if (!resolved) return place;
    const choice = choices[field];
    const chosen = choice ?? { lat: resolved.lat, lng: resolved.lng, match: resolved.match, confirmed: resolved.confirmed };
    return { ...place, lat: chosen.lat, lng: chosen.lng, match: chosen.match, ...(chosen.confirmed ? { confirmed: true } : {}) };
  };
  return {
    ...request,
    start: apply(request.start, "start"),
    ...(request.end ? { end: apply(request.end, "end") } : {}),
    stops: request.stops.map((s, i) => apply(s, `stops.${i}`)),
  };
}

/** The browser locale's country ("en-GB" → "GB"), to prefer places there when nothing else says where the route is. */
export function browserRegion(): string | undefined {
  const language = typeof navigator === "undefined" ? undefined : navigator.language;
  const region = language ? /[-_]([A-Za-z]{2})\b/.exec(language)?.[1] : undefined;
  return region?.toUpperCase();
}
