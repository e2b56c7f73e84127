import { createRouter, requireUser } from "../../lib/context";
import { getUsageSummary } from "../../services/usage";
import * as routes from "./usage.routes";

export const usageRouter = createRouter().openapi(routes.getUsage, async (c) => {
  const user = requireUser(c);
  return c.json(await getUsageSummary(c.get("deps").db, user), 200);
});
