import { createRouter, requireUser } from "../../../lib/context";
import { rateLimit } from "../../../http/rate-limit";
import { guarded } from "../../maps/geocoder-errors";
import { loadPlaceContext, resolvePlaces } from "../../maps/place-resolution";
import * as routes from "./route-review.endpoints";

export const routeReviewRouter = createRouter();
// One request resolves a whole route: it counts once against SPEC §9 api_general, like a geocode batch.
routeReviewRouter.use("/api/routes/resolve", rateLimit((deps) => deps.limiters.apiGeneral));
routeReviewRouter.openapi(routes.resolveRoute, async (c) => {
  const user = requireUser(c);
  const deps = c.get("deps");
  const input = c.req.valid("json");
  const context = await loadPlaceContext(deps.db, user.id, input.region);
  const geo = await deps.geo.get();
  return c.json(await guarded(() => resolvePlaces(geo, input, context)), 200);
});
