import { createRouter, requireUser } from "../../../lib/context";
import { getUsageSummary } from "../usage";
import * as routes from "./usage.endpoints";

export const usageRouter = createRouter().openapi(routes.getUsage, async (c) => {
  const user = requireUser(c);
  return c.json(await getUsageSummary(c.get("deps").db, user), 200);
});
