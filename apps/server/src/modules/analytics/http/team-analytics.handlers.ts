import { createRouter, requireUser } from "../../../lib/context";
import { teamAnalytics } from "../team";
import * as r from "./team-analytics.endpoints";

/** Team and fleet analytics (issue 14): thin handler over modules/analytics/team. */
export const teamAnalyticsRouter = createRouter().openapi(r.getTeamAnalytics, async (c) =>
  c.json(await teamAnalytics(c.get("deps"), requireUser(c), c.req.valid("param").teamId, c.req.valid("query")), 200),
);
