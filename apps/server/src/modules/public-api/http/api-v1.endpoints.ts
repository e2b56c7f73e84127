import { createRoute, z } from "@hono/zod-openapi";
import { MAX_VEHICLE_TRIPS, PUBLIC_API_LIMITS, publicApiMessages } from "@routepilot/contracts";
import { ErrorResponse, jsonError, rateLimited } from "../../../lib/openapi";

/** The security scheme of /api/v1/*: an API key from Settings → API keys, as a Bearer token. */
export const API_KEY_SCHEME = "apiKey";

const seconds = z.number().int().min(0);
const window = z.tuple([seconds, seconds]);
const amounts = z.array(z.number().int()).openapi({ description: "Quantities per capacity dimension" });
const lngLat = z.tuple([z.number(), z.number()]).openapi({ description: "[longitude, latitude]; without `matrices` the configured routing provider builds them", example: [2.3522, 48.8566] });
const matrix = z.array(z.array(z.number().nullable()));

const VroomVehicle = z
  .looseObject({
    id: z.number().int().openapi({ description: "Vehicle id, echoed in `routes[].vehicle`" }),
    profile: z.string().optional().openapi({ description: "Routing profile (car, van, truck, bicycle, foot); default car" }),
    start: lngLat.optional(),
    end: lngLat.optional(),
    start_index: z.number().int().optional().openapi({ description: "Row of the matrices where the vehicle starts" }),
    end_index: z.number().int().optional().openapi({ description: "Row where it ends (none: the route ends at its last task)" }),
    capacity: amounts.optional(),
    time_window: window.optional().openapi({ description: "Working hours [start, end] in seconds" }),
    skills: z.array(z.number().int()).optional(),
    breaks: z.array(z.looseObject({ id: z.number().int(), time_windows: z.array(window).optional(), service: seconds.optional() })).optional(),
    max_tasks: z.number().int().optional(),
    max_travel_time: z.number().int().optional(),
    max_distance: z.number().int().optional(),
    speed_factor: z.number().optional(),
    max_trips: z
      .number({ error: publicApiMessages.maxTrips })
      .int({ error: publicApiMessages.maxTrips })
      .min(1, { error: publicApiMessages.maxTrips })
      .max(MAX_VEHICLE_TRIPS, { error: publicApiMessages.maxTrips })
      .optional()
      .openapi({ description: `RoutePilot extension: trips per shift, back at \`start\` to reload between them (1–${MAX_VEHICLE_TRIPS}, default 1; \`start\` required above 1). Each trip's load fits \`capacity\` on its own` }),
    reload_time: z
      .number({ error: publicApiMessages.reloadTime })
      .min(0, { error: publicApiMessages.reloadTime })
      .optional()
      .openapi({ description: "RoutePilot extension: seconds spent at `start` for each reload (default 0)" }),
    costs: z.looseObject({ fixed: z.number().optional(), per_hour: z.number().optional(), per_km: z.number().optional() }).optional(),
  })
  .openapi("VroomVehicle");

const VroomJob = z
  .looseObject({
    id: z.number().int(),
    location: lngLat.optional(),
    location_index: z.number().int().optional().openapi({ description: "Row of the matrices (with `matrices`)" }),
    setup: seconds.optional(),
    service: seconds.optional().openapi({ description: "Time spent at the stop, in seconds" }),
    delivery: amounts.optional(),
    pickup: amounts.optional(),
    skills: z.array(z.number().int()).optional(),
    priority: z.number().int().min(0).max(100).optional(),
    time_windows: z.array(window).optional(),
  })
  .openapi("VroomJob");

const VroomShipmentStep = z.looseObject({
  id: z.number().int(),
  location: lngLat.optional(),
  location_index: z.number().int().optional(),
  setup: seconds.optional(),
  service: seconds.optional(),
  time_windows: z.array(window).optional(),
});

