import { APIError } from "better-auth/api";
import { accountRoleOf, adminMessages } from "@routepilot/contracts";
import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { requestOrigin } from "../../../lib/request-origin";
import { ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors";
import {
  auditAdminAction,
  changePlan,
  findUser,
  listOverageCharges,
  listUsers,
  nextRoleField,
  requireAdmin,
  requireMayDeleteAccount,
  requireSuperAdmin,
  resetUsage,
  type AdminActor,
} from "../admin";
import { deleteAccount } from "../../accounts/account-deletion";
import * as routes from "./admin.endpoints";

/** The signed-in administrator (403 for anyone else), with what the audit row records about the request. */
function adminActor(c: AppContext, guard: (u: { role: string }) => void = requireAdmin): AdminActor {
  const user = requireUser(c);
  guard(user);
  return {
    id: user.id,
    email: user.email,
    role: user.role,
    ...requestOrigin(c),
  };
}

/** Runs a Better Auth admin-plugin call, turning its refusals into our typed errors. */
async function viaAdminPlugin<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    if (error.statusCode === 404) throw new NotFoundError("User");
    if (error.statusCode === 403 || error.statusCode === 401) throw new ForbiddenError(error.message || undefined);
    if (error.statusCode === 400) throw new ValidationError(error.message);
    throw error;
  }
}

export const adminRouter = createRouter()
  .openapi(routes.listUsers, async (c) => {
    adminActor(c);
    return c.json(await listUsers(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(routes.changePlan, async (c) => {
    const actor = adminActor(c);
    const { db, logger } = c.get("deps");
    return c.json(await changePlan(db, logger, actor, c.req.valid("param").id, c.req.valid("json").tier), 200);
  })
  .openapi(routes.banUser, async (c) => {
    const actor = adminActor(c);
    const { db, logger, auth } = c.get("deps");
    const target = await findUser(db, c.req.valid("param").id);
    if (target.id === actor.id) throw new ValidationError(adminMessages.selfBan);
    // The body is optional: without a JSON body there is no reason.
    const reason = (c.req.valid("json") as { reason?: string } | undefined)?.reason || undefined;
    await viaAdminPlugin(() => auth.api.banUser({ body: { userId: target.id, ...(reason ? { banReason: reason } : {}) }, headers: c.req.raw.headers }));
    await auditAdminAction(db, logger, actor, {
      eventType: "ban",
      targetId: target.id,
      resource: `/api/admin/users/${target.id}/ban`,
      before: { banned: target.banned ?? false },
      after: { banned: true, reason: reason ?? null },
    });
    return c.json({ id: target.id, role: target.role, banned: true }, 200);
  })
  .openapi(routes.unbanUser, async (c) => {
    const actor = adminActor(c);
    const { db, logger, auth } = c.get("deps");
    const target = await findUser(db, c.req.valid("param").id);
    await viaAdminPlugin(() => auth.api.unbanUser({ body: { userId: target.id }, headers: c.req.raw.headers }));
    await auditAdminAction(db, logger, actor, {
      eventType: "unban",
      targetId: target.id,
      resource: `/api/admin/users/${target.id}/unban`,
      before: { banned: target.banned ?? false, reason: target.banReason },
      after: { banned: false },
    });
    return c.json({ id: target.id, role: target.role, banned: false }, 200);
  })
  .openapi(routes.resetUsage, async (c) => {
    const actor = adminActor(c);
    const { db, logger } = c.get("deps");
    return c.json(await resetUsage(db, logger, actor, c.req.valid("param").id), 200);
  })
  .openapi(routes.listOverageCharges, async (c) => {
    adminActor(c);
    const charges = await listOverageCharges(c.get("deps").db, c.req.valid("param").id, c.req.valid("query").limit);
    return c.json({ charges }, 200);
  })
  .openapi(routes.changeRole, async (c) => {
    const actor = adminActor(c, requireSuperAdmin);
    const { db, logger, auth } = c.get("deps");
    const target = await findUser(db, c.req.valid("param").id);
    const { role } = c.req.valid("json");
    const next = await nextRoleField(db, target, role);
    await viaAdminPlugin(() => auth.api.setRole({ body: { userId: target.id, role: next as never }, headers: c.req.raw.headers }));
    const after = await findUser(db, target.id);
    await auditAdminAction(db, logger, actor, {
      eventType: "role_change",
      targetId: target.id,
      resource: `/api/admin/users/${target.id}/role`,
      before: accountRoleOf(target.role),
      after: role,
      extra: { roleFieldBefore: target.role, roleFieldAfter: after.role },
    });
    return c.json({ id: target.id, role: after.role, banned: after.banned ?? false }, 200);
  })
  .openapi(routes.deleteUser, async (c) => {
    const actor = adminActor(c);
    const deps = c.get("deps");
    const { id } = c.req.valid("param");
    // Who may delete whom is checked on the target row the deletion locks, inside its transaction.
    await deleteAccount(deps, { userId: id, sessionId: actor.sessionId, userAgent: actor.userAgent, ipAddress: actor.ipAddress }, {
      actor: { id: actor.id, email: actor.email, role: actor.role },
      authorize: (target) => requireMayDeleteAccount(actor, target),
    });
    deps.logger.info({ event: "account_deletion", actorId: actor.id }, "account deleted by an administrator");
    return c.body(null, 204);
  });
