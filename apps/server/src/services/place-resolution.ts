import { formatCoordinates, type GeoServices, type LatLng } from "@routepilot/geo";
import { clockToSeconds, routeMessages, type OptimizeRouteRequest, type StopInput, type TimeWindowInput } from "@routepilot/contracts";
import type { StoredPlace } from "@routepilot/db";
import { ValidationError } from "../lib/errors";
import type { PlanStop } from "./route-planning";

const DEFAULT_DEPARTURE = "09:00";

/** Turns an optimise request's time window into seconds after departure. */
function windowSeconds(window: TimeWindowInput | undefined, departureS: number, field: string): [number, number] | null {
  if (!window) return null;
  const toSeconds = (v: number | string) => (typeof v === "number" ? v : clockToSeconds(v) - departureS);
  const start = toSeconds(window.start);
  const end = toSeconds(window.end);
  if (end <= start) throw new ValidationError(routeMessages.timeWindowOrder, { [`${field}.end`]: routeMessages.timeWindowOrder });
  if (end < 0) throw new ValidationError(routeMessages.timeWindowBeforeDeparture, { [`${field}.end`]: routeMessages.timeWindowBeforeDeparture });
  return [Math.max(0, start), end];
}

type PlaceLike = { address?: string | undefined; lat?: number | undefined; lng?: number | undefined };

/**
 * Resolves every place of an optimise request: coordinates are taken as given, addresses are
 * geocoded (near the start when it has coordinates). Unknown addresses are a 400 naming each field.
 */
export async function resolveRequest(geo: GeoServices, input: OptimizeRouteRequest): Promise<{ start: StoredPlace; end: StoredPlace | null; stops: PlanStop[]; departureTime: string }> {
  const departureTime = input.departureTime ?? DEFAULT_DEPARTURE;
  const departureS = clockToSeconds(departureTime);
  const near = input.start.lat !== undefined && input.start.lng !== undefined ? { lat: input.start.lat, lng: input.start.lng } : undefined;
  const failures: Record<string, string> = {};
  const cache = new Map<string, Promise<LatLng & { label: string } | null>>();
  const lookup = (address: string) => {
    const key = address.trim().toLowerCase();
    let hit = cache.get(key);
    if (!hit) {
      hit = geo.geocoder.search(address.trim(), { limit: 1, near }).then((r) => (r[0] ? { lat: r[0].lat, lng: r[0].lng, label: r[0].label } : null));
      cache.set(key, hit);
    }
    return hit;
  };
  const resolve = async (place: PlaceLike, field: string, label?: string): Promise<StoredPlace | null> => {
    const address = place.address?.trim() || null;
    if (place.lat !== undefined && place.lng !== undefined) {
      return { label: label || address || formatCoordinates(place.lat, place.lng), address, lat: place.lat, lng: place.lng };
    }
    const found = address ? await lookup(address) : null;
    if (!found) {
      failures[`${field}.address`] = routeMessages.addressNotFound;
      return null;
    }
    return { label: label || address || found.label, address, lat: found.lat, lng: found.lng };
  };
  const [start, end, ...stops] = await Promise.all([
    resolve(input.start, "start"),
    input.end && !input.roundTrip ? resolve(input.end, "end") : Promise.resolve(null),
    ...input.stops.map((s: StopInput, i) => resolve(s, `stops.${i}`, s.label)),
  ]);
  const fields = Object.keys(failures);
  if (fields.length > 0) throw new ValidationError(failures[fields[0] as string] as string, failures);
  const planStops = input.stops.map((s, i): PlanStop => {
    const place = stops[i] as StoredPlace;
    return {
      inputIndex: i,
      label: place.label,
      address: place.address,
      note: s.note || null,
      lat: place.lat,
      lng: place.lng,
      serviceS: s.serviceSeconds ?? 0,
      timeWindow: windowSeconds(s.timeWindow, departureS, `stops.${i}.timeWindow`),
      pinned: false,
    };
  });
  return { start: start as StoredPlace, end: end ?? null, stops: planStops, departureTime };
}
