import { accountSecurityMessages } from "@routepilot/contracts";
import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { requestOrigin } from "../../../lib/request-origin";
import { UnauthenticatedError } from "../../../lib/errors";
import { writeAuditEvent } from "../../security/audit";
import { deleteAccount } from "../account-deletion";
import { exportAccount } from "../account-security/account-data";
import { clearReauth, reauthenticate, requireRecentReauth } from "../account-security/reauth";
import { listSecurityEvents, listSessions, revokeOtherSessions, revokeSession } from "../account-security/sessions";
import * as routes from "./account-security.endpoints";

function caller(c: AppContext) {
  const user = requireUser(c);
  const sessionId = c.get("sessionId");
  if (!sessionId) throw new UnauthenticatedError();
  return { user, ...requestOrigin(c), sessionId };
}

function audit(c: AppContext, who: ReturnType<typeof caller>, event: Pick<Parameters<typeof writeAuditEvent>[2], "eventType" | "action" | "outcome" | "resource" | "metadata">) {
  const { db, logger } = c.get("deps");
  return writeAuditEvent(db, logger, { ...event, userId: who.user.id, sessionId: who.sessionId, userAgent: who.userAgent, ipAddress: who.ipAddress });
}

export const accountSecurityRouter = createRouter()
  .openapi(routes.listSessions, async (c) => {
    const who = caller(c);
    return c.json({ sessions: await listSessions(c.get("deps").db, who.user.id, who.sessionId) }, 200);
  })
  .openapi(routes.revokeSession, async (c) => {
    const who = caller(c);
    const { id } = c.req.valid("param");
    await revokeSession(c.get("deps").db, who.user.id, id);
    await audit(c, who, { eventType: "session_revoke", action: "revoke", outcome: "success", resource: "/api/me/security/sessions/{id}", metadata: { revokedSessionId: id, current: id === who.sessionId } });
    return c.body(null, 204);
  })
  .openapi(routes.revokeOtherSessions, async (c) => {
    const who = caller(c);
    const revoked = await revokeOtherSessions(c.get("deps").db, who.user.id, who.sessionId);
    await audit(c, who, { eventType: "session_revoke", action: "revoke all others", outcome: "success", resource: "/api/me/security/sessions/revoke-others", metadata: { revoked } });
    return c.json({ revoked }, 200);
  })
  .openapi(routes.listEvents, async (c) => {
    const who = caller(c);
    const query = c.req.valid("query");
    return c.json(await listSecurityEvents(c.get("deps").db, { userId: who.user.id, email: who.user.email }, query), 200);
  })
  .openapi(routes.reauthenticate, async (c) => {
    const who = caller(c);
    const { db, auth } = c.get("deps");
    const validUntil = await reauthenticate({ db, auth }, { userId: who.user.id, sessionId: who.sessionId, headers: c.req.raw.headers }, c.req.valid("json"));
    return c.json({ validUntil: validUntil.toISOString() }, 200);
  })
  .openapi(routes.exportAccount, async (c) => {
    const who = caller(c);
    const { db } = c.get("deps");
    await requireRecentReauth(db, { userId: who.user.id, sessionId: who.sessionId });
    const data = await exportAccount(c.get("deps"), who.user.id);
    await audit(c, who, { eventType: "data_export", action: "export my data", outcome: "success", resource: "/api/me/export" });
    const day = data.exportedAt.slice(0, 10);
    return c.json(data, 200, { "Content-Disposition": `attachment; filename="routepilot-data-${day}.json"`, "Cache-Control": "no-store" });
  })
  .openapi(routes.deleteAccount, async (c) => {
    const who = caller(c);
    const deps = c.get("deps");
    c.req.valid("json");
    await requireRecentReauth(deps.db, { userId: who.user.id, sessionId: who.sessionId });
    await deleteAccount(deps, { userId: who.user.id, userAgent: who.userAgent, ipAddress: who.ipAddress, sessionId: who.sessionId });
    await clearReauth(deps.db, who.sessionId);
    deps.logger.info({ event: "account_deletion" }, accountSecurityMessages.accountDeleted);
    return c.body(null, 204);
  });
