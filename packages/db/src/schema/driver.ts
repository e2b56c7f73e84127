import { sql } from "drizzle-orm";
import { bigserial, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { teams } from "./app";
import { user } from "./auth";
import { routeStops, routes } from "./routes";

/**
 * Driver app and live operations (issue 12): what drivers record on the road (stop events, proof,
 * positions), what customers are told (messages, tracking links, unsubscribes) and the team's
 * customer-message settings. A dispatched route's stops live in route_stops; the columns added
 * there (arrived_at, failure_reason, contact, tracking token…) are in ./routes.ts.
 */

/**
 * One driver action on a stop, as sent by the app. The client generates client_event_id; a replay of
 * the same id by the same driver is answered from this row and changes nothing (offline queue).
 */
export const stopEvents = pgTable(
  "stop_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientEventId: text("client_event_id").notNull(),
    driverUserId: text("driver_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    routeId: uuid("route_id")
      .notNull()
      .references(() => routes.id, { onDelete: "cascade" }),
    routeStopId: uuid("route_stop_id")
      .notNull()
      .references(() => routeStops.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    /** When it happened on the phone (may be long before it reached us). */
    at: timestamp("at", { withTimezone: true }).notNull(),
    lat: doublePrecision("lat"),
    lng: doublePrecision("lng"),
    reason: text("reason"),
    note: text("note"),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("stop_events_driver_client_key").on(t.driverUserId, t.clientEventId),
    index("stop_events_stop_idx").on(t.routeStopId, t.at),
    check("stop_events_type_check", sql`${t.type} in ('arrived','done','failed')`),
  ],
);

/** A proof-of-delivery file (photo or signature) of a stop; the bytes live in the storage service under object_key. */
export const stopProofs = pgTable(
  "stop_proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    routeStopId: uuid("route_stop_id")
      .notNull()
      .references(() => routeStops.id, { onDelete: "cascade" }),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    kind: text("kind").notNull(),
    objectKey: text("object_key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    recipientName: text("recipient_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stop_proofs_stop_idx").on(t.routeStopId), check("stop_proofs_kind_check", sql`${t.kind} in ('photo','signature')`)],
);

/** A driver's reported position (batched by the app while a route is in progress). */
export const driverPositions = pgTable(
  "driver_positions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    driverUserId: text("driver_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    routeId: uuid("route_id").references(() => routes.id, { onDelete: "set null" }),
    lat: doublePrecision("lat").notNull(),
    lng: doublePrecision("lng").notNull(),
    accuracy: doublePrecision("accuracy"),
    heading: doublePrecision("heading"),
    speed: doublePrecision("speed"),
    at: timestamp("at", { withTimezone: true }).notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("driver_positions_driver_at_idx").on(t.driverUserId, t.at), index("driver_positions_team_at_idx").on(t.teamId, t.at)],
);

/** A team's customer e-mail settings: templates (plain text with {placeholders}) and quiet hours. Absent row = defaults. */
export const customerMessageSettings = pgTable("customer_message_settings", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  enabled: text("enabled").notNull().default("on"),
  /** { on_its_way, next, delivered, missed } → { subject, body }. */
  templates: jsonb("templates").$type<Record<string, { subject: string; body: string }>>().notNull().default({}),
  /** "HH:MM" in the team's time zone; messages due inside are held until the end. Null = no quiet hours. */
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One customer e-mail about a stop; (stop, kind) is unique so a retried event never mails twice. */
export const customerMessages = pgTable(
  "customer_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    routeStopId: uuid("route_stop_id")
      .notNull()
      .references(() => routeStops.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    /** Plain address, subject and body of a message stored before migration 0012 (sealed at start, then emptied). */
    email: text("email"),
    /** held (quiet hours) → sent, or skipped (unsubscribed, disabled). */
    status: text("status").notNull(),
    subject: text("subject"),
    body: text("body"),
    /** { email, subject, body } as JSON, sealed (the body names the customer). */
    sealed: text("sealed"),
    /** Keyed hash (HMAC-SHA256) of the lower-cased address: compared with customer_unsubscribes. */
    emailHash: text("email_hash"),
    sendAfter: timestamp("send_after", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("customer_messages_stop_kind_key").on(t.routeStopId, t.kind),
    index("customer_messages_held_idx").on(t.status, t.sendAfter),
    index("customer_messages_plain_idx").on(t.id).where(sql`${t.email} is not null`),
    check("customer_messages_kind_check", sql`${t.kind} in ('on_its_way','next','delivered','missed')`),
    check("customer_messages_status_check", sql`${t.status} in ('held','sent','skipped')`),
  ],
);

/** A customer e-mail address that asked a team to stop writing. */
export const customerUnsubscribes = pgTable(
  "customer_unsubscribes",
  {
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** Plain lower-cased address of a row from before migration 0012 (hashed at start, then the row is replaced). */
    email: text("email"),
    /** Keyed hash (HMAC-SHA256 under a key derived from the master key) of the lower-cased address. */
    emailHash: text("email_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("customer_unsubscribes_team_email_hash_key").on(t.teamId, t.emailHash)],
);

/** Metadata of an object in the storage service (SPEC storage: upload, sign, list, info, remove); bytes on disk under DATA_DIR. */
export const storageObjects = pgTable(
  "storage_objects",
  {
    bucket: text("bucket").notNull(),
    key: text("key").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.key] })],
);
