import { createRoute, z } from "@hono/zod-openapi";
import { json } from "../../lib/openapi";

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
