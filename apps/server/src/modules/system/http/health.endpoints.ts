import { createRoute, z } from "@hono/zod-openapi";
import { healthDetailsSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const Health = z.object({ status: z.enum(["ok", "error"]), database: z.enum(["ok", "unreachable"]) }).openapi("Health");

export const getHealth = createRoute({
  method: "get",
  path: "/api/health",
  tags: ["System"],
  summary: "Liveness and database reachability",
  responses: {
    200: json(Health, "The server and its database are up"),
    503: json(Health, "The database is unreachable"),
  },
});

export const getHealthDetails = createRoute({
  method: "get",
  path: "/api/health/details",
  tags: ["System"],
  summary:
    "System health for administrators (admin, super_admin): version, uptime, database kind and size, solver pool and p50/p95 solve times, request and error rate, mail outbox backlog, last migrations",
  responses: {
    200: json(healthDetailsSchema, "This process's health"),
    401: authErrors[401],
    403: jsonError("Signed in, but not an administrator"),
  },
});
