import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { teams } from "./app";
import { user } from "./auth";

/**
 * Fleet planning (issue 11): a team's vehicles, its drivers' details, its fleet settings and its
 * plans. Shapes of the JSON columns are the contracts' (packages/contracts/src/fleet.ts); the
 * database keeps them as data and the server validates them on the way in.
 */

/** A depot: where a vehicle starts or ends its day. */
export type StoredFleetPoint = { lat: number; lng: number; address?: string };
export type StoredVehicleBreak = { window: { start: string; end: string }; durationMinutes: number };
/** A stop locked to a vehicle (and optionally a position in its route) when re-planning. */
export type StoredStopLock = { orderId: string; vehicleId: string; position?: number };

/** A team's vehicle. VIN and insurance policy hold an encrypted field record (sealField JSON), never plaintext. */
export const vehicles = pgTable(
  "vehicles",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    plate: text("plate"),
    profile: text("profile").notNull().default("van"),
    /** One amount per team capacity dimension (at most three). */
    capacity: jsonb("capacity").$type<number[]>().notNull().default([]),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    /** "HH:MM" in the team's time zone. */
    shiftStart: text("shift_start").notNull(),
    shiftEnd: text("shift_end").notNull(),
    /** Depots; null = open route at that end. */
    start: jsonb("start").$type<StoredFleetPoint>(),
    end: jsonb("end").$type<StoredFleetPoint>(),
    maxStops: integer("max_stops"),
    maxDrivingMinutes: integer("max_driving_minutes"),
    maxDistanceKm: doublePrecision("max_distance_km"),
    breaks: jsonb("breaks").$type<StoredVehicleBreak[]>().notNull().default([]),
    fixedCostPence: integer("fixed_cost_pence").notNull().default(0),
    costPerHourPence: integer("cost_per_hour_pence").notNull().default(0),
    /** Multi-trip (issue 26): trips per shift, reloading at the start depot in between (1 = no reload). */
    maxTrips: integer("max_trips").notNull().default(1),
    /** Minutes spent at the depot for each reload. */
    reloadMinutes: integer("reload_minutes").notNull().default(0),
    vin: text("vin"),
    insurancePolicy: text("insurance_policy"),
    /** Soft delete: archived vehicles leave the list but old plans keep them. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("vehicles_team_idx").on(t.teamId, t.createdAt),
    check("vehicles_profile_check", sql`${t.profile} in ('car','van','truck','bicycle')`),
    check("vehicles_max_trips_check", sql`${t.maxTrips} between 1 and 10`),
    check("vehicles_reload_minutes_check", sql`${t.reloadMinutes} between 0 and 240`),
  ],
);

/** A team member with the role driver: the fleet details managers keep about them. Phone and licence are encrypted records. */
export const fleetDrivers = pgTable(
  "fleet_drivers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    phone: text("phone"),
    licenceNumber: text("licence_number"),
    defaultVehicleId: uuid("default_vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    workingDays: jsonb("working_days").$type<string[]>().notNull().default(["mon", "tue", "wed", "thu", "fri"]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("fleet_drivers_team_user_key").on(t.teamId, t.userId), index("fleet_drivers_user_idx").on(t.userId)],
);

/** One row per team once its fleet settings are saved; absent = the defaults (["units"], Europe/London or the owner's zone). */
export const fleetSettings = pgTable("fleet_settings", {
  teamId: uuid("team_id")
    .primaryKey()
    .references(() => teams.id, { onDelete: "cascade" }),
  /** Names of the capacity dimensions (1–3), e.g. ["kg", "crates", "m³"]. */
  capacityDimensions: jsonb("capacity_dimensions").$type<string[]>().notNull().default(["units"]),
  timeZone: text("time_zone").notNull().default("Europe/London"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A plan of a day's orders across some of the team's vehicles. Variants and later versions point at
 * the plan they were copied from (parent_plan_id); a dispatched plan (dispatched_at set) is frozen.
 */
export const plans = pgTable(
  "plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    /** The plan's day, YYYY-MM-DD in the team's time zone. */
    date: date("date", { mode: "string" }).notNull(),
    objective: text("objective").notNull().default("min_time"),
    status: text("status").notNull().default("queued"),
    /** 0–1 while solving. */
    progress: real("progress").notNull().default(0),
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    vehicleIds: jsonb("vehicle_ids").$type<string[]>().notNull().default([]),
    /** The validated orders, each with its id, without their contacts (those are in contacts_sealed). */
    orders: jsonb("orders").$type<Array<Record<string, unknown> & { id: string }>>().notNull().default([]),
    /** The orders' customer contacts, { orderId: { name, email, phone } } as JSON, sealed; null when none has one. */
    contactsSealed: text("contacts_sealed"),
    /** Plain contacts of a plan stored before migration 0012 (moved out of orders by it); sealed at start, then emptied. */
    legacyContacts: jsonb("legacy_contacts").$type<Record<string, { name?: string; email?: string; phone?: string }>>(),
    /** { routes, unassigned, totals } in the contracts' plan shapes; null until solved. */
    result: jsonb("result").$type<Record<string, unknown>>(),
    error: text("error"),
    locks: jsonb("locks").$type<StoredStopLock[]>().notNull().default([]),
    version: integer("version").notNull().default(1),
    parentPlanId: uuid("parent_plan_id").references((): AnyPgColumn => plans.id, { onDelete: "set null" }),
    /** Variant name, e.g. "Fewer vans". */
    name: text("name"),
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    solvedAt: timestamp("solved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("plans_team_date_idx").on(t.teamId, t.date),
    index("plans_parent_idx").on(t.parentPlanId),
    index("plans_legacy_contacts_idx").on(t.id).where(sql`${t.legacyContacts} is not null`),
    check("plans_status_check", sql`${t.status} in ('queued','solving','done','failed')`),
    check("plans_objective_check", sql`${t.objective} in ('min_time','min_vehicles','balance')`),
  ],
);

/** A draft row as order_drafts.orders stores it: the planner's row without its contact (sealed apart) and without its problems (sealed too). */
export type StoredDraftOrder = { id: string; source: string; order: Record<string, unknown> };

/**
 * The orders a manager has typed or imported for a day, kept as they change so a reload or another
 * device shows them again (issue 25). One row per team and day. `orders` holds the rows without their
 * customer contacts and problem messages; `sealed` holds those, one sealed JSON array aligned with
 * `orders` (decision 011: contacts are never stored in clear; a problem quotes the typed cell, which
 * may be a contact). `id` is the key the key rotation pages by (SEALED_COLUMNS); (team_id, date) is unique.
 */
export const orderDrafts = pgTable(
  "order_drafts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    /** The day, YYYY-MM-DD in the team's time zone (as plans.date). */
    date: date("date", { mode: "string" }).notNull(),
    orders: jsonb("orders").$type<StoredDraftOrder[]>().notNull().default([]),
    /** [{ contact?, problems? } per row of orders] as JSON, sealed (sealField); null when no row has either. */
    sealed: text("sealed"),
    updatedBy: text("updated_by").references(() => user.id, { onDelete: "set null" }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("order_drafts_team_date_key").on(t.teamId, t.date)],
);
