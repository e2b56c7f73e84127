import { z } from "zod";
import { HHMM_PATTERN } from "./clock";

/**
 * Driver app and live operations (issue 12): what the /driver PWA reads and sends, what managers see
 * of the day's dispatched routes, the public tracking page, and the customer e-mail settings.
 * Instants are ISO 8601 strings (UTC); distances in metres; durations in seconds unless named.
 */

export const driverMessages = {
  clientEventId: "Give each event a client id of 8 to 64 letters, digits, '-' or '_'",
  eventAt: "Give the time of the event as an ISO date-time",
  reasonRequired: "Say why the delivery failed",
  noteRequired: "Say in a note what went wrong",
  proofRequired: "This route needs a photo or a signature before a stop is marked delivered",
  stopClosed: "This stop is already finished",
  tooManyPositions: "Send between 1 and 100 positions at a time",
  positionAt: "Give the time of each position as an ISO date-time",
  photoTooLarge: "A photo can be at most 10 MB",
  photoType: "A photo must be a JPEG, PNG or WebP image",
  signatureType: "A signature must be a PNG image",
  unsafeImage: "This image carries embedded text or scripts; send a plain photo",
  proofEmpty: "Send a photo, a signature or the recipient's name",
  notYourStop: "Stop not found",
  noActiveRoute: "No route of this team is in progress for this date",
  trackingGone: "This tracking link has expired or does not exist",
  template: "A template needs a subject (at most 200 characters) and a body (at most 5,000 characters)",
  quietHours: "Give quiet hours as two times HH:MM, or none",
  templatesAdminOnly: "Only the team's owner or an admin can change customer e-mails",
  unsubscribeGone: "This unsubscribe link is not valid",
  lateTitle: "Route running late",
  late: (driver: string, route: string, minutes: number) => `${driver} is ${minutes} minutes behind plan on ${route}.`,
  routeChangedTitle: "Your route changed",
  routeChanged: (route: string) => `Your manager changed ${route}. The stop list is up to date.`,
} as const;

export const stopEventTypes = ["arrived", "done", "failed"] as const;
export type StopEventType = (typeof stopEventTypes)[number];

export const failureReasons = ["not_home", "wrong_address", "refused", "damaged", "other"] as const;
export type FailureReason = (typeof failureReasons)[number];
export const failureReasonLabels: Record<FailureReason, string> = {
  not_home: "Not home",
  wrong_address: "Wrong address",
  refused: "Refused",
  damaged: "Damaged",
  other: "Other",
};

export const routeStopStatuses = ["pending", "arrived", "done", "failed"] as const;
export type RouteStopStatus = (typeof routeStopStatuses)[number];

const isoInstant = (message: string) => z.iso.datetime({ offset: true, error: message });

/** POST /api/driver/stops/{stopId}/events. A replayed clientEventId → 200 with the stop as it is, no second effect. */
export const stopEventInputSchema = z
  .object({
    clientEventId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: driverMessages.clientEventId }),
    type: z.enum(stopEventTypes),
    at: isoInstant(driverMessages.eventAt),
    lat: z.number().min(-90).max(90).optional(),
    lng: z.number().min(-180).max(180).optional(),
    reason: z.enum(failureReasons).optional(),
    note: z.string().max(500).optional(),
  })
  .strict()
  .refine((e) => e.type !== "failed" || e.reason !== undefined, { error: driverMessages.reasonRequired, path: ["reason"] });
export type StopEventInput = z.infer<typeof stopEventInputSchema>;

/** POST /api/driver/positions: 1–100 positions, oldest first. */
export const positionInputSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  accuracy: z.number().min(0).max(100_000).nullish(),
  heading: z.number().min(0).max(360).nullish(),
  speed: z.number().min(0).max(1_000).nullish(),
  at: isoInstant(driverMessages.positionAt),
});
export const positionsInputSchema = z.array(positionInputSchema).min(1, { error: driverMessages.tooManyPositions }).max(100, { error: driverMessages.tooManyPositions });
export type PositionInput = z.infer<typeof positionInputSchema>;

export const proofFileSchema = z.object({ id: z.string(), kind: z.enum(["photo", "signature"]), url: z.string() });
export type ProofFile = z.infer<typeof proofFileSchema>;

/** POST /api/driver/stops/{stopId}/proof (multipart: photo, signature, recipient) → the stored proof. */
export const proofResponseSchema = z.object({ id: z.string(), url: z.string(), files: z.array(proofFileSchema), recipientName: z.string().nullable() });

const placeSchema = z.object({ label: z.string(), address: z.string().nullable(), lat: z.number(), lng: z.number() });

