import { createRouter, requireUser } from "../../../lib/context";
import { getMe, getPlanSummary } from "../accounts";
import * as routes from "./me.endpoints";

export const meRouter = createRouter()
  .openapi(routes.getMe, async (c) => {
    const user = requireUser(c);
    return c.json(await getMe(c.get("deps").db, user.id), 200);
  })
  .openapi(routes.getPlan, async (c) => {
    const user = requireUser(c);
    return c.json(await getPlanSummary(c.get("deps").db, user.id, user.email), 200);
  });
