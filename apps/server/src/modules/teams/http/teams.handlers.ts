import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { callerWithOrigin } from "../../../lib/request-origin";
import * as service from "..";
import * as routes from "./teams.endpoints";

const deps = (c: AppContext) => c.get("deps");

export const teamsRouter = createRouter()
  .openapi(routes.createTeam, async (c) => {
    const user = requireUser(c);
    return c.json(await service.createTeam(deps(c), user, c.req.valid("json")), 201);
  })
  .openapi(routes.listTeams, async (c) => {
    const user = requireUser(c);
    return c.json({ teams: await service.listTeams(deps(c).db, user.id) }, 200);
  })
  .openapi(routes.getTeam, async (c) => {
    const user = requireUser(c);
    return c.json(await service.getTeam(deps(c).db, user.id, c.req.valid("param").id), 200);
  })
  .openapi(routes.updateMember, async (c) => {
    const user = callerWithOrigin(c);
    const { id, userId } = c.req.valid("param");
    return c.json(await service.updateMember(deps(c), user, id, userId, c.req.valid("json")), 200);
  })
  .openapi(routes.removeMember, async (c) => {
    const user = callerWithOrigin(c);
    const { id, userId } = c.req.valid("param");
    await service.removeMember(deps(c), user, id, userId);
    return c.body(null, 204);
  })
  .openapi(routes.transferTeam, async (c) => {
    const user = callerWithOrigin(c);
    return c.json(await service.transferOwnership(deps(c), user, c.req.valid("param").id, c.req.valid("json").userId), 200);
  })
  .openapi(routes.createInvitation, async (c) => {
    // The request's language: the invitation's e-mail is in it when neither invitee nor inviter has a language preference.
    const user = { ...callerWithOrigin(c), acceptLanguage: c.req.header("accept-language") };
    return c.json(await service.createInvitation(deps(c), user, c.req.valid("param").id, c.req.valid("json")), 201);
  })
  .openapi(routes.resendInvitation, async (c) => {
    const user = { ...callerWithOrigin(c), acceptLanguage: c.req.header("accept-language") };
    const { id, invitationId } = c.req.valid("param");
    return c.json(await service.resendInvitation(deps(c), user, id, invitationId), 200);
  })
  .openapi(routes.revokeInvitation, async (c) => {
    const user = callerWithOrigin(c);
    const { id, invitationId } = c.req.valid("param");
    await service.revokeInvitation(deps(c), user, id, invitationId);
    return c.body(null, 204);
  });
