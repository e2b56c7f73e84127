import { createRouter, requireUser } from "../../../lib/context";
import { requestOrigin } from "../../../lib/request-origin";
import * as service from "../api-keys";
import * as routes from "./api-keys.endpoints";

export const apiKeysRouter = createRouter()
  .openapi(routes.listApiKeys, async (c) => {
    const user = requireUser(c);
    return c.json({ keys: await service.listApiKeys(c.get("deps").db, user.id) }, 200);
  })
  .openapi(routes.createApiKey, async (c) => {
    const user = requireUser(c);
    return c.json(await service.createApiKey(c.get("deps"), user.id, c.req.valid("json"), requestOrigin(c)), 201);
  })
  .openapi(routes.revokeApiKey, async (c) => {
    const user = requireUser(c);
    await service.revokeApiKey(c.get("deps"), user.id, c.req.valid("param").id, requestOrigin(c));
    return c.body(null, 204);
  });
