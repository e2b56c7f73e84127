import { createRouter } from "../../lib/context";
import * as routes from "./health.routes";

export const healthRouter = createRouter().openapi(routes.getHealth, async (c) => {
  const { database, logger } = c.get("deps");
  try {
    await database.ping();
    return c.json({ status: "ok" as const, database: "ok" as const }, 200);
  } catch (error) {
    logger.warn({ err: error }, "health check: database unreachable");
    return c.json({ status: "error" as const, database: "unreachable" as const }, 503);
  }
});
