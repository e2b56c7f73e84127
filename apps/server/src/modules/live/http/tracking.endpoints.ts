import { createRoute, z } from "@hono/zod-openapi";
import { customerUnsubscribeSchema, trackingSchema } from "@routepilot/contracts";
import { json, jsonError } from "../../../lib/openapi";

const tags = ["Tracking"];
const TrackingToken = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .openapi({ param: { name: "token", in: "path" } }),
});
const UnsubscribeToken = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,600}\.[A-Za-z0-9_-]{43}$/)
    .openapi({ param: { name: "token", in: "path" } }),
});

export const getTracking = createRoute({
  method: "get",
  path: "/api/track/{token}",
  tags,
  summary: "A customer's delivery: status, arrival window, the driver's first name and, while the stop is next, position; no sign-in",
  security: [],
  request: { params: TrackingToken },
  responses: { 200: json(trackingSchema, "Tracking"), 404: jsonError("Unknown or expired tracking link (trackingGone)") },
});

export const getTrackingPhoto = createRoute({
  method: "get",
  path: "/api/track/{token}/photo",
  tags,
  summary: "The proof-of-delivery photo of a delivered stop; no sign-in",
  security: [],
  request: { params: TrackingToken },
  responses: {
    200: { description: "The photo", content: { "image/jpeg": { schema: z.string() }, "image/png": { schema: z.string() }, "image/webp": { schema: z.string() } } },
    404: jsonError("Unknown or expired tracking link, or no photo"),
  },
});

export const getUnsubscribe = createRoute({
  method: "get",
  path: "/api/unsubscribe/{token}",
  tags,
  summary: "Which team's delivery e-mails an unsubscribe link stops, to which address, and whether it is done; no sign-in",
  security: [],
  request: { params: UnsubscribeToken },
  responses: { 200: json(customerUnsubscribeSchema, "Unsubscribe"), 404: jsonError("Invalid link (unsubscribeGone)") },
});

export const postUnsubscribe = createRoute({
  method: "post",
  path: "/api/unsubscribe/{token}",
  tags,
  summary: "Stop the team's delivery e-mails to this address (idempotent); no sign-in",
  security: [],
  request: { params: UnsubscribeToken },
  responses: { 200: json(customerUnsubscribeSchema, "Unsubscribed"), 404: jsonError("Invalid link (unsubscribeGone)") },
});
