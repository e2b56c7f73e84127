import { z } from "zod";
import { matchQualitySchema } from "./geocode";
import { messages } from "./messages";
import { usageSummarySchema } from "./plan";
import { locationSchema, safeText } from "./validation";
import { clockToSeconds, HHMM_PATTERN } from "./clock";

/** Vehicle profiles a route can be planned for (DESIGN.md §4). */
export const routeProfiles = ["car", "van", "truck", "bicycle", "foot"] as const;
export type RouteProfile = (typeof routeProfiles)[number];

/** Most destinations one optimisation accepts. */
export const MAX_ROUTE_STOPS = 250;

/** Messages of the route endpoints beyond SPEC §5's generic ones. */
export const routeMessages = {
  addressNotFound: "We could not find this address",
  tooManyStops: `A route can have at most ${MAX_ROUTE_STOPS} destinations`,
  coordinatesTogether: "Latitude and longitude must be given together",
  timeWindowOrder: "The time window must end after it starts",
  timeWindowBeforeDeparture: "The time window ends before the departure time",
  noRoute: "No route connects these places",
  overQuota: (limit: number) =>
    `You have used all ${limit} routes of your plan this month. You can optimise again when your allowance resets at the start of your next monthly period; your saved routes stay available.`,
  orderMismatch: "The new order must list every stop of the route exactly once",
  unknownStop: "This stop is not part of the route",
  lastStop: "A route needs at least one destination: delete the route instead",
  routeChanged: "The route changed while it was being re-planned: reload it and try again",
} as const;

const latitude = z.number({ error: messages.invalidFormat }).min(-90, messages.invalidFormat).max(90, messages.invalidFormat);
const longitude = z.number({ error: messages.invalidFormat }).min(-180, messages.invalidFormat).max(180, messages.invalidFormat);

/** "HH:MM" (24 h) or seconds after departure. */
const clockOrSeconds = z.union([
  z.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(0, messages.invalidFormat).max(7 * 86_400, messages.invalidFormat),
  z.string().regex(HHMM_PATTERN, messages.invalidFormat),
], { error: messages.invalidFormat });

const placeFields = {
  address: z.string({ error: messages.invalidFormat }).optional(),
  lat: latitude.optional(),
  lng: longitude.optional(),
  /** How the coordinates were found (from POST /api/routes/resolve or a picked suggestion); stored for the badge. */
  match: matchQualitySchema.optional(),
  /** The user confirmed this place although it was flagged as far from the others. */
  confirmed: z.boolean({ error: messages.invalidFormat }).optional(),
};

/**
 * Place = `{ address }` or `{ lat, lng }` (an address may come with coordinates, which then win).
 * `requiredMessage` is reported on the place itself when it has neither.
 */
function placeRules(requiredMessage: string) {
  return (place: { address?: string | undefined; lat?: number | undefined; lng?: number | undefined }, ctx: z.RefinementCtx) => {
    const hasLat = place.lat !== undefined;
    const hasLng = place.lng !== undefined;
    if (hasLat !== hasLng) {
      ctx.addIssue({ code: "custom", message: routeMessages.coordinatesTogether, path: [hasLat ? "lng" : "lat"] });
      return;
    }
    const address = place.address?.trim() ?? "";
    if (!hasLat && address === "") {
      ctx.addIssue({ code: "custom", message: requiredMessage, path: place.address === undefined ? [] : ["address"] });
      return;
    }
    if (address !== "") {
      const checked = locationSchema.safeParse(place.address);
      if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0]?.message ?? messages.invalidFormat, path: ["address"] });
    }
  };
}

const requiredObject = (message: string) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null ? message : messages.invalidFormat),
});

/** A start or end place. */
export const placeSchema = z.object(placeFields, requiredObject(messages.required)).superRefine(placeRules(messages.required));
export type Place = z.infer<typeof placeSchema>;

/**
 * The time-window order rule, once for the form and the server: the window must end after it
 * starts. Both "HH:MM" or both seconds compare directly; a mix is checked once the departure is known.
 */
export function timeWindowEndsAfterStart(window: { start: number | string; end: number | string }): boolean {
  if (typeof window.start !== typeof window.end) return true;
  const seconds = (v: number | string) => (typeof v === "number" ? v : clockToSeconds(v));
  return seconds(window.end) > seconds(window.start);
}

