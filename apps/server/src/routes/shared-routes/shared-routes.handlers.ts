import { createRouter } from "../../lib/context";
import { exportFileName, routeToCsv, routeToGpx } from "../../services/route-export";
import { getSharedRoute } from "../../services/routes";
import * as routes from "./shared-routes.routes";

export const sharedRoutesRouter = createRouter()
  .openapi(routes.getSharedRoute, async (c) => {
    c.header("cache-control", "no-store");
    c.header("x-robots-tag", "noindex");
    return c.json(await getSharedRoute(c.get("deps").db, c.req.valid("param").token), 200);
  })
  .openapi(routes.exportSharedRoute, async (c) => {
    // The same rules as the page: a revoked, expired or unknown link answers 404.
    const route = await getSharedRoute(c.get("deps").db, c.req.valid("param").token);
    return c.body(routeToGpx(route), 200, {
      "content-type": "application/gpx+xml; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(route, "gpx")}"`,
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    });
  })
  .openapi(routes.exportSharedRouteCsv, async (c) => {
    // The planner's CSV (routeToCsv) of what the share shows: a shared route carries no notes.
    const route = await getSharedRoute(c.get("deps").db, c.req.valid("param").token);
    return c.body(routeToCsv(route), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${exportFileName(route, "csv")}"`,
      "cache-control": "no-store",
      "x-robots-tag": "noindex",
    });
  });
