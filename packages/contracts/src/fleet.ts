import { z } from "zod";
import { isTimeZone } from "./preferences";
import { HHMM_PATTERN, minutesOfDay } from "./clock";

/**
 * Fleet planning (issue 11): vehicles, drivers, a day's orders and plans, scoped to a team under
 * `/api/teams/{teamId}/…`. Times of day are "HH:MM" in the team's time zone; durations in
 * minutes; distances in kilometres; money in pence.
 */

export const fleetMessages = {
  time: "Use a time of day as HH:MM (00:00–23:59)",
  windowOrder: "The window ends before it starts",
  shiftOrder: "The shift ends before it starts",
  tooManyWindows: "An order has at most two time windows",
  tooManyDimensions: "At most three capacity dimensions",
  demandDimensions: (n: number) => `Give one amount per capacity dimension (${n})`,
  unknownSkill: (skill: string) => `No vehicle has the skill "${skill}"`,
  tooManyOrders: "At most 10,000 orders in one plan",
  noOrders: "Add at least one order",
  noVehicles: "Choose at least one vehicle",
  unknownVehicle: "This vehicle is not one of the team's vehicles",
  latitude: "Latitude must be between -90 and 90",
  longitude: "Longitude must be between -180 and 180",
  label: "Give the order a name or address (at most 200 characters)",
  vehicleName: "Give the vehicle a name (at most 80 characters)",
  date: "Use a date as YYYY-MM-DD",
  planFrozen: "This plan has been dispatched; copy it into a new version to change it",
  noFleetAccess: "Fleet planning is part of the Fleet Pro plan, or of a team whose owner is on Fleet Pro.",
  notManager: "Only the team's owner, admins and managers can do this.",
  dimensionName: "Name each capacity dimension (at most 20 characters), e.g. kg, crates or m³",
  dimensionsRequired: "Give between one and three capacity dimensions",
  dimensionsInUse: (n: number) =>
    `${n} vehicle${n === 1 ? " has" : "s have"} a capacity for the current dimensions: clear or archive ${n === 1 ? "it" : "them"} before changing how many dimensions there are`,
  timeZone: "Choose a time zone such as Europe/London",
  maxTrips: "Give the number of trips as a whole number from 1 to 10 (1 = no reload)",
  reloadMinutes: "Give the reload time as a whole number of minutes from 0 to 240",
  reloadNeedsDepot: "A vehicle that reloads needs a start depot: that is where it reloads",
  reloadLabel: "Reload at the depot",
} as const;

/** Most trips a vehicle makes in a shift, and longest reload (minutes): issue 26, the vehicles table's checks. */
export const MAX_VEHICLE_TRIPS = 10;
export const MAX_RELOAD_MINUTES = 240;

export const vehicleProfiles = ["car", "van", "truck", "bicycle"] as const;
export type VehicleProfile = (typeof vehicleProfiles)[number];

export const planObjectives = ["min_time", "min_vehicles", "balance"] as const;
export type PlanObjective = (typeof planObjectives)[number];

export const weekdays = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;

const timeOfDay = z.string().regex(HHMM_PATTERN, { error: fleetMessages.time });

export const fleetTimeWindowSchema = z
  .object({ start: timeOfDay, end: timeOfDay })
  .refine((w) => minutesOfDay(w.end) >= minutesOfDay(w.start), { error: fleetMessages.windowOrder, path: ["end"] });

export const pointSchema = z.object({
  lat: z.number({ error: fleetMessages.latitude }).min(-90, { error: fleetMessages.latitude }).max(90, { error: fleetMessages.latitude }),
  lng: z.number({ error: fleetMessages.longitude }).min(-180, { error: fleetMessages.longitude }).max(180, { error: fleetMessages.longitude }),
  address: z.string().max(300).optional(),
});
export type FleetPoint = z.infer<typeof pointSchema>;

const skill = z.string().trim().min(1).max(40);
const amount = z.number().min(0).max(1_000_000);

export const vehicleBreakSchema = z.object({ window: fleetTimeWindowSchema, durationMinutes: z.number().int().min(1).max(240) });

