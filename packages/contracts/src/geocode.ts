import { z } from "zod";
import { formatDistance } from "./distance";
import { messages } from "./messages";
import type { DistanceUnit } from "./preferences";

/**
 * How well a place's coordinates match what was typed: `exact` (the house number was found),
 * `street` (the street, not the number), `place` (a town, village or city), `coordinates`
 * (typed "lat, lng"), `approximate` (a partial name or a nearby feature).
 */
export const matchQualities = ["exact", "street", "place", "coordinates", "approximate"] as const;
export type MatchQuality = (typeof matchQualities)[number];
export const matchQualitySchema = z.enum(matchQualities);

/** The words the UI shows for each match quality (badge and review step). */
export const matchQualityLabels: Record<MatchQuality, string> = {
  exact: "Exact address",
  street: "Street only",
  place: "Town or village",
  coordinates: "Typed coordinates",
  approximate: "Approximate",
};

/** Qualities a user should look at before optimising: the position may not be the one meant. */
export function needsReview(match: MatchQuality | null | undefined): boolean {
  return match === "street" || match === "approximate";
}

const COORDINATE_NUMBER = String.raw`[-+]?\d{1,3}(?:[.,]\d+)?`;
// "47.14, 9.52", "47.14 9.52", "47.14;9.52", "47.14° N, 9.52° E", "N 47.14 E 9.52"
const COORDINATE_PATTERN = new RegExp(
  String.raw`^\s*([NS])?\s*(${COORDINATE_NUMBER})\s*°?\s*([NS])?\s*[,;\s]\s*([EW])?\s*(${COORDINATE_NUMBER})\s*°?\s*([EW])?\s*$`,
  "i",
);

/**
 * Parses "lat, lng" text (decimal degrees, optional ° and N/S/E/W); null if it is not a
 * coordinate pair. The browser uses it so typed coordinates need no request; the server's
 * geocoder uses the same function.
 */
export function parseCoordinates(text: string): { lat: number; lng: number } | null {
  const m = COORDINATE_PATTERN.exec(text);
  if (!m) return null;
  const num = (s: string): number => Number(s.replace(",", "."));
  // With a comma separator and no spaces, "47,14,9,52" is ambiguous: the pattern accepts one decimal comma per number.
  let lat = num(m[2] as string);
  let lng = num(m[5] as string);
  const ns = (m[1] ?? m[3])?.toUpperCase();
  const ew = (m[4] ?? m[6])?.toUpperCase();
  if (ns === "S") lat = -Math.abs(lat);
  if (ew === "W") lng = -Math.abs(lng);
  if (!Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 90 || Math.abs(lng) > 180) return null;
  return { lat, lng };
}

/** Formats a coordinate as "47.14151, 9.52154" (5 decimals ≈ 1 m). */
export function formatCoordinates(lat: number, lng: number): string {
  return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
}

/** Text to look up: required, at most 200 characters, no angle brackets (SPEC §5 location rule). */
const placeQuery = z
  .string({ error: messages.required })
  .trim()
  .min(1, messages.required)
  .max(200, messages.maxLength(200))
  .refine((v) => !/[<>]/.test(v), messages.invalidFormat);

/** `near=lat,lng`: a bias towards a point. */
const nearPoint = z
  .string()
  .regex(/^\s*-?\d{1,2}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?\s*$/, messages.invalidFormat)
  .refine((v) => {
    const [lat, lng] = v.split(",").map(Number);
    return lat !== undefined && lng !== undefined && Math.abs(lat) <= 90 && Math.abs(lng) <= 180;
  }, messages.invalidFormat);

/** GET /api/geocode query: `q` text, optional `near=lat,lng` bias and `limit` (1–10, default 5). */
export const geocodeQuerySchema = z.object({
  q: placeQuery,
  near: nearPoint.optional(),
  limit: z.coerce.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(1, messages.invalidFormat).max(10, messages.invalidFormat).optional(),
});
export type GeocodeQuery = z.infer<typeof geocodeQuerySchema>;

