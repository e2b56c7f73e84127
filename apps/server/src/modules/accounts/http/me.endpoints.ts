import { createRoute } from "@hono/zod-openapi";
import { meSchema, planSummarySchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";

export const getMe = createRoute({
  method: "get",
  path: "/api/me",
  tags: ["Account"],
  summary: "The signed-in user, tier, fleet roles and access flags for the app shell",
  responses: { 200: json(meSchema, "Current user"), 401: authErrors[401] },
});

export const getPlan = createRoute({
  method: "get",
  path: "/api/me/plan",
  tags: ["Account"],
  summary: "SPEC §3 plan summary (team members see their allocation)",
  responses: { 200: json(planSummarySchema, "Plan summary"), 401: authErrors[401] },
});