export const timeWindowSchema = z
  .object({ start: clockOrSeconds, end: clockOrSeconds }, { error: messages.invalidFormat })
  .refine(timeWindowEndsAfterStart, { message: routeMessages.timeWindowOrder, path: ["end"] });
export type TimeWindowInput = z.infer<typeof timeWindowSchema>;

/** One destination: a place plus optional label, note, service time and time window. */
export const stopInputSchema = z
  .object(
    {
      ...placeFields,
      label: safeText({ max: 200, required: false }).optional(),
      note: safeText({ max: 1000, required: false }).optional(),
      serviceSeconds: z.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(0, messages.invalidFormat).max(86_400, messages.invalidFormat).optional(),
      timeWindow: timeWindowSchema.optional(),
    },
    requiredObject(messages.destinationRequired),
  )
  .superRefine(placeRules(messages.required));
export type StopInput = z.infer<typeof stopInputSchema>;

/** POST /api/routes/optimize body (SPEC §5 route data rules). */
export const optimizeRouteRequestSchema = z.object({
  name: safeText({ max: 120, required: false }).optional(),
  profile: z.enum(routeProfiles, { error: messages.invalidFormat }).optional(),
  start: z.object(placeFields, requiredObject(messages.startRequired)).superRefine(placeRules(messages.startRequired)),
  end: placeSchema.optional(),
  roundTrip: z.boolean({ error: messages.invalidFormat }).optional(),
  /** "HH:MM" departure from the start; "HH:MM" time windows are read relative to it (default 09:00). */
  departureTime: z.string().regex(HHMM_PATTERN, messages.invalidFormat).optional(),
  /** "HH:MM" end of the working day (the next day when at or before the departure): stops that do not fit are left out with reason "shift". */
  endOfDay: z.string().regex(HHMM_PATTERN, messages.invalidFormat).optional(),
  /** The browser locale's country (ISO 3166-1 alpha-2), preferred when nothing else says where the route is. */
  region: z.string().regex(/^[A-Za-z]{2}$/, messages.invalidFormat).optional(),
  stops: z
    .array(stopInputSchema, { error: messages.destinationRequired })
    .min(1, messages.destinationRequired)
    .max(MAX_ROUTE_STOPS, routeMessages.tooManyStops),
});
export type OptimizeRouteRequest = z.infer<typeof optimizeRouteRequestSchema>;

/** A resolved place as stored and returned. */
export const resolvedPlaceSchema = z.object({
  label: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** How well the position matches what was typed; null/absent for routes planned before it was recorded. */
  match: matchQualitySchema.nullish(),
});
export type ResolvedPlace = z.infer<typeof resolvedPlaceSchema>;

export const routeStopSchema = z.object({
  id: z.string(),
  /** 1-based position in the route (the start is 0 and is not a stop). */
  sequence: z.number().int(),
  /** Position in the list the user typed (0-based), for "saved versus your order". */
  inputIndex: z.number().int(),
  label: z.string(),
  address: z.string().nullable(),
  note: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  /** How well the position matches what was typed; null for stops planned before it was recorded. */
  match: matchQualitySchema.nullish(),
  serviceSeconds: z.number().int(),
  timeWindow: z.object({ start: z.number(), end: z.number() }).nullable(),
  /** Seconds after departure when the stop is reached (before waiting and service). */
  arrivalSeconds: z.number(),
  /** Seconds after departure when the vehicle leaves the stop. */
  departureSeconds: z.number(),
  /** The leg from the previous stop (or the start). */
  legDistanceMeters: z.number(),
  legDurationSeconds: z.number(),
  pinned: z.boolean(),
  status: z.enum(["pending", "arrived", "done", "failed"]),
});
export type RouteStop = z.infer<typeof routeStopSchema>;

