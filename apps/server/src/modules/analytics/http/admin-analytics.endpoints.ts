import { createRoute } from "@hono/zod-openapi";
import { analyticsRangeSchema, systemAnalyticsSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

export const getSystemAnalytics = createRoute({
  method: "get",
  path: "/api/admin/analytics",
  tags: ["Admin"],
  summary: "The install's sign-ups, active users and routes per day, tier mix and overage revenue per month, UTC days (super_admin)",
  request: { query: analyticsRangeSchema },
  responses: {
    200: json(systemAnalyticsSchema, "Figures per day and month of the period"),
    400: authErrors[400],
    401: authErrors[401],
    403: jsonError("Signed in, but not a super administrator"),
  },
});