/** A stop as the driver sees it. */
export const driverStopSchema = z.object({
  id: z.string(),
  sequence: z.number(),
  orderId: z.string().nullable(),
  /** "pickup" | "delivery" | null (an ordinary stop). */
  kind: z.string().nullable(),
  label: z.string(),
  address: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  note: z.string().nullable(),
  serviceMinutes: z.number(),
  plannedArrival: z.string(),
  plannedDeparture: z.string(),
  /** The customer's window of this stop, if any (ISO instants). */
  timeWindow: z.object({ start: z.string(), end: z.string() }).nullable(),
  status: z.enum(routeStopStatuses),
  arrivedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  failureReason: z.enum(failureReasons).nullable(),
  recipientName: z.string().nullable(),
  contact: z.object({ name: z.string().nullable(), phone: z.string().nullable() }).nullable(),
  proof: z.array(proofFileSchema),
});
export type DriverStop = z.infer<typeof driverStopSchema>;

/**
 * A multi-trip route's return to its start depot to reload (issue 26), between the stop with
 * sequence `afterSequence` and the next: not an order, nothing to mark done. ISO instants.
 */
export const routeReloadSchema = z.object({ afterSequence: z.number(), plannedArrival: z.string(), plannedDeparture: z.string() });
export type RouteReload = z.infer<typeof routeReloadSchema>;

/** GET /api/driver/routes?date=YYYY-MM-DD: the signed-in driver's own dispatched routes of that day. */
export const driverRouteSchema = z.object({
  id: z.string(),
  name: z.string(),
  date: z.string(),
  team: z.object({ id: z.string(), name: z.string() }),
  vehicle: z.object({ id: z.string(), name: z.string(), plate: z.string().nullable() }).nullable(),
  status: z.enum(["planned", "in_progress", "completed"]),
  proofRequired: z.boolean(),
  start: placeSchema,
  end: placeSchema.nullable(),
  /** Encoded polyline (precision 5) of the planned route. */
  geometry: z.string().nullable(),
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  /** Bumped whenever a manager re-plans the route; the app refreshes when it changes. */
  updatedAt: z.string(),
  stops: z.array(driverStopSchema),
  /** Reloads at the start depot between trips, in order (none for one trip). */
  reloads: z.array(routeReloadSchema).default([]),
});
export type DriverRoute = z.infer<typeof driverRouteSchema>;
export const driverRoutesResponseSchema = z.object({ date: z.string(), routes: z.array(driverRouteSchema) });

/** GET /api/driver/routes/next?from=: the first day from `from` on with a route dispatched to the caller, and its routes (`date` null and no routes when there is none). */
export const driverNextRoutesResponseSchema = z.object({ date: z.string().nullable(), routes: z.array(driverRouteSchema) });

export const stopEventResponseSchema = z.object({ replayed: z.boolean(), stop: driverStopSchema });

/** GET /api/teams/{teamId}/routes?date=: a dispatched route as the manager's live view shows it. */
export const liveStopSchema = z.object({
  id: z.string(),
  sequence: z.number(),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  status: z.enum(routeStopStatuses),
  plannedArrival: z.string(),
  arrivedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  failureReason: z.enum(failureReasons).nullable(),
  proof: z.array(proofFileSchema),
  trackingUrl: z.string().nullable(),
  /** Planned vs actual, kept for analytics: service (seconds; actual = completed − arrived) and the distance of the leg to this stop (metres; actual from positions). */
  plannedServiceSeconds: z.number().optional(),
  actualServiceSeconds: z.number().nullable().optional(),
  plannedLegDistanceMeters: z.number().optional(),
  actualLegDistanceMeters: z.number().nullable().optional(),
});
export const liveRouteSchema = z.object({
  id: z.string(),
  name: z.string(),
  planId: z.string().nullable(),
  driver: z.object({ userId: z.string(), name: z.string() }).nullable(),
  vehicle: z.object({ id: z.string(), name: z.string() }).nullable(),
  status: z.enum(["planned", "in_progress", "completed"]),
  done: z.number(),
  total: z.number(),
  /** Minutes behind plan (positive) or ahead (negative); null before the route starts. */
  delayMinutes: z.number().nullable(),
  distanceMeters: z.number(),
  actualDistanceMeters: z.number().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  geometry: z.string().nullable(),
  stops: z.array(liveStopSchema),
  /** Reloads at the start depot between trips, in order (none for one trip). */
  reloads: z.array(routeReloadSchema).default([]),
});
export type LiveRoute = z.infer<typeof liveRouteSchema>;
export const liveRoutesResponseSchema = z.object({ date: z.string(), routes: z.array(liveRouteSchema) });

