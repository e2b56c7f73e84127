import type { GeocodeResult, Geocoder } from "@routepilot/geo";
import type { GeocodeBatchRequest, GeocodeQuery } from "@routepilot/contracts";
import { createRouter, requireUser } from "../../../lib/context";
import { rateLimit } from "../../../http/rate-limit";
import { guarded } from "../geocoder-errors";
import * as routes from "./geocode.endpoints";

function present(r: GeocodeResult) {
  return { label: r.label, lat: r.lat, lng: r.lng, provider: r.provider, kind: r.kind, match: r.match, attribution: r.attribution };
}

const parseNear = (near: string | undefined) => (near ? (([lat, lng]) => ({ lat: lat as number, lng: lng as number }))(near.split(",").map(Number)) : undefined);

async function search(geocoder: Geocoder, query: GeocodeQuery) {
  const near = parseNear(query.near);
  return guarded(async () => ({ results: (await geocoder.search(query.q, { near, limit: query.limit ?? 5 })).map(present) }));
}

/** The best match for each query, in order; one request however many addresses (SPEC §9 counts it once). */
async function searchBatch(geocoder: Geocoder, body: GeocodeBatchRequest) {
  const near = parseNear(body.near);
  return guarded(async () => {
    const results: (ReturnType<typeof present> | null)[] = [];
    // One at a time: the offline geocoders answer in microseconds, and a rate-limited HTTP
    // geocoder must not be handed 100 requests at once.
    for (const q of body.queries) {
      const [best] = await geocoder.search(q, { near, limit: 1 });
      results.push(best ? present(best) : null);
    }
    return { results };
  });
}

export const geocodeRouter = createRouter();
// SPEC §9 api_general, per signed-in user (the session is checked before this runs).
// One pattern: Hono's "/api/geocode/*" matches /api/geocode itself too (two would count it twice).
geocodeRouter.use("/api/geocode/*", rateLimit((deps) => deps.limiters.apiGeneral));
geocodeRouter
  .openapi(routes.autocomplete, async (c) => {
    requireUser(c);
    return c.json(await search((await c.get("deps").geo.get()).autocomplete, c.req.valid("query")), 200);
  })
  .openapi(routes.geocode, async (c) => {
    requireUser(c);
    return c.json(await search((await c.get("deps").geo.get()).geocoder, c.req.valid("query")), 200);
  })
  .openapi(routes.geocodeBatch, async (c) => {
    requireUser(c);
    return c.json(await searchBatch((await c.get("deps").geo.get()).geocoder, c.req.valid("json")), 200);
  });