export const vehicleInputSchema = z
  .object({
    name: z.string({ error: fleetMessages.vehicleName }).trim().min(1, { error: fleetMessages.vehicleName }).max(80, { error: fleetMessages.vehicleName }),
    plate: z.string().trim().max(20).optional(),
    profile: z.enum(vehicleProfiles).default("van"),
    /** One amount per team capacity dimension (at most three). */
    capacity: z.array(amount).max(3, { error: fleetMessages.tooManyDimensions }).default([]),
    skills: z.array(skill).max(20).default([]),
    shift: z.object({ start: timeOfDay, end: timeOfDay }).refine((s) => minutesOfDay(s.end) > minutesOfDay(s.start), { error: fleetMessages.shiftOrder, path: ["end"] }),
    /** Start and end depots; null = the route starts at its first stop / ends at its last (open route). */
    start: pointSchema.nullable(),
    end: pointSchema.nullable(),
    maxStops: z.number().int().min(1).max(1000).nullable().optional(),
    maxDrivingMinutes: z.number().int().min(1).max(24 * 60).nullable().optional(),
    maxDistanceKm: z.number().min(1).max(5000).nullable().optional(),
    breaks: z.array(vehicleBreakSchema).max(4).default([]),
    /** Cost when the vehicle is used, and per hour on the road, in pence. */
    fixedCostPence: z.number().int().min(0).max(10_000_000).default(0),
    costPerHourPence: z.number().int().min(0).max(1_000_000).default(0),
    /** Multi-trip (issue 26): trips per shift, back at the start depot to reload in between (1 = no reload). */
    maxTrips: z
      .number({ error: fleetMessages.maxTrips })
      .int({ error: fleetMessages.maxTrips })
      .min(1, { error: fleetMessages.maxTrips })
      .max(MAX_VEHICLE_TRIPS, { error: fleetMessages.maxTrips })
      .default(1),
    /** Minutes spent at the depot for each reload. */
    reloadMinutes: z
      .number({ error: fleetMessages.reloadMinutes })
      .int({ error: fleetMessages.reloadMinutes })
      .min(0, { error: fleetMessages.reloadMinutes })
      .max(MAX_RELOAD_MINUTES, { error: fleetMessages.reloadMinutes })
      .default(0),
    /** Stored encrypted (DESIGN §8). */
    vin: z.string().trim().max(17).optional(),
    insurancePolicy: z.string().trim().max(60).optional(),
  })
  .strict();
export type VehicleInput = z.input<typeof vehicleInputSchema>;

export const vehicleSchema = vehicleInputSchema.safeExtend({ id: z.string(), teamId: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type Vehicle = z.infer<typeof vehicleSchema>;

/** Vehicle update (PATCH): any subset of the vehicle's fields; the merged vehicle is validated as a whole. */
export const vehicleUpdateSchema = vehicleInputSchema.partial();

/** A team's fleet settings: the names of its capacity dimensions (1–3) and the time zone its plans' times are in. */
export const fleetSettingsSchema = z
  .object({
    capacityDimensions: z
      .array(z.string({ error: fleetMessages.dimensionName }).trim().min(1, { error: fleetMessages.dimensionName }).max(20, { error: fleetMessages.dimensionName }))
      .min(1, { error: fleetMessages.dimensionsRequired })
      .max(3, { error: fleetMessages.tooManyDimensions }),
    timeZone: z.string({ error: fleetMessages.timeZone }).max(64, { error: fleetMessages.timeZone }).refine(isTimeZone, { error: fleetMessages.timeZone }),
  })
  .strict();
export type FleetSettings = z.infer<typeof fleetSettingsSchema>;
export const DEFAULT_CAPACITY_DIMENSIONS = ["units"];
export const DEFAULT_FLEET_TIME_ZONE = "Europe/London";

export const driverInputSchema = z
  .object({
    /** Stored encrypted (DESIGN §8). */
    phone: z.string().trim().max(30).optional(),
    licenceNumber: z.string().trim().max(40).optional(),
    defaultVehicleId: z.string().nullable().optional(),
    skills: z.array(skill).max(20).default([]),
    workingDays: z.array(z.enum(weekdays)).default(["mon", "tue", "wed", "thu", "fri"]),
  })
  .strict();

export const driverSchema = driverInputSchema.safeExtend({ userId: z.string(), email: z.string(), name: z.string() });
export type Driver = z.infer<typeof driverSchema>;

export const orderContactSchema = z.object({ name: z.string().max(100).optional(), email: z.string().max(200).optional(), phone: z.string().max(30).optional() });

/** A place an order is picked up from before its delivery (pickup→delivery pair). */
export const orderPickupSchema = pointSchema.extend({
  label: z.string().trim().min(1).max(200),
  serviceMinutes: z.number().min(0).max(600).default(0),
  timeWindows: z.array(fleetTimeWindowSchema).max(2, { error: fleetMessages.tooManyWindows }).default([]),
});

export const orderSchema = pointSchema.extend({
  /** Client id of the order inside the plan (e.g. the spreadsheet row); generated when absent. */
  id: z.string().max(64).optional(),
  label: z.string({ error: fleetMessages.label }).trim().min(1, { error: fleetMessages.label }).max(200, { error: fleetMessages.label }),
  serviceMinutes: z.number().min(0).max(600).default(5),
  timeWindows: z.array(fleetTimeWindowSchema).max(2, { error: fleetMessages.tooManyWindows }).default([]),
  demand: z.array(amount).max(3, { error: fleetMessages.tooManyDimensions }).default([]),
  skills: z.array(skill).max(20).default([]),
  /** 0–100: higher is dropped last when not everything fits. */
  priority: z.number().int().min(0).max(100).default(0),
  contact: orderContactSchema.optional(),
  notes: z.string().max(1000).optional(),
  pickup: orderPickupSchema.optional(),
});
export type Order = z.infer<typeof orderSchema>;
export type OrderInput = z.input<typeof orderSchema>;

export const planSettingsSchema = z
  .object({
    /** Engine budget; default scales with the number of orders. */
    timeLimitSeconds: z.number().min(1).max(120).optional(),
    /** Driver app (issue 12): a photo or signature is required before a stop of this plan is marked delivered. */
    proofRequired: z.boolean().optional(),
  })
  .strict()
  .default({});

export const createPlanSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: fleetMessages.date }),
  vehicleIds: z.array(z.string()).min(1, { error: fleetMessages.noVehicles }).max(500),
  orders: z.array(orderSchema).min(1, { error: fleetMessages.noOrders }).max(10_000, { error: fleetMessages.tooManyOrders }),
  objective: z.enum(planObjectives).default("min_time"),
  settings: planSettingsSchema,
});
export type CreatePlanInput = z.input<typeof createPlanSchema>;

