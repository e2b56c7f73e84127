import { createRouter } from "../../lib/context";
import { getSharedRoute } from "../../services/routes";
import * as routes from "./shared-routes.routes";

export const sharedRoutesRouter = createRouter().openapi(routes.getSharedRoute, async (c) => {
  c.header("cache-control", "no-store");
  c.header("x-robots-tag", "noindex");
  return c.json(await getSharedRoute(c.get("deps").db, c.req.valid("param").token), 200);
});
