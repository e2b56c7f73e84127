import { z } from "zod";
import { messages } from "./messages";

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
  kind: z.string(),
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
