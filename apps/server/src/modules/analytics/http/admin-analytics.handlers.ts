import { accountRoleOf, systemMessages } from "@routepilot/contracts";
import { createRouter, requireUser } from "../../../lib/context";
import { ForbiddenError } from "../../../lib/errors";
import { systemAnalytics } from "../system";
import * as routes from "./admin-analytics.endpoints";

export const adminAnalyticsRouter = createRouter().openapi(routes.getSystemAnalytics, async (c) => {
  const user = requireUser(c);
  if (accountRoleOf(user.role) !== "super_admin") throw new ForbiddenError(systemMessages.superAdminsOnly);
  return c.json(await systemAnalytics(c.get("deps").db, c.req.valid("query")), 200);
});