export const unassignedStopSchema = z.object({
  inputIndex: z.number().int(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  reason: z.string(),
});

/** A dispatched multi-trip fleet route's return to its start to reload (issue 26), after stop `afterSequence`; seconds after departure. */
export const routeReloadStopSchema = z.object({ afterSequence: z.number().int(), arrivalSeconds: z.number(), departureSeconds: z.number() });

/** A stored route with its ordered stops. */
export const routeDetailSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["planned", "in_progress", "completed"]),
  profile: z.enum(routeProfiles),
  roundTrip: z.boolean(),
  departureTime: z.string(),
  start: resolvedPlaceSchema,
  end: resolvedPlaceSchema.nullable(),
  stops: z.array(routeStopSchema),
  /** A dispatched multi-trip fleet route's reloads at its start, in order (absent or empty otherwise). */
  reloads: z.array(routeReloadStopSchema).optional(),
  unassigned: z.array(unassignedStopSchema),
  /** Total travelled metres in the optimised order (start → stops → end). */
  distanceMeters: z.number(),
  /** Departure to arrival at the end (or the last stop), service and waiting included. */
  durationSeconds: z.number(),
  /** Arrival at the end place (or back at the start for a round trip); null for an open route. */
  endArrivalSeconds: z.number().nullable(),
  endLegDistanceMeters: z.number().nullable(),
  endLegDurationSeconds: z.number().nullable(),
  /** Seconds after departure by which the route should end (the end of day the user set); null without a limit. */
  maxDurationSeconds: z.number().nullish(),
  /** Metres for the same planned stops in the order the user typed them; null when that order has an unreachable leg. */
  originalDistanceMeters: z.number().nullable(),
  savingMeters: z.number().nullable(),
  savingPercent: z.number().nullable(),
  /** Encoded polyline (precision 5) of the whole route; null when the provider gave none. */
  geometry: z.string().nullable(),
  provider: z.enum(["haversine", "osm", "osrm", "valhalla"]),
  /** How the UI words distances: "straight-line estimate" (haversine) or "road distance". */
  distanceKind: z.enum(["straight-line estimate", "road distance"]),
  /** Data credit to show with the route ("" for straight-line estimates). */
  attribution: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RouteDetail = z.infer<typeof routeDetailSchema>;

