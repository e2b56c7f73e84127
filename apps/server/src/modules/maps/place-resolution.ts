import { and, desc, eq, isNotNull } from "drizzle-orm";
import { formatCoordinates, haversineMeters, type GeocodeResult, type GeoServices, type LatLng } from "@routepilot/geo";
import {
  clockToSeconds,
  timeWindowEndsAfterStart,
  needsReview,
  OUTLIER_SPREAD_FACTOR,
  placeMessages,
  routeMessages,
  type MatchQuality,
  type OptimizeRouteRequest,
  type PlaceCandidate,
  type ResolvedRoutePlace,
  type ResolveRouteResponse,
  type DistanceUnit,
  type StopInput,
  type TimeWindowInput,
} from "@routepilot/contracts";
import { routeStops, routes, savedLocations, type DbOrTx, type StoredPlace } from "@routepilot/db";
import { PlacesNeedReviewError, ValidationError } from "../../lib/errors";
import { distanceUnitOf } from "../accounts/preferences";
import type { PlanStop } from "../delivery-routes/route-planning";

const DEFAULT_DEPARTURE = "09:00";
/** Candidates asked of the geocoder per address: enough to find the right Halifax among namesakes. */
const CANDIDATES_ASKED = 5;
/** Candidates offered to the user besides the chosen one. */
const CANDIDATES_OFFERED = 3;
/** Below this the route is one town: a place a few km away is not "far" (the ×5 rule alone would flag it). */
const MIN_OUTLIER_KM = 10;
/** Weight of agreement with the route's other places when choosing among candidates (geocoder scores are 0..1). */
const SUPPORT_WEIGHT = 0.3;
/** Two places within this distance support each other (a day's route spans less). */
const SUPPORT_KM = 150;
/** Weight of the browser locale's country when choosing among candidates. */
const REGION_WEIGHT = 0.05;
/** Weight of closeness to the nearest of the user's saved or recent places (50 km scale). */
const HOME_WEIGHT = 0.1;

/** Where the user usually plans: saved locations and recent routes' places, and the browser locale's country. */
export interface PlaceContext {
  /** Saved locations and recent places (previous routes' start and stops). */
  anchors: LatLng[];
  /** ISO 3166-1 alpha-2 country of the browser locale. */
  region?: string | undefined;
  /** The user's distance unit, for the distances in the messages (kilometres when not known). */
  distanceUnit?: DistanceUnit | undefined;
}

/** How many recent places (start and stops of the newest routes) bias geocoding. */
const RECENT_PLACES = 200;

/** The user's saved locations with coordinates, the places of their newest routes, and their distance unit. */
export async function loadPlaceContext(db: DbOrTx, userId: string, region?: string): Promise<PlaceContext> {
  const saved = await db
    .select({ lat: savedLocations.lat, lng: savedLocations.lng })
    .from(savedLocations)
    .where(and(eq(savedLocations.userId, userId), isNotNull(savedLocations.lat), isNotNull(savedLocations.lng)));
  const recent = await db
    .select({ lat: routeStops.lat, lng: routeStops.lng })
    .from(routeStops)
    .innerJoin(routes, eq(routes.id, routeStops.routeId))
    .where(eq(routes.userId, userId))
    .orderBy(desc(routes.createdAt))
    .limit(RECENT_PLACES);
  const anchors = [...saved, ...recent].filter((p): p is LatLng => p.lat !== null && p.lng !== null);
  return { anchors, region: region?.toUpperCase(), distanceUnit: await distanceUnitOf(db, userId) };
}

/** Turns an optimise request's time window into seconds after departure. */
function windowSeconds(window: TimeWindowInput | undefined, departureS: number, field: string): [number, number] | null {
  if (!window) return null;
  const toSeconds = (v: number | string) => (typeof v === "number" ? v : clockToSeconds(v) - departureS);
  const start = toSeconds(window.start);
  const end = toSeconds(window.end);
  // Both in seconds after departure now, so the one order rule of contracts applies to any mix of forms.
  if (!timeWindowEndsAfterStart({ start, end })) throw new ValidationError(routeMessages.timeWindowOrder, { [`${field}.end`]: routeMessages.timeWindowOrder });
  if (end < 0) throw new ValidationError(routeMessages.timeWindowBeforeDeparture, { [`${field}.end`]: routeMessages.timeWindowBeforeDeparture });
  return [Math.max(0, start), end];
}

type PlaceInput = { address?: string | undefined; lat?: number | undefined; lng?: number | undefined; match?: MatchQuality | undefined; confirmed?: boolean | undefined };

/** One place on its way through resolution. */
interface Slot {
  field: string;
  input: string | null;
  confirmed: boolean;
  /** Given coordinates (fixed), or null while the address is being chosen among `found`. */
  fixed: (LatLng & { label: string; match: MatchQuality }) | null;
  found: GeocodeResult[];
  chosen: number;
}

const km = (a: LatLng, b: LatLng) => haversineMeters(a.lat, a.lng, b.lat, b.lng) / 1000;

