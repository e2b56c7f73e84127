import { createRoute } from "@hono/zod-openapi";
import { analyticsEnhancedSchema, analyticsMessages, analyticsRangeSchema, analyticsSummarySchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

export const getSummary = createRoute({
  method: "get",
  path: "/api/analytics/summary",
  tags: ["Analytics"],
  summary:
    "The signed-in user's routes from `from` to `to` (YYYY-MM-DD, both included, in their time-zone preference; at most 3 years): totals, distance and time saved against the typed order, per month, weekday and hour, most visited places, plan usage and overage",
  request: { query: analyticsRangeSchema },
  responses: { 200: json(analyticsSummarySchema, "Analytics for the period"), 400: authErrors[400], 401: authErrors[401] },
});

export const getEnhanced = createRoute({
  method: "get",
  path: "/api/analytics/enhanced",
  tags: ["Analytics"],
  summary:
    "Enhanced analytics (Premium, Enterprise, Fleet Pro; SPEC §6): trends against the previous period of equal length, a stop heat map grid, route efficiency, CO₂ per vehicle profile, optimised vs typed order per route",
  request: { query: analyticsRangeSchema },
  responses: { 200: json(analyticsEnhancedSchema, "Enhanced analytics for the period"), 400: authErrors[400], 401: authErrors[401], 403: jsonError(analyticsMessages.enhancedOnly) },
});
