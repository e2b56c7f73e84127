import { createRoute } from "@hono/zod-openapi";
import { usageSummarySchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";

export const getUsage = createRoute({
  method: "get",
  path: "/api/me/usage",
  tags: ["Account"],
  summary: "SPEC §3 usage summary: the plan summary plus usagePercentage (capped at 100), remainingRoutes (not below 0) and isOverLimit",
  responses: { 200: json(usageSummarySchema, "Usage summary"), 401: authErrors[401] },
});
