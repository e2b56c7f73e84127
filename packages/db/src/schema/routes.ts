import { sql } from "drizzle-orm";
import { boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { teams } from "./app";
import { user } from "./auth";
import { plans, vehicles } from "./fleet";

/**
 * How well a place's coordinates match what the user asked for: an exact house number, only the
 * street, a named place (town, village…), typed coordinates, or an approximate guess.
 */
export type MatchQuality = "exact" | "street" | "place" | "coordinates" | "approximate";
/** A place as stored on a route: what the user typed (address) and where it resolved to. */
export type StoredPlace = { label: string; address: string | null; lat: number; lng: number; match?: MatchQuality | null };
/**
 * A multi-trip fleet route's return to its start depot to reload (issue 26), between the stop with
 * sequence `afterSequence` and the next one; times are seconds after departure, like the stops'.
 */
export type StoredReload = { afterSequence: number; arrivalS: number; departureS: number };
/** A destination the solver could not place, with its reason (unreachable, time_window…). */
export type StoredUnassigned = { inputIndex: number; label: string; lat: number; lng: number; reason: string };

/** DESIGN.md §4 routes: one optimised route, owned by a user (and later a team). */
export const routes = pgTable(
  "routes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "set null" }),
    /** A dispatched fleet route: the plan it came from, its vehicle and the driver it is assigned to. */
    planId: uuid("plan_id").references(() => plans.id, { onDelete: "set null" }),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    driverUserId: text("driver_user_id").references(() => user.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    status: text("status").notNull().default("planned"),
    profile: text("profile").notNull().default("car"),
    roundTrip: boolean("round_trip").notNull().default(false),
    /** "HH:MM" departure time; ETAs are seconds after it. */
    departureTime: text("departure_time").notNull().default("09:00"),
    /** Latest time the route may end, as seconds after departure (the user's end of day or maximum duration); null: no limit. */
    maxDurationS: integer("max_duration_s"),
    start: jsonb("start").$type<StoredPlace>().notNull(),
    end: jsonb("end").$type<StoredPlace>(),
    unassigned: jsonb("unassigned").$type<StoredUnassigned[]>().notNull().default([]),
    /** Reloads at the start depot of a dispatched multi-trip route, in order (empty for one trip). */
    reloads: jsonb("reloads").$type<StoredReload[]>().notNull().default([]),
    distanceM: doublePrecision("distance_m").notNull(),
    durationS: doublePrecision("duration_s").notNull(),
    /** Arrival at the end place (or back at the start); null for an open route. */
    endArrivalS: doublePrecision("end_arrival_s"),
    endLegDistanceM: doublePrecision("end_leg_distance_m"),
    endLegDurationS: doublePrecision("end_leg_duration_s"),
    /** Distance in the order the user typed, for "saved"; null when that order has an unreachable leg. */
    originalDistanceM: doublePrecision("original_distance_m"),
    /** Duration (as `duration_s`) in the order the user typed, for "time saved"; null when unknown (routes planned before it was recorded). */
    originalDurationS: doublePrecision("original_duration_s"),
    /** Encoded polyline, precision 5. */
    geometry: text("geometry"),
    /**
     * Totals of the route's stops (destinations: start and end not counted), kept by the statement
     * triggers on route_stops (migration 0014) so analytics never reads the stops for them: how many,
     * their service seconds and their waiting seconds (departure − arrival − service, at least 0).
     */
    stopCount: integer("stop_count").notNull().default(0),
    stopsServiceS: doublePrecision("stops_service_s").notNull().default(0),
    stopsWaitingS: doublePrecision("stops_waiting_s").notNull().default(0),
    provider: text("provider").notNull(),
    /** Driver app (issue 12): whether each stop needs a photo or signature before "done" (the plan's setting at dispatch). */
    proofRequired: boolean("proof_required").notNull().default(false),
    /** First driver event / last stop finished. */
    startedAt: timestamp("started_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Distance driven, summed from the driver's positions. */
    actualDistanceM: doublePrecision("actual_distance_m"),
    /** When the "more than 15 minutes late" alert was last raised (once per route until it is back on time). */
    lateAlertedAt: timestamp("late_alerted_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("routes_user_created_idx").on(t.userId, t.createdAt),
    index("routes_driver_idx").on(t.driverUserId, t.createdAt),
    index("routes_plan_idx").on(t.planId),
    index("routes_team_created_idx").on(t.teamId, t.createdAt),
    // Routes per day across users (super-admin analytics).
    index("routes_created_idx").on(t.createdAt),
    check("routes_status_check", sql`${t.status} in ('planned','in_progress','completed')`),
    check("routes_profile_check", sql`${t.profile} in ('car','van','truck','bicycle','foot')`),
  ],
);

/** DESIGN.md §4 route_stops: the ordered destinations of a route (sequence 1…n). */
export const routeStops = pgTable(
  "route_stops",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    routeId: uuid("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    sequence: integer("sequence").notNull(),
    inputIndex: integer("input_index").notNull(),
    label: text("label").notNull(),
    address: text("address"),
    /** MatchQuality of the geocoded position; null for stops planned before it was recorded. */
    matchQuality: text("match_quality"),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    serviceS: integer("service_s").notNull().default(0),
    timeWindowStart: integer("time_window_start"),
    timeWindowEnd: integer("time_window_end"),
    arrivalS: doublePrecision("arrival_s").notNull(),
    departureS: doublePrecision("departure_s").notNull(),
    legDistanceM: doublePrecision("leg_distance_m").notNull(),
    legDurationS: doublePrecision("leg_duration_s").notNull(),
    pinned: boolean("pinned").notNull().default(false),
    status: text("status").notNull().default("pending"),
    note: text("note"),
    proofObjectKey: text("proof_object_key"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** Dispatched fleet stops: the plan order's id, pickup/delivery kind and the customer contact. */
    orderId: text("order_id"),
    kind: text("kind"),
    /**
     * Plain contact of a stop dispatched before migration 0012: the server seals it into
     * contact_sealed at start and empties this column (decision 011). New rows never set it.
     */
    contact: jsonb("contact").$type<{ name?: string; email?: string; phone?: string }>(),
    /** The customer contact { name, email, phone } as JSON, sealed (field encryption record). */
    contactSealed: text("contact_sealed"),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    /** not_home, wrong_address, refused, damaged, other. */
    failureReason: text("failure_reason"),
    recipientName: text("recipient_name"),
    /** Public tracking link (base64url of ≥ 16 random bytes), dead after tracking_expires_at. */
    trackingToken: text("tracking_token"),
    trackingExpiresAt: timestamp("tracking_expires_at", { withTimezone: true }),
    /** Distance driven on the way to this stop, from the driver's positions. */
    actualLegDistanceM: doublePrecision("actual_leg_distance_m"),
  },
  (t) => [
    uniqueIndex("route_stops_tracking_token_key").on(t.trackingToken),
    uniqueIndex("route_stops_route_sequence_key").on(t.routeId, t.sequence),
    check("route_stops_status_check", sql`${t.status} in ('pending','arrived','done','failed')`),
    // Finds the few stops whose contact is still plain (the sealing at start) without reading the table.
    index("route_stops_plain_contact_idx").on(t.id).where(sql`${t.contact} is not null`),
  ],
);

/** DESIGN.md §4 route_shares: an unguessable read-only link to a route. */
export const routeShares = pgTable(
  "route_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    routeId: uuid("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    /** base64url of 32 random bytes (256 bits). */
    token: text("token").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("route_shares_token_key").on(t.token), index("route_shares_route_idx").on(t.routeId)],
);

/** SPEC §3 usage_logs: one row per consumed unit of quota, metadata {route_request_id, destination_count, timestamp}. */
export const usageLogs = pgTable(
  "usage_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    quotaType: text("quota_type").notNull(),
    quantity: integer("quantity").notNull(),
    metadata: jsonb("metadata").$type<{ route_request_id: string; destination_count: number; timestamp: string } & Record<string, unknown>>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("usage_logs_user_idx").on(t.userId, t.createdAt)],
);

/** SPEC §3 overage_charges: a route above the monthly limit, in pence; payment_status starts pending (SPEC §4). */
export const overageCharges = pgTable(
  "overage_charges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    billingPeriodStart: timestamp("billing_period_start", { withTimezone: true }).notNull(),
    billingPeriodEnd: timestamp("billing_period_end", { withTimezone: true }).notNull(),
    overageRoutes: integer("overage_routes").notNull(),
    amountCharged: integer("amount_charged").notNull(),
    paymentStatus: text("payment_status").notNull().default("pending"),
    stripePaymentIntentId: text("stripe_payment_intent_id"),
    /** The Stripe invoice item billing this charge with the customer's next invoice (Stripe configured). */
    stripeInvoiceItemId: text("stripe_invoice_item_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("overage_charges_user_idx").on(t.userId, t.createdAt), index("overage_charges_invoice_item_idx").on(t.stripeInvoiceItemId), index("overage_charges_created_idx").on(t.createdAt)],
);

/** Stripe webhook events already handled, by event id: a replayed event changes nothing. */
export const stripeEvents = pgTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The SPEC §9 usage e-mails already sent: one row per user, period and kind, so each goes once per period. */
export const usageWarnings = pgTable(
  "usage_warnings",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    periodStart: timestamp("period_start", { withTimezone: true }).notNull(),
    kind: text("kind").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.periodStart, t.kind] }), check("usage_warnings_kind_check", sql`${t.kind} in ('usage_warning_80','usage_warning_100')`)],
);
