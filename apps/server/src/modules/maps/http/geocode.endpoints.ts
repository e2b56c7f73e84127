import { createRoute } from "@hono/zod-openapi";
import { geocodeBatchRequestSchema, geocodeBatchResponseSchema, geocodeQuerySchema, geocodeResponseSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError, rateLimited } from "../../../lib/openapi";

const tooMany = rateLimited("More than 60 searches a minute (SPEC §9 api_general); blocked 2 minutes, see Retry-After");

export const geocode = createRoute({
  method: "get",
  path: "/api/geocode",
  tags: ["Geocoding"],
  summary: "Find places for typed text (offline sources and the configured geocoder); `near=lat,lng` biases, `limit` 1–10",
  request: { query: geocodeQuerySchema },
  responses: { 200: json(geocodeResponseSchema, "Matches, best first"), 400: authErrors[400], 401: authErrors[401], 429: tooMany, 503: jsonError("The geocoder is unavailable or too busy; see Retry-After") },
});

export const autocomplete = createRoute({
  method: "get",
  path: "/api/geocode/autocomplete",
  tags: ["Geocoding"],
  summary: "Fast suggestions while typing (offline only: coordinates, OSM addresses, world cities)",
  request: { query: geocodeQuerySchema },
  responses: { 200: json(geocodeResponseSchema, "Suggestions, best first"), 400: authErrors[400], 401: authErrors[401], 429: tooMany },
});

export const geocodeBatch = createRoute({
  method: "post",
  path: "/api/geocode/batch",
  tags: ["Geocoding"],
  summary: "Look up many addresses in one request (imports): up to 100, each answered with its best match or null; counts as one request against the limit",
  request: { body: { content: { "application/json": { schema: geocodeBatchRequestSchema } }, required: true } },
  responses: {
    200: json(geocodeBatchResponseSchema, "Best match per query, in order (null: not found)"),
    400: authErrors[400],
    401: authErrors[401],
    413: authErrors[413],
    429: tooMany,
    503: jsonError("The geocoder is unavailable or too busy; see Retry-After"),
  },
});
