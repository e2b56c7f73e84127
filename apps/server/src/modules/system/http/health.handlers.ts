import { createRouter, requireUser } from "../../../lib/context";
import { requireAdmin } from "../../admin/admin";
import { healthDetails } from "../health";
import * as routes from "./health.endpoints";

export const healthRouter = createRouter()
  .openapi(routes.getHealth, async (c) => {
    const { database, logger } = c.get("deps");
    try {
      await database.ping();
      return c.json({ status: "ok" as const, database: "ok" as const }, 200);
    } catch (error) {
      logger.warn({ err: error }, "health check: database unreachable");
      return c.json({ status: "error" as const, database: "unreachable" as const }, 503);
    }
  })
  .openapi(routes.getHealthDetails, async (c) => {
    requireAdmin(requireUser(c));
    return c.json(await healthDetails(c.get("deps")), 200);
  });