/** The median of the values (0 for none). */
function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return 0;
  const k = s.length >> 1;
  return s.length % 2 ? (s[k] as number) : ((s[k - 1] as number) + (s[k] as number)) / 2;
}

/** Coordinate-wise median: a centre that a few far-off points (a wrong Halifax) do not drag away. */
function medianPoint(points: LatLng[]): LatLng | undefined {
  if (points.length === 0) return undefined;
  return { lat: median(points.map((p) => p.lat)), lng: median(points.map((p) => p.lng)) };
}

function pointOf(slot: Slot): (LatLng & { label: string; match: MatchQuality; provider: string | null }) | null {
  if (slot.fixed) return { ...slot.fixed, provider: null };
  const r = slot.found[slot.chosen];
  return r ? { lat: r.lat, lng: r.lng, label: r.label, match: r.match, provider: r.provider } : null;
}

/** Geocoder score plus closeness to the user's nearest saved or recent place and the locale's country. */
function priorScore(r: GeocodeResult, context: PlaceContext, region: string | undefined): number {
  let s = r.score;
  if (context.anchors.length > 0) s += HOME_WEIGHT * Math.exp(-Math.min(...context.anchors.map((a) => km(r, a))) / 50);
  if (region && r.country === region) s += REGION_WEIGHT;
  return s;
}

/** English country name for an ISO code. */
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => {
  try {
    return countryNames.of(code) ?? code;
  } catch {
    return code;
  }
};

/**
 * Resolves every place of a route request: given coordinates are kept; each address is looked
 * up once (several candidates), then the candidate most of the route's other places lie near
 * wins over a far namesake (ties: the user's saved and recent places, the browser's country). Finally each place far from the others (over 5× the
 * median spread, at least 10 km) or in another country than most of them is flagged as an
 * outlier. Unknown addresses are a 400 naming each field. Uses no quota and stores nothing.
 */
export async function resolvePlaces(geo: GeoServices, input: OptimizeRouteRequest, context: PlaceContext = { anchors: [] }): Promise<ResolveRouteResponse> {
  const region = (input.region ?? context.region)?.toUpperCase();
  const entries: Array<[string, PlaceInput]> = [["start", input.start]];
  if (input.end && !input.roundTrip) entries.push(["end", input.end]);
  input.stops.forEach((s, i) => entries.push([`stops.${i}`, s]));

  const slots: Slot[] = entries.map(([field, place]) => {
    const address = place.address?.trim() || null;
    let fixed: Slot["fixed"] = null;
    if (place.lat !== undefined && place.lng !== undefined) {
      // Coordinates without a match quality are the position the caller meant: typed coordinates.
      const match = place.match ?? "coordinates";
      fixed = { lat: place.lat, lng: place.lng, label: address ?? formatCoordinates(place.lat, place.lng), match };
    }
    return { field, input: address, confirmed: place.confirmed === true, fixed, found: [], chosen: 0 };
  });

  // First guess of where the route is: typed coordinates, else where the user usually plans.
  const given = slots.flatMap((s) => (s.fixed ? [s.fixed] : []));
  const bias = medianPoint(given) ?? medianPoint(context.anchors);
  const lookups = new Map<string, Promise<GeocodeResult[]>>();
  await Promise.all(
    slots.map(async (slot) => {
      if (slot.fixed || !slot.input) return;
      const key = slot.input.toLowerCase();
      let hit = lookups.get(key);
      if (!hit) {
        hit = geo.geocoder.search(slot.input, { limit: CANDIDATES_ASKED, ...(bias ? { near: bias } : {}) });
        lookups.set(key, hit);
      }
      slot.found = await hit;
    }),
  );
  const failures: Record<string, string> = {};
  for (const slot of slots) if (!slot.fixed && slot.found.length === 0) failures[`${slot.field}.address`] = routeMessages.addressNotFound;
  const failed = Object.keys(failures);
  if (failed.length > 0) throw new ValidationError(failures[failed[0] as string] as string, failures);

  // Choose the candidate most places agree on: its geocoder score, plus the share of the other
  // places that have a candidate (then: their chosen point) within SUPPORT_KM, plus the user's
  // own places and country. A namesake far from everything else (Halifax, Nova Scotia beside
  // Yorkshire towns) gets no support; a median of first guesses would be dragged by them.
  const prior = slots.map((slot) => slot.found.map((r) => priorScore(r, context, region)));
  const optionsOf = (slot: Slot): LatLng[] => (slot.fixed ? [slot.fixed] : slot.found);
  const supported = (r: LatLng, k: number, others: (j: number) => LatLng[]) => {
    if (slots.length < 2) return 0;
    let n = 0;
    slots.forEach((_, j) => {
      if (j !== k && others(j).some((o) => km(r, o) <= SUPPORT_KM)) n++;
    });
    return n / (slots.length - 1);
  };
  for (const others of [(j: number) => optionsOf(slots[j] as Slot), (j: number) => [pointOf(slots[j] as Slot) as LatLng]]) {
    const chosen = slots.map((slot, k) => {
      let best = slot.chosen;
      let bestScore = -Infinity;
      slot.found.forEach((r, i) => {
        const score = ((prior[k] as number[])[i] as number) + SUPPORT_WEIGHT * supported(r, k, others);
        if (score > bestScore) {
          bestScore = score;
          best = i;
        }
      });
      return best;
    });
    slots.forEach((slot, k) => (slot.chosen = chosen[k] as number));
  }

  const points = slots.map((s) => pointOf(s) as NonNullable<ReturnType<typeof pointOf>>);
  const outliers = findOutliers(geo, points, context.distanceUnit ?? "km");
  const places = slots.map((slot, i): ResolvedRoutePlace => {
    const p = points[i] as NonNullable<ReturnType<typeof pointOf>>;
    const candidates: PlaceCandidate[] = slot.found
      .filter((_, k) => k !== slot.chosen)
      .slice(0, CANDIDATES_OFFERED)
      .map((r) => ({ label: r.label, lat: r.lat, lng: r.lng, match: r.match, provider: r.provider }));
    return {
      field: slot.field,
      input: slot.input,
      label: p.label,
      lat: p.lat,
      lng: p.lng,
      match: p.match,
      provider: p.provider,
      candidates,
      outlier: outliers[i] ?? null,
      confirmed: slot.confirmed,
    };
  });
  const needsAttention = places.some((p) => needsReview(p.match) || (p.outlier !== null && !p.confirmed));
  return { places, needsReview: needsAttention };
}

