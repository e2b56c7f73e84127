import { eq } from "drizzle-orm";
import type { SecurityAlert, UpdateSecurityAlert } from "@routepilot/contracts";
import { securityAlerts, type Database } from "@routepilot/db";
import { NotFoundError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { RequestOrigin } from "../../../lib/request-origin";
import { writeAuditEvent } from "../audit";
import { alertOut } from "./metrics";

/**
 * An administrator sets an alert's status (SPEC §4). The change and its audit row land together,
 * under a lock on the alert; resolving an already resolved alert keeps who resolved it and when.
 */
export async function updateAlertStatus(
  db: Database,
  logger: Logger,
  actor: { userId: string; origin: RequestOrigin },
  id: string,
  { status }: UpdateSecurityAlert,
  now: Date = new Date(),
): Promise<SecurityAlert> {
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(securityAlerts).where(eq(securityAlerts.id, id)).for("update");
    if (!before) return null;
    const resolved = status === "resolved";
    const keepResolution = resolved && before.status === "resolved";
    const [after] = await tx
      .update(securityAlerts)
      .set({
        status,
        updatedAt: now,
        resolvedAt: resolved ? (keepResolution ? before.resolvedAt : now) : null,
        resolvedBy: resolved ? (keepResolution ? before.resolvedBy : actor.userId) : null,
        autoResolved: keepResolution ? before.autoResolved : false,
      })
      .where(eq(securityAlerts.id, id))
      .returning();
    await writeAuditEvent(tx, logger, {
      eventType: "security_alert_status",
      action: resolved ? "resolve" : `set status ${status}`,
      outcome: "success",
      riskLevel: before.severity === "critical" ? "high" : "medium",
      userId: actor.userId,
      ...actor.origin,
      resource: `/api/security/alerts/${id}`,
      metadata: { alertId: id, alertType: before.type, severity: before.severity, before: before.status, after: status },
    });
    return after!;
  });
  if (!updated) throw new NotFoundError("Security alert");
  return alertOut(updated);
}
