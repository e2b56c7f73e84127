import { createRouter, requireUser } from "../../../lib/context";
import { analyticsEnhanced, analyticsSummary } from "../user";
import * as r from "./analytics.endpoints";

/** Per-user analytics (issue 14): thin handlers over modules/analytics/user. */
export const analyticsRouter = createRouter()
  .openapi(r.getSummary, async (c) => c.json(await analyticsSummary(c.get("deps").db, requireUser(c), c.req.valid("query")), 200))
  .openapi(r.getEnhanced, async (c) => c.json(await analyticsEnhanced(c.get("deps").db, requireUser(c), c.req.valid("query")), 200));
