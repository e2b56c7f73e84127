import { createRoute } from "@hono/zod-openapi";
import { optimizeRouteRequestSchema, resolveRouteResponseSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError, rateLimited } from "../../../lib/openapi";

export const resolveRoute = createRoute({
  method: "post",
  path: "/api/routes/resolve",
  tags: ["Routes"],
  summary: "Resolve every place of a route before optimising (no quota used, nothing stored)",
  description:
    "Same body as `POST /api/routes/optimize`. Each place comes back with its label, coordinates, match quality (`exact`, `street`, `place`, `coordinates`, `approximate`), provider, up to 3 other candidates and an `outlier` flag with the reason when it lies far from the others (over 5× the median spread) or in another country. Addresses are chosen near the route's other places, the user's saved locations and recent places, and `region`. Send optimise with the chosen coordinates and `confirmed: true` on flagged places; optimise refuses unconfirmed outliers with 409.",
  request: { body: { content: { "application/json": { schema: optimizeRouteRequestSchema } }, required: true } },
  responses: {
    200: json(resolveRouteResponseSchema, "Every place, in the order start, end, stops"),
    ...authErrors,
    429: rateLimited("More than 60 searches a minute (SPEC §9 api_general); blocked 2 minutes, see Retry-After"),
    503: jsonError("The geocoder is unavailable or too busy; see Retry-After"),
  },
});