/** A route in the history list. */
export const routeSummarySchema = routeDetailSchema.pick({
  id: true,
  name: true,
  status: true,
  profile: true,
  roundTrip: true,
  distanceMeters: true,
  durationSeconds: true,
  originalDistanceMeters: true,
  savingMeters: true,
  savingPercent: true,
  provider: true,
  distanceKind: true,
  createdAt: true,
  updatedAt: true,
}).extend({
  stopCount: z.number().int(),
  startLabel: z.string(),
  shared: z.boolean(),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

/** Data for the SPEC §8 over-limit warning toast (shown 8 s). */
export const overageNoticeSchema = z.object({
  /** Routes above the monthly limit this period, this one included. */
  exceededBy: z.number().int(),
  /** Overage this period in pence (exceededBy × 100). */
  amountPence: z.number().int(),
  /** What this route added, in pence. */
  chargedPence: z.number().int(),
  /** "You've exceeded your monthly limit by {n} route(s)" */
  title: z.string(),
  /** "Additional charge: £{amount}. Consider upgrading your plan." */
  description: z.string(),
  durationMs: z.number().int(),
});
export type OverageNotice = z.infer<typeof overageNoticeSchema>;

/** Usage after an optimisation: the SPEC §3 usage summary plus the over-limit notice, if any. */
export const optimizeUsageSchema = usageSummarySchema.extend({ overage: overageNoticeSchema.nullable() });

export const optimizeRouteResponseSchema = z.object({ route: routeDetailSchema, usage: optimizeUsageSchema });
export type OptimizeRouteResponse = z.infer<typeof optimizeRouteResponseSchema>;

export const listRoutesQuerySchema = z.object({
  q: z.string().trim().max(200, messages.maxLength(200)).optional(),
  limit: z.coerce.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(1, messages.invalidFormat).max(200, messages.invalidFormat).optional(),
  offset: z.coerce.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(0, messages.invalidFormat).optional(),
});
export const routeListSchema = z.object({ routes: z.array(routeSummarySchema), total: z.number().int() });
export type RouteList = z.infer<typeof routeListSchema>;

export const updateRouteSchema = z
  .object({
    name: safeText({ max: 120 }),
    status: z.enum(["planned", "in_progress", "completed"], { error: messages.invalidFormat }),
  })
  .partial()
  .strict();
export type UpdateRoute = z.infer<typeof updateRouteSchema>;

/**
 * POST /api/routes/:id/reoptimize. `order`: stop ids in a new order (default: the current one).
 * `pinned`: stop ids that keep their position in that order; the others are re-optimised
 * around them. `optimize: false` only applies `order` and recomputes legs and ETAs.
 */
export const reoptimizeRouteSchema = z
  .object({
    order: z.array(z.string()).max(MAX_ROUTE_STOPS, routeMessages.tooManyStops).optional(),
    pinned: z.array(z.string()).max(MAX_ROUTE_STOPS, routeMessages.tooManyStops).optional(),
    optimize: z.boolean({ error: messages.invalidFormat }).optional(),
    /** Forget the stops that could not be included (re-plan without them). */
    dropUnassigned: z.boolean({ error: messages.invalidFormat }).optional(),
  })
  .strict();
export type ReoptimizeRoute = z.infer<typeof reoptimizeRouteSchema>;

/** POST /api/routes/:id/stops: destinations added to a saved route, which is then re-planned as the same route. */
export const addRouteStopsSchema = z
  .object({
    stops: z
      .array(stopInputSchema, { error: messages.destinationRequired })
      .min(1, messages.destinationRequired)
      .max(MAX_ROUTE_STOPS, routeMessages.tooManyStops),
  })
  .strict();
export type AddRouteStops = z.infer<typeof addRouteStopsSchema>;

export const routeShareSchema = z.object({ token: z.string(), url: z.string() });
export type RouteShare = z.infer<typeof routeShareSchema>;

/**
 * GET /api/shared-routes/:token: the route without owner, notes or ids of any record. It has what
 * the page, the GPX and the CSV (the planner's, note column empty) need: the stops' legs, ETAs and
 * service times, and the last leg to the end place or back to the start.
 */
export const sharedRouteSchema = z.object({
  name: z.string(),
  profile: z.enum(routeProfiles),
  roundTrip: z.boolean(),
  start: resolvedPlaceSchema,
  end: resolvedPlaceSchema.nullable(),
  stops: z.array(
    routeStopSchema.pick({
      sequence: true,
      label: true,
      address: true,
      lat: true,
      lng: true,
      arrivalSeconds: true,
      legDistanceMeters: true,
      legDurationSeconds: true,
      serviceSeconds: true,
    }),
  ),
  reloads: z.array(routeReloadStopSchema).optional(),
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  /** Arrival at the end place (or back at the start for a round trip); null for an open route. */
  endArrivalSeconds: z.number().nullable(),
  endLegDistanceMeters: z.number().nullable(),
  endLegDurationSeconds: z.number().nullable(),
  geometry: z.string().nullable(),
  provider: z.enum(["haversine", "osm", "osrm", "valhalla"]),
  distanceKind: z.enum(["straight-line estimate", "road distance"]),
  attribution: z.string(),
  createdAt: z.string(),
});
export type SharedRoute = z.infer<typeof sharedRouteSchema>;

export const exportFormats = ["gpx", "csv"] as const;
export const exportRouteQuerySchema = z.object({ format: z.enum(exportFormats, { error: messages.invalidFormat }).default("gpx") });

/** A map area as "minLng,minLat,maxLng,maxLat" (decimal degrees); null unless well-formed and ordered. */
export function parseBbox(text: string): { minLng: number; minLat: number; maxLng: number; maxLat: number } | null {
  const parts = text.split(",");
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  const [minLng, minLat, maxLng, maxLat] = parts.map(Number) as [number, number, number, number];
  const inRange = [minLng, maxLng].every((v) => Math.abs(v) <= 180) && [minLat, maxLat].every((v) => Math.abs(v) <= 90);
  return inRange && minLng < maxLng && minLat < maxLat ? { minLng, minLat, maxLng, maxLat } : null;
}

/** GET /api/basemap/roads: the visible area and the map's zoom level (0–22). */
export const basemapRoadsQuerySchema = z.object({
  bbox: z.string({ error: messages.required }).refine((s) => parseBbox(s) !== null, messages.invalidFormat),
  zoom: z.coerce.number({ error: messages.invalidFormat }).int(messages.invalidFormat).min(0, messages.invalidFormat).max(22, messages.invalidFormat),
});

/**
 * The OSM extract's roads in an area as GeoJSON: one MultiLineString per road class, most
 * important first. `available: false` (no features) when the server has no extract loaded;
 * `truncated` when minor classes were left out to keep the answer small.
 */
export const basemapRoadsSchema = z.object({
  type: z.literal("FeatureCollection"),
  available: z.boolean(),
  truncated: z.boolean(),
  attribution: z.string(),
  features: z.array(
    z.object({
      type: z.literal("Feature"),
      properties: z.object({ roadClass: z.string() }),
      geometry: z.object({ type: z.literal("MultiLineString"), coordinates: z.array(z.array(z.tuple([z.number(), z.number()]))) }),
    }),
  ),
});
export type BasemapRoads = z.infer<typeof basemapRoadsSchema>;