/** GET /api/teams/{teamId}/positions: each driver's latest position today, with a short trail (oldest first). */
export const driverPositionSchema = z.object({
  driverUserId: z.string(),
  driverName: z.string(),
  routeId: z.string().nullable(),
  lat: z.number(),
  lng: z.number(),
  accuracy: z.number().nullable(),
  heading: z.number().nullable(),
  speed: z.number().nullable(),
  at: z.string(),
  trail: z.array(z.tuple([z.number(), z.number()])),
});
export type DriverPosition = z.infer<typeof driverPositionSchema>;
export const positionsResponseSchema = z.object({ positions: z.array(driverPositionSchema) });

/** Manager re-planning mid-route. */
export const moveLiveStopSchema = z.object({ toRouteId: z.uuid({ error: "Choose a route of this team" }), position: z.number().int().min(0).optional() }).strict();
export const urgentOrderSchema = z
  .object({
    date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    label: z.string().trim().min(1).max(200),
    address: z.string().max(300).optional(),
    lat: z.number().min(-90).max(90),
    lng: z.number().min(-180).max(180),
    serviceMinutes: z.number().min(0).max(600).default(5),
    contact: z.object({ name: z.string().max(100).optional(), email: z.string().max(200).optional(), phone: z.string().max(30).optional() }).optional(),
    notes: z.string().max(1000).optional(),
  })
  .strict();
export type UrgentOrderInput = z.input<typeof urgentOrderSchema>;

/**
 * Realtime (DESIGN §7 bus): live operations go to the team's managers on the topic `live:{teamId}`
 * (not `team:{id}`, whose messages refetch team data) and to a driver on the topic `driver`.
 */
export const liveTopic = (teamId: string) => `live:${teamId}`;
export const driverTopic = "driver";
export const liveMessageTypes = {
  stopStatus: "stop_status",
  driverPosition: "driver_position",
  routeChanged: "route_changed",
  routeLate: "route_late",
} as const;

/** GET /api/track/{token}: what a customer may see. Never the driver's surname or phone, nor other customers' stops. */
export const trackingStatuses = ["scheduled", "on_its_way", "next", "arrived", "delivered", "failed"] as const;
export const trackingSchema = z.object({
  status: z.enum(trackingStatuses),
  teamName: z.string(),
  label: z.string(),
  /** Expected arrival window (ISO instants), moved by the route's delay; null once finished. */
  window: z.object({ start: z.string(), end: z.string() }).nullable(),
  driverFirstName: z.string().nullable(),
  /** Only while this stop is the driver's next one. */
  driverPosition: z.object({ lat: z.number(), lng: z.number(), at: z.string() }).nullable(),
  destination: z.object({ lat: z.number(), lng: z.number() }),
  completedAt: z.string().nullable(),
  failureReason: z.enum(failureReasons).nullable(),
  proofPhotoUrl: z.string().nullable(),
  expiresAt: z.string(),
});
export type Tracking = z.infer<typeof trackingSchema>;

/** Customer e-mails: kinds, placeholders and the team's settings (GET/PUT /api/teams/{teamId}/customer-messages). */
export const customerMessageKinds = ["on_its_way", "next", "delivered", "missed"] as const;
export type CustomerMessageKind = (typeof customerMessageKinds)[number];
export const customerMessagePlaceholders = ["{customer}", "{team}", "{stop}", "{window}", "{driver}", "{tracking_link}", "{reason}", "{date}"] as const;
const templateText = (max: number) => z.string({ error: driverMessages.template }).trim().min(1, { error: driverMessages.template }).max(max, { error: driverMessages.template });
const templateSchema = z.object({ subject: templateText(200), body: templateText(5_000) }, { error: driverMessages.template });
export const customerMessageSettingsSchema = z
  .object({
    enabled: z.boolean(),
    templates: z.object({ on_its_way: templateSchema, next: templateSchema, delivered: templateSchema, missed: templateSchema }),
    quietHours: z
      .object({ start: z.string().regex(HHMM_PATTERN, { error: driverMessages.quietHours }), end: z.string().regex(HHMM_PATTERN, { error: driverMessages.quietHours }) }, { error: driverMessages.quietHours })
      .nullable(),
  })
  .strict();
export type CustomerMessageSettings = z.infer<typeof customerMessageSettingsSchema>;

/** GET/POST /api/unsubscribe/{token}: which team stops writing to which address (the link carries both, signed). */
export const customerUnsubscribeSchema = z.object({ teamName: z.string(), email: z.string(), unsubscribed: z.boolean() });
export type CustomerUnsubscribe = z.infer<typeof customerUnsubscribeSchema>;
