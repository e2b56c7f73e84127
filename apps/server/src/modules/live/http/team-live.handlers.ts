import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { teamPositions } from "../../driver/positions";
import { liveRoutes, nextLiveDay } from "../../driver/read";
import { insertUrgentOrder, moveLiveStop, resequenceRoute } from "../../driver/replan";
import * as r from "./team-live.endpoints";

const deps = (c: AppContext) => c.get("deps");

/** The manager's live operations (issue 12): the day's routes, drivers' positions, re-planning mid-route. */
export const teamLiveRouter = createRouter()
  .openapi(r.getLiveRoutes, async (c) => c.json(await liveRoutes(deps(c), requireUser(c), c.req.valid("param").teamId, c.req.valid("query").date), 200))
  .openapi(r.getNextLiveDay, async (c) => c.json(await nextLiveDay(deps(c), requireUser(c), c.req.valid("param").teamId, c.req.valid("query").from), 200))
  .openapi(r.getPositions, async (c) => c.json(await teamPositions(deps(c), requireUser(c), c.req.valid("param").teamId), 200))
  .openapi(r.resequence, async (c) => {
    const { teamId, routeId } = c.req.valid("param");
    return c.json(await resequenceRoute(deps(c), requireUser(c), teamId, routeId), 200);
  })
  .openapi(r.moveStop, async (c) => {
    const { teamId, routeId, stopId } = c.req.valid("param");
    return c.json(await moveLiveStop(deps(c), requireUser(c), teamId, routeId, stopId, c.req.valid("json")), 200);
  })
  .openapi(r.urgent, async (c) => c.json(await insertUrgentOrder(deps(c), requireUser(c), c.req.valid("param").teamId, c.req.valid("json")), 200));
