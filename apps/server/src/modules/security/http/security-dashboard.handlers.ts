import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { requestOrigin } from "../../../lib/request-origin";
import { requireAdmin } from "../../admin/admin";
import { listAuditEvents } from "../audit";
import { updateAlertStatus } from "../monitor/alert-status";
import { listAlerts, securityOverview, violationsSince } from "../monitor/metrics";
import * as routes from "./security-dashboard.endpoints";

/** The signed-in administrator; 401 signed out, 403 for anyone else. */
function admin(c: AppContext) {
  const user = requireUser(c);
  requireAdmin(user);
  return user;
}

export const securityDashboardRouter = createRouter()
  .openapi(routes.getMetrics, async (c) => {
    admin(c);
    const { db, security } = c.get("deps");
    return c.json(await securityOverview(db, security), 200);
  })
  .openapi(routes.listAlerts, async (c) => {
    admin(c);
    return c.json(await listAlerts(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(routes.updateAlert, async (c) => {
    const user = admin(c);
    const { db, logger } = c.get("deps");
    const alert = await updateAlertStatus(db, logger, { userId: user.id, origin: requestOrigin(c) }, c.req.valid("param").id, c.req.valid("json"));
    return c.json(alert, 200);
  })
  .openapi(routes.listViolations, async (c) => {
    admin(c);
    return c.json(await violationsSince(c.get("deps").db, c.req.valid("query").hours), 200);
  })
  .openapi(routes.listAudit, async (c) => {
    admin(c);
    return c.json({ events: await listAuditEvents(c.get("deps").db, c.req.valid("query")) }, 200);
  });
