import { createRoute, z } from "@hono/zod-openapi";
import { sharedRouteSchema } from "@routepilot/contracts";
import { json, jsonError } from "../../../lib/openapi";

const TokenParam = z.object({
  token: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,128}$/)
    .openapi({ param: { name: "token", in: "path" } }),
});

export const getSharedRoute = createRoute({
  method: "get",
  path: "/api/shared-routes/{token}",
  tags: ["Routes"],
  summary: "A shared route, read-only, no sign-in (no owner or notes)",
  security: [],
  request: { params: TokenParam },
  responses: { 200: json(sharedRouteSchema, "Shared route"), 404: jsonError("Unknown, revoked or expired link") },
});

export const exportSharedRoute = createRoute({
  method: "get",
  path: "/api/shared-routes/{token}/export.gpx",
  tags: ["Routes"],
  summary: "A shared route as GPX 1.1 (places, the route in driving order incl. the drive home, the road track), no sign-in",
  security: [],
  request: { params: TokenParam },
  responses: {
    200: { description: "The GPX file", content: { "application/gpx+xml": { schema: z.string() } } },
    404: jsonError("Unknown, revoked or expired link"),
  },
});

export const exportSharedRouteCsv = createRoute({
  method: "get",
  path: "/api/shared-routes/{token}/export.csv",
  tags: ["Routes"],
  summary:
    "A shared route as CSV, the planner's columns (the start, the stops with legs and ETAs, the end or the drive home; metres and seconds) with the note column empty, no sign-in",
  security: [],
  request: { params: TokenParam },
  responses: {
    200: { description: "The CSV file", content: { "text/csv": { schema: z.string() } } },
    404: jsonError("Unknown, revoked or expired link"),
  },
});
