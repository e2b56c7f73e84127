import { createRouter, requireUser } from "../../../lib/context";
import * as service from "..";
import { callerWithOrigin } from "../../../lib/request-origin";
import * as routes from "./invitations.endpoints";

export const invitationsRouter = createRouter()
  .openapi(routes.listMyInvitations, async (c) => {
    const user = requireUser(c);
    return c.json({ invitations: await service.listMyInvitations(c.get("deps").db, user.email) }, 200);
  })
  .openapi(routes.getInvitation, async (c) => {
    return c.json(await service.invitationDetails(c.get("deps").db, c.req.valid("param").token, c.get("user")), 200);
  })
  .openapi(routes.acceptInvitation, async (c) => {
    const user = callerWithOrigin(c);
    return c.json(await service.acceptInvitation(c.get("deps"), user, c.req.valid("param").token), 200);
  })
  .openapi(routes.declineInvitation, async (c) => {
    const user = callerWithOrigin(c);
    await service.declineInvitation(c.get("deps"), user, c.req.valid("param").token);
    return c.body(null, 204);
  });