export const geocodeResultSchema = z.object({
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** Which geocoder produced it: coordinates, gazetteer, osm-address, nominatim or photon. */
  provider: z.string(),
  /** What was found: coordinates, address, street, city or place (kept for older clients; `match` says how well). */
  kind: z.string(),
  match: matchQualitySchema,
  /** Data credit to show next to the result. */
  attribution: z.string(),
});
export const geocodeResponseSchema = z.object({ results: z.array(geocodeResultSchema) });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** Most addresses one batch request may look up. */
export const GEOCODE_BATCH_MAX = 100;

/** POST /api/geocode/batch: many addresses in one request (an import), each answered with its best match. */
export const geocodeBatchRequestSchema = z.object({
  queries: z
    .array(placeQuery, { error: messages.required })
    .min(1, messages.required)
    .max(GEOCODE_BATCH_MAX, `At most ${GEOCODE_BATCH_MAX} addresses per request`),
  near: nearPoint.optional(),
});
export type GeocodeBatchRequest = z.infer<typeof geocodeBatchRequestSchema>;
/** `results[i]` is the best match for `queries[i]`, or null when nothing was found. */
export const geocodeBatchResponseSchema = z.object({ results: z.array(geocodeResultSchema.nullable()) });
export type GeocodeBatchResponse = z.infer<typeof geocodeBatchResponseSchema>;

/** A place farther than this many times the route's median spread from the others is flagged. */
export const OUTLIER_SPREAD_FACTOR = 5;

/** Messages of place resolution and the review step before optimising. */
export const placeMessages = {
  /** Distances in metres, written in the unit of the user who reads it. */
  farFromOthers: (meters: number, spreadMeters: number, unit: DistanceUnit) =>
    `This place is ${formatDistance(meters, unit)} from the middle of the route, while the other places are within about ${formatDistance(spreadMeters, unit)} of it. Check it is the one you meant.`,
  otherCountry: (country: string, others: string) => `This place is in ${country}, the other places are in ${others}. Check it is the one you meant.`,
  needsConfirmation: "Some places are far from the rest of the route. Confirm each one or pick another match before optimising; nothing has been charged.",
  reviewTitle: "Check these places before optimising",
  reviewIntro: "These places were matched only roughly or lie far from the rest of the route. Nothing is charged until you optimise.",
  confirm: "This is the place I meant",
  pickAnother: "Use another match",
  optimiseAnyway: "Optimise with these places",
  back: "Back to editing",
} as const;

/** Another match the user may pick instead of the chosen one. */
export const placeCandidateSchema = z.object({
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  match: matchQualitySchema,
  provider: z.string(),
});
export type PlaceCandidate = z.infer<typeof placeCandidateSchema>;

/** Why a place was flagged: far from the others, or in another country than the rest. */
export const placeOutlierSchema = z.object({ reason: z.enum(["far", "country"]), message: z.string() });

/** One place of a route request as it resolved: `field` is "start", "end" or "stops.<i>". */
export const resolvedRoutePlaceSchema = z.object({
  field: z.string(),
  /** What was typed (null for coordinates without an address). */
  input: z.string().nullable(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  match: matchQualitySchema,
  /** Geocoder that found it; null when the request gave coordinates. */
  provider: z.string().nullable(),
  /** Up to 3 other matches, best first. */
  candidates: z.array(placeCandidateSchema),
  /** Set when the place lies far from the others or in another country; optimise refuses it until confirmed. */
  outlier: placeOutlierSchema.nullable(),
  /** The request already confirmed this place. */
  confirmed: z.boolean(),
});
export type ResolvedRoutePlace = z.infer<typeof resolvedRoutePlaceSchema>;

/** POST /api/routes/resolve answer: every place, in the order start, end, stops. */
export const resolveRouteResponseSchema = z.object({
  places: z.array(resolvedRoutePlaceSchema),
  /** True when a place is approximate, street-only or an unconfirmed outlier. */
  needsReview: z.boolean(),
});
export type ResolveRouteResponse = z.infer<typeof resolveRouteResponseSchema>;
