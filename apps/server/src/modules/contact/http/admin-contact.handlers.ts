import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { requireAdmin } from "../../admin/admin";
import { requestOrigin } from "../../../lib/request-origin";
import { listContactMessages, openContactMessage, replyToContactMessage, updateContactMessage, type InboxActor } from "../contact-inbox";
import * as routes from "./admin-contact.endpoints";

/** The signed-in administrator (401 signed out, 403 for anyone else), with the request's origin for audit rows. */
function inboxActor(c: AppContext): InboxActor {
  const user = requireUser(c);
  requireAdmin(user);
  return { id: user.id, name: user.name, email: user.email, ...requestOrigin(c) };
}

/** The admin console's contact inbox (decision 024). */
export const adminContactRouter = createRouter()
  .openapi(routes.listContactMessages, async (c) => {
    inboxActor(c);
    return c.json(await listContactMessages(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(routes.getContactMessage, async (c) => {
    const actor = inboxActor(c);
    return c.json(await openContactMessage(c.get("deps").db, c.req.valid("param").id, actor.id), 200);
  })
  .openapi(routes.patchContactMessage, async (c) => {
    const actor = inboxActor(c);
    const { db, logger } = c.get("deps");
    return c.json(await updateContactMessage(db, logger, actor, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(routes.replyToContactMessage, async (c) => {
    const actor = inboxActor(c);
    const deps = c.get("deps");
    return c.json(await replyToContactMessage(deps, actor, c.req.valid("param").id, c.req.valid("json").text), 201);
  });
