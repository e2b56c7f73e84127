import type { Context } from "hono";
import { createRouter, type AppEnv } from "../../../lib/context";
import { exportFileName, routeToCsv, routeToGpx } from "../route-export";
import { getSharedRoute } from "..";
import * as routes from "./shared-routes.endpoints";

export const sharedRoutesRouter = createRouter()
  .openapi(routes.getSharedRoute, async (c) => {
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex");
    return c.json(await getSharedRoute(c.get("deps").db, c.req.valid("param").token), 200);
  })
  // The same rules as the page: a revoked, expired or unknown link answers 404. The CSV is the
  // planner's (routeToCsv) of what the share shows: a shared route carries no notes.
  .openapi(routes.exportSharedRoute, async (c) => sharedFile(c, "gpx"))
  .openapi(routes.exportSharedRouteCsv, async (c) => sharedFile(c, "csv"));

const files = {
  gpx: { type: "application/gpx+xml; charset=utf-8", write: routeToGpx },
  csv: { type: "text/csv; charset=utf-8", write: routeToCsv },
} as const;

/** A shared route as a download, never cached or indexed. */
async function sharedFile(c: Context<AppEnv>, kind: keyof typeof files) {
  const route = await getSharedRoute(c.get("deps").db, c.req.param("token")!);
  return c.body(files[kind].write(route), 200, {
    "content-type": files[kind].type,
    "content-disposition": `attachment; filename="${exportFileName(route, kind)}"`,
    "cache-control": "no-store",
    "x-robots-tag": "noindex",
  });
}