export const VroomInputSchema = z
  .looseObject({
    vehicles: z.array(VroomVehicle).openapi({ description: "At least one vehicle" }),
    jobs: z.array(VroomJob).optional(),
    shipments: z.array(z.looseObject({ pickup: VroomShipmentStep, delivery: VroomShipmentStep, amount: amounts.optional(), skills: z.array(z.number().int()).optional(), priority: z.number().int().optional() })).optional(),
    matrices: z
      .record(z.string(), z.looseObject({ durations: matrix.optional(), distances: matrix.optional(), costs: matrix.optional() }))
      .optional()
      .openapi({ description: "Per profile: `durations` (seconds), optional `distances` (metres) and `costs`; omit to use `location` coordinates" }),
    options: z
      .object({
        time_limit: z.number().optional().openapi({ description: `Search time in seconds (at most ${PUBLIC_API_LIMITS.syncTimeLimitSeconds})` }),
        seed: z.number().int().optional().openapi({ description: "Random seed (default 1): the same input, seed and time limit give the same answer" }),
      })
      .optional()
      .openapi({ description: "RoutePilot extension (VROOM takes these on its command line)" }),
  })
  .openapi("VroomInput");

export const VroomErrorSchema = z
  .object({ code: z.number().int().openapi({ description: "VROOM's error code: 2 = bad input, 1 = internal error", example: 2 }), error: z.string().openapi({ example: "jobs[0].location_index is required" }) })
  .openapi("VroomError");

const VroomStep = z.looseObject({
  type: z.enum(["start", "job", "pickup", "delivery", "break", "reload", "end"]).openapi({ description: '"reload" (RoutePilot extension): back at the vehicle\'s start between two trips, no `id`; `load` is the next trip\'s' }),
  id: z.number().int().optional(),
  location: lngLat.optional(),
  location_index: z.number().int().optional(),
  arrival: z.number(),
  duration: z.number(),
  distance: z.number().optional(),
  service: z.number(),
  waiting_time: z.number(),
  load: z.array(z.number()),
});

export const VroomOutputSchema = z
  .looseObject({
    code: z.number().int().openapi({ description: "0: solved" }),
    summary: z.looseObject({ cost: z.number(), routes: z.number(), unassigned: z.number(), duration: z.number(), distance: z.number().optional(), service: z.number(), waiting_time: z.number() }),
    routes: z.array(z.looseObject({ vehicle: z.number().int(), cost: z.number(), duration: z.number(), distance: z.number().optional(), steps: z.array(VroomStep) })),
    unassigned: z.array(z.looseObject({ id: z.number().int(), type: z.enum(["job", "pickup", "delivery"]), location: lngLat.optional(), location_index: z.number().int().optional(), reason: z.string().openapi({ description: "RoutePilot extension: why it was left out (capacity, time_window, skills, …)" }) })),
  })
  .openapi("VroomOutput");

const vroomError = (description: string) => ({ content: { "application/json": { schema: VroomErrorSchema } }, description });

export const optimize = createRoute({
  method: "post",
  path: "/api/v1/optimize",
  tags: ["Public API"],
  summary: `Solve a VROOM problem while you wait (up to ${PUBLIC_API_LIMITS.syncTasks} jobs + shipments); each route returned uses one route of your monthly quota`,
  security: [{ [API_KEY_SCHEME]: [] }],
  request: { body: { content: { "application/json": { schema: VroomInputSchema } }, required: true } },
  responses: {
    200: { content: { "application/json": { schema: VroomOutputSchema } }, description: "VROOM output: code 0, summary, routes, unassigned with `reason`" },
    400: vroomError("Invalid input: VROOM code 2 and a message naming the field"),
    401: jsonError("Missing, unknown, expired or revoked API key"),
    402: { content: { "application/json": { schema: ErrorResponse } }, description: "Monthly route quota used up and no payment method" },
    413: vroomError(`More than ${PUBLIC_API_LIMITS.syncTasks} tasks (use POST /api/v1/jobs) or more than ${PUBLIC_API_LIMITS.maxTasks} (split the problem)`),
    429: rateLimited("Your plan's request limits (SPEC §9) were reached"),
    500: vroomError("Internal error: VROOM code 1"),
  },
});
