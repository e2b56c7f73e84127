import { createRouter, requireUser } from "../../../lib/context";
import * as service from "../preferences";
import * as routes from "./preferences.endpoints";

export const preferencesRouter = createRouter()
  .openapi(routes.getPreferences, async (c) => {
    const user = requireUser(c);
    return c.json(await service.getPreferences(c.get("deps").db, user.id), 200);
  })
  .openapi(routes.patchPreferences, async (c) => {
    const user = requireUser(c);
    const patch = c.req.valid("json");
    return c.json(await service.updatePreferences(c.get("deps").db, user.id, patch), 200);
  });
