import { createRoute, z } from "@hono/zod-openapi";
import { driverNextRoutesResponseSchema, driverRoutesResponseSchema, positionsInputSchema, proofResponseSchema, stopEventInputSchema, stopEventResponseSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const tags = ["Driver"];
const pathParam = (name: string) => ({ param: { name, in: "path" as const } });
const StopParam = z.object({ stopId: z.uuid().openapi(pathParam("stopId")) });
const notYours = { 404: jsonError("No such stop on a route of the caller (another driver's stop reads as missing)") };

export const getDriverRoutes = createRoute({
  method: "get",
  path: "/api/driver/routes",
  tags,
  summary: "The signed-in driver's own dispatched routes of a day, with stops, planned instants (team time zone), statuses and proof",
  request: { query: z.object({ date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give the date as YYYY-MM-DD" }) }) },
  responses: { 200: json(driverRoutesResponseSchema, "Routes"), ...authErrors },
});

export const getNextDriverRoutes = createRoute({
  method: "get",
  path: "/api/driver/routes/next",
  tags,
  summary:
    "The first day from `from` (the driver's today, YYYY-MM-DD; default the server's today) on with a route dispatched to the signed-in driver, with that day's routes as GET /api/driver/routes answers them; { date: null, routes: [] } when none is dispatched",
  request: { query: z.object({ from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Give the date as YYYY-MM-DD" }).optional() }) },
  responses: { 200: json(driverNextRoutesResponseSchema, "The next day with a route, and its routes"), ...authErrors },
});

export const postStopEvent = createRoute({
  method: "post",
  path: "/api/driver/stops/{stopId}/events",
  tags,
  summary:
    "Record arrived / done / failed on a stop. Idempotent on (driver, clientEventId): a replay answers 200 { replayed: true } and changes nothing. Events count in `at` order, so a late replay never undoes a newer state. 409 proofRequired when the route needs proof and the stop has none",
  request: { params: StopParam, body: { content: { "application/json": { schema: stopEventInputSchema } }, required: true } },
  responses: { 200: json(stopEventResponseSchema, "The stop after the event (or as it is, for a replay)"), ...authErrors, ...notYours, 409: jsonError("Proof required before done") },
});

export const postProof = createRoute({
  method: "post",
  path: "/api/driver/stops/{stopId}/proof",
  tags,
  summary:
    "Proof of delivery (multipart/form-data: photo (≤ 3, each ≤ 10 MB, JPEG/PNG/WebP by its bytes), signature (PNG), recipient, clientEventId). Everything is checked before anything is stored; images whose metadata carries markup or script are refused",
  request: {
    params: StopParam,
    body: {
      content: {
        "multipart/form-data": {
          schema: z.object({
            photo: z.any().optional().openapi({ type: "string", format: "binary" }),
            signature: z.any().optional().openapi({ type: "string", format: "binary" }),
            recipient: z.string().optional(),
            clientEventId: z.string().optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(proofResponseSchema, "The stored proof"),
    ...authErrors,
    ...notYours,
    413: jsonError("A file larger than 10 MB (photoTooLarge)"),
    415: jsonError("Not a JPEG, PNG or WebP photo, or a signature that is not a PNG"),
  },
});

export const getProofFile = createRoute({
  method: "get",
  path: "/api/driver/proof/{id}",
  tags,
  summary: "A proof file, to the stop's driver and the team's managers only (others: 404). Served inline with nosniff and private caching",
  request: { params: z.object({ id: z.uuid().openapi(pathParam("id")) }) },
  responses: { 200: { description: "The image", content: { "image/jpeg": { schema: z.any() }, "image/png": { schema: z.any() }, "image/webp": { schema: z.any() } } }, 401: authErrors[401], 404: jsonError("No such file for this user") },
});

export const postPositions = createRoute({
  method: "post",
  path: "/api/driver/positions",
  tags,
  summary: "1–100 positions (oldest first) of the driver on today's route; the team's managers get one driver_position message on live:{teamId}. 409 when the driver has no route today",
  request: { body: { content: { "application/json": { schema: positionsInputSchema } }, required: true } },
  responses: { 200: json(z.object({ accepted: z.number(), routeId: z.string() }), "Stored"), ...authErrors, 409: jsonError("No route today (noActiveRoute)") },
});
