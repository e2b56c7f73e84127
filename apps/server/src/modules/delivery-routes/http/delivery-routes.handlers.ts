import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { billOverageCharge } from "../../billing/billing";
import { TeamEvents } from "../../teams/events";
import { rateLimit } from "../../../http/rate-limit";
import { exportFileName, routeToCsv, routeToGpx } from "../route-export";
import { writeAuditEvent } from "../../security/audit";
import { requestOrigin } from "../../../lib/request-origin";
import * as service from "..";
import * as routes from "./delivery-routes.endpoints";

async function planningDeps(c: AppContext) {
  const deps = c.get("deps");
  return { geo: await deps.geo.get(), solver: deps.solver, logger: deps.logger, solverTimeLimitMs: deps.env.SOLVER_TIME_LIMIT_MS };
}

const optimizationLimit = rateLimit((deps) => deps.limiters.routeOptimization);

export const routesRouter = createRouter();
routesRouter.use("/api/routes/optimize", optimizationLimit);
routesRouter.use("/api/routes/:id/reoptimize", optimizationLimit);
routesRouter.use("/api/routes/:id/stops", optimizationLimit);
routesRouter.use("/api/routes/:id/stops/*", optimizationLimit);

routesRouter
  .openapi(routes.optimizeRoute, async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    const ctx = {
      ...(await planningDeps(c)),
      mailer: deps.mailer,
      baseUrl: deps.baseUrl,
      realtime: deps.realtime,
      billOverage: (userId: string, chargeId: string) => billOverageCharge(deps, userId, chargeId),
      teamUsageChanged: async (teamId: string, userId: string) => {
        const events = new TeamEvents();
        await events.teamChanged(deps.db, teamId, "usage", userId);
        await events.flush(deps.realtime, deps.logger);
      },
    };
    return c.json(await service.optimizeRoute(deps.db, ctx, user, c.req.valid("json")), 200);
  })
  .openapi(routes.listRoutes, async (c) => {
    const user = requireUser(c);
    return c.json(await service.listRoutes(c.get("deps").db, user.id, c.req.valid("query")), 200);
  })
  .openapi(routes.getRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await service.getRoute(c.get("deps").db, user.id, c.req.valid("param").id), 200);
  })
  .openapi(routes.updateRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await service.updateRoute(c.get("deps").db, user.id, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(routes.deleteRoute, async (c) => {
    const user = requireUser(c);
    await service.deleteRoute(c.get("deps").db, user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.duplicateRoute, async (c) => {
    const user = requireUser(c);
    return c.json(await service.duplicateRoute(c.get("deps").db, user.id, c.req.valid("param").id), 201);
  })
  .openapi(routes.reoptimizeRoute, async (c) => {
    const user = requireUser(c);
    const input = c.req.header("content-type")?.includes("json") ? c.req.valid("json") : {};
    return c.json(await service.reoptimizeRoute(c.get("deps").db, await planningDeps(c), user.id, c.req.valid("param").id, input ?? {}), 200);
  })
  .openapi(routes.addRouteStops, async (c) => {
    const user = requireUser(c);
    return c.json(await service.addRouteStops(c.get("deps").db, await planningDeps(c), user.id, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(routes.removeRouteStop, async (c) => {
    const user = requireUser(c);
    const { id, stopId } = c.req.valid("param");
    return c.json(await service.removeRouteStop(c.get("deps").db, await planningDeps(c), user.id, id, stopId), 200);
  })
  .openapi(routes.shareRoute, async (c) => {
    const user = requireUser(c);
    const deps = c.get("deps");
    return c.json(await service.shareRoute(deps.db, user.id, c.req.valid("param").id, deps.baseUrl), 200);
  })
  .openapi(routes.unshareRoute, async (c) => {
    const user = requireUser(c);
    await service.unshareRoute(c.get("deps").db, user.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(routes.exportRoute, async (c) => {
    const user = requireUser(c);
    const route = await service.getRoute(c.get("deps").db, user.id, c.req.valid("param").id);
    const { format } = c.req.valid("query");
    const file = format === "csv" ? routeToCsv(route) : routeToGpx(route);
    const { db, logger } = c.get("deps");
    await writeAuditEvent(db, logger, {
      eventType: "data_export",
      action: `export ${format}`,
      outcome: "success",
      userId: user.id,
      ...requestOrigin(c),
      resource: `/api/routes/${route.id}/export`,
      metadata: { routeId: route.id, format },
    });
    const type = format === "csv" ? "text/csv; charset=utf-8" : "application/gpx+xml; charset=utf-8";
    return c.body(file, 200, { "content-type": type, "content-disposition": `attachment; filename="${exportFileName(route, format)}"` });
  });