/**
 * Flags places far from the others: more than 5× the median distance to the route's centre
 * (and at least 10 km), or in another country than at least two thirds of the places and
 * more than twice the median distance away (so a stop across a nearby border is not flagged).
 * Needs three places; two cannot outvote each other.
 */
function findOutliers(geo: GeoServices, points: LatLng[], unit: DistanceUnit): Array<ResolvedRoutePlace["outlier"]> {
  const none = points.map(() => null);
  if (points.length < 3) return none;
  const centre = medianPoint(points) as LatLng;
  const dist = points.map((p) => km(p, centre));
  const spread = median(dist);
  const countries = points.map((p) => geo.gazetteer.countryAt(p.lat, p.lng));
  const tally = new Map<string, number>();
  for (const c of countries) if (c) tally.set(c, (tally.get(c) ?? 0) + 1);
  const [main, mainCount] = [...tally.entries()].sort((a, b) => b[1] - a[1])[0] ?? [null, 0];
  const dominant = main !== null && mainCount >= (2 / 3) * points.length ? main : null;
  return points.map((_, i) => {
    const d = dist[i] as number;
    if (d > Math.max(OUTLIER_SPREAD_FACTOR * spread, MIN_OUTLIER_KM)) {
      return { reason: "far" as const, message: placeMessages.farFromOthers(d * 1000, spread * 1000, unit) };
    }
    const country = countries[i];
    if (dominant && country && country !== dominant && d > Math.max(2 * spread, MIN_OUTLIER_KM)) {
      return { reason: "country" as const, message: placeMessages.otherCountry(countryName(country), countryName(dominant)) };
    }
    return null;
  });
}

/**
 * Resolves an optimise request for planning: the places as `resolvePlaces` chose them, refusing
 * (409, nothing planned or charged) when a flagged place is not confirmed. The stored label is
 * what the user typed (or the stop's label), the position and match quality what was found.
 */
export async function resolveRequest(
  geo: GeoServices,
  input: OptimizeRouteRequest,
  context?: PlaceContext,
): Promise<{ start: StoredPlace; end: StoredPlace | null; stops: PlanStop[]; departureTime: string }> {
  const departureTime = input.departureTime ?? DEFAULT_DEPARTURE;
  const departureS = clockToSeconds(departureTime);
  const { places } = await resolvePlaces(geo, input, context);
  const unconfirmed = places.filter((p) => p.outlier !== null && !p.confirmed);
  if (unconfirmed.length > 0) throw new PlacesNeedReviewError(unconfirmed);
  const byField = new Map(places.map((p) => [p.field, p]));
  const stored = (field: string, label?: string): StoredPlace => {
    const p = byField.get(field) as ResolvedRoutePlace;
    return { label: label || p.input || p.label, address: p.input, lat: p.lat, lng: p.lng, match: p.match };
  };
  const start = stored("start");
  const end = byField.has("end") ? stored("end") : null;
  const stops = input.stops.map((s: StopInput, i): PlanStop => {
    const place = stored(`stops.${i}`, s.label);
    return {
      inputIndex: i,
      label: place.label,
      address: place.address,
      note: s.note || null,
      lat: place.lat,
      lng: place.lng,
      matchQuality: place.match ?? null,
      serviceS: s.serviceSeconds ?? 0,
      timeWindow: windowSeconds(s.timeWindow, departureS, `stops.${i}.timeWindow`),
      pinned: false,
    };
  });
  return { start, end, stops, departureTime };
}
