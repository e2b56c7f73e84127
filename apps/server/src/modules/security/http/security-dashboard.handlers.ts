import { and, eq } from "drizzle-orm";
import { securityAlerts } from "@routepilot/db";
import { createRouter, requireUser, type AppContext } from "../../lib/context";
import { requestOrigin } from "../../lib/request-origin";
import { NotFoundError } from "../../lib/errors";
import { requireAdmin } from "../../services/admin";
import { listAuditEvents, writeAuditEvent } from "../../services/audit";
import { alertOut, listAlerts, securityOverview, violationsSince } from "../../security/monitor/metrics";
import * as routes from "./security-dashboard.routes";

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
    const { id } = c.req.valid("param");
    const { status } = c.req.valid("json");
    const now = new Date();
    // The change and its audit row land together (SPEC §4: setting a status is logged).
    const updated = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, id)).for("update");
      if (!before) return null;
      const resolved = status === "resolved";
      const [after] = await tx
        .update(securityAlerts)
        .set({
          status,
          updatedAt: now,
          resolvedAt: resolved ? (before.status === "resolved" ? before.resolvedAt : now) : null,
          resolvedBy: resolved ? (before.status === "resolved" ? before.resolvedBy : user.id) : null,
          autoResolved: resolved && before.status === "resolved" ? before.autoResolved : false,
        })
        .where(and(eq(securityAlerts.id, id)))
        .returning();
      await writeAuditEvent(tx, logger, {
        eventType: "security_alert_status",
        action: resolved ? "resolve" : `set status ${status}`,
        outcome: "success",
        riskLevel: before.severity === "critical" ? "high" : "medium",
        userId: user.id,
        ...requestOrigin(c),
        resource: `/api/security/alerts/${id}`,
        metadata: { alertId: id, alertType: before.type, severity: before.severity, before: before.status, after: status },
      });
      return after!;
    });
    if (!updated) throw new NotFoundError("Security alert");
    return c.json(alertOut(updated), 200);
  })
  .openapi(routes.listViolations, async (c) => {
    admin(c);
    return c.json(await violationsSince(c.get("deps").db, c.req.valid("query").hours), 200);
  })
  .openapi(routes.listAudit, async (c) => {
    admin(c);
    return c.json({ events: await listAuditEvents(c.get("deps").db, c.req.valid("query")) }, 200);
  });