export const planStatuses = ["queued", "solving", "done", "failed"] as const;

export const planStopSchema = z.object({
  orderId: z.string(),
  /** "pickup" for the pickup of a pickup→delivery pair, else "delivery" (an ordinary stop). */
  kind: z.enum(["delivery", "pickup"]),
  label: z.string(),
  lat: z.number(),
  lng: z.number(),
  /** ISO times on the plan's date. */
  arrival: z.string(),
  departure: z.string(),
  waitingSeconds: z.number(),
  demand: z.array(z.number()),
  /** Load on board after the stop. */
  load: z.array(z.number()),
});

/**
 * A multi-trip vehicle back at its start depot to reload between two trips (issue 26): not an order.
 * It comes after the first `afterStops` stops of the route (never first or last).
 */
export const planReloadSchema = z.object({
  afterStops: z.number().int(),
  /** ISO times on the plan's date: reaching the depot, and leaving it reloaded. */
  arrival: z.string(),
  departure: z.string(),
  waitingSeconds: z.number(),
  /** Load on board after reloading: the next trip's deliveries. */
  load: z.array(z.number()),
});
export type PlanReload = z.infer<typeof planReloadSchema>;

export const planRouteSchema = z.object({
  vehicleId: z.string(),
  driverId: z.string().nullable(),
  stops: z.array(planStopSchema),
  breaks: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Reloads at the depot between trips, in order (none for a single trip; plans stored before issue 26 have none). */
  reloads: z.array(planReloadSchema).default([]),
  start: z.string().nullable(),
  end: z.string().nullable(),
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  drivingSeconds: z.number(),
  serviceSeconds: z.number(),
  waitingSeconds: z.number(),
  load: z.array(z.number()),
  costPence: z.number(),
  /** The route on the map: an encoded polyline (precision 5) from the routing provider, depot to depot; absent for an empty route. */
  geometry: z.string().nullable().optional(),
});

export const unassignedReasons = ["skills", "capacity", "time_window", "shift", "max_travel_time", "max_distance", "max_stops", "unreachable", "precedence", "no_vehicle", "dropped"] as const;

export const planUnassignedSchema = z.object({ orderId: z.string(), label: z.string(), reason: z.enum(unassignedReasons), explanation: z.string() });

export const planTotalsSchema = z.object({
  orders: z.number(),
  assigned: z.number(),
  unassigned: z.number(),
  vehiclesUsed: z.number(),
  distanceMeters: z.number(),
  durationSeconds: z.number(),
  waitingSeconds: z.number(),
  /** Minutes arriving after a window, summed (0 for an engine plan; edits may add some). */
  latenessSeconds: z.number(),
  costPence: z.number(),
  /** Longest minus shortest route duration of the used vehicles. */
  durationSpreadSeconds: z.number(),
});

export const planSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  date: z.string(),
  objective: z.enum(planObjectives),
  status: z.enum(planStatuses),
  /** 0–1. */
  progress: z.number(),
  routes: z.array(planRouteSchema),
  unassigned: z.array(planUnassignedSchema),
  totals: planTotalsSchema.nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type Plan = z.infer<typeof planSchema>;

/** What an unassigned order needs, in plain words (issue 11 "Understand"). */
export const unassignedExplanations: Record<(typeof unassignedReasons)[number], string> = {
  skills: "Needs a skill no chosen vehicle has: add a vehicle with it or remove the skill from the order.",
  capacity: "Too large for the space left on every vehicle: add a vehicle or raise a capacity.",
  time_window: "Cannot be reached inside its time window: widen the window or add a vehicle nearer.",
  shift: "Does not fit inside any vehicle's shift: extend a shift or add a vehicle.",
  max_travel_time: "Would take a vehicle past its maximum driving time.",
  max_distance: "Would take a vehicle past its maximum distance.",
  max_stops: "Every vehicle that could take it already has its maximum number of stops.",
  unreachable: "No road leads there from the vehicles' depots: check the address.",
  precedence: "Its pickup and delivery cannot be served in order by one vehicle.",
  no_vehicle: "No vehicle was chosen that could serve it.",
  dropped: "Left out to serve higher-priority orders in the time available: add a vehicle or raise its priority.",
};
