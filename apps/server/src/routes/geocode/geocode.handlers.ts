import { GeoError, ProviderBusyError, type GeocodeResult, type Geocoder } from "@routepilot/geo";
import type { GeocodeQuery } from "@routepilot/contracts";
import { createRouter, requireUser } from "../../lib/context";
import { AppError, ServiceBusyError } from "../../lib/errors";
import { rateLimit } from "../../middleware/rate-limit";
import * as routes from "./geocode.routes";

function present(r: GeocodeResult) {
  return { label: r.label, lat: r.lat, lng: r.lng, provider: r.provider, kind: r.kind, attribution: r.attribution };
}

async function search(geocoder: Geocoder, query: GeocodeQuery) {
  const near = query.near ? (([lat, lng]) => ({ lat: lat as number, lng: lng as number }))(query.near.split(",").map(Number)) : undefined;
  try {
    return { results: (await geocoder.search(query.q, { near, limit: query.limit ?? 5 })).map(present) };
  } catch (error) {
    if (error instanceof ProviderBusyError) throw new ServiceBusyError("The address search is busy right now. Please try again in a minute.", 60);
    if (error instanceof GeoError) throw new AppError(503, "SERVICE_UNAVAILABLE", "The address search is unavailable right now. Please try again.");
    throw error;
  }
}

export const geocodeRouter = createRouter();
// SPEC §9 api_general, per signed-in user (the session is checked before this runs).
geocodeRouter.use("/api/geocode", rateLimit((deps) => deps.limiters.apiGeneral));
geocodeRouter.use("/api/geocode/*", rateLimit((deps) => deps.limiters.apiGeneral));
geocodeRouter
  .openapi(routes.autocomplete, async (c) => {
    requireUser(c);
    return c.json(await search((await c.get("deps").geo.get()).autocomplete, c.req.valid("query")), 200);
  })
  .openapi(routes.geocode, async (c) => {
    requireUser(c);
    return c.json(await search((await c.get("deps").geo.get()).geocoder, c.req.valid("query")), 200);
  });
