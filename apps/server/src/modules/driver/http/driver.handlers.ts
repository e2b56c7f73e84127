import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { recordStopEvent } from "../events";
import { recordPositions } from "../positions";
import { openProof, submitProof } from "../proof";
import { driverRoutes, nextDriverRoutes } from "../read";
import * as r from "./driver.endpoints";

const deps = (c: AppContext) => c.get("deps");

/** The driver app's API (issue 12): the caller's own routes and stops only. */
export const driverRouter = createRouter()
  .openapi(r.getDriverRoutes, async (c) => c.json(await driverRoutes(deps(c), requireUser(c), c.req.valid("query").date), 200))
  .openapi(r.getNextDriverRoutes, async (c) => c.json(await nextDriverRoutes(deps(c), requireUser(c), c.req.valid("query").from), 200))
  .openapi(r.postStopEvent, async (c) => c.json(await recordStopEvent(deps(c), requireUser(c), c.req.valid("param").stopId, c.req.valid("json")), 200))
  .openapi(r.postProof, async (c) => {
    const user = requireUser(c);
    const body = await c.req.parseBody({ all: true });
    return c.json(await submitProof(deps(c), user, c.req.valid("param").stopId, body), 200);
  })
  .openapi(r.getProofFile, async (c) => {
    const file = await openProof(deps(c), requireUser(c), c.req.valid("param").id);
    return new Response(file.body, {
      status: 200,
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `inline; filename="${file.name}"`,
        "X-Content-Type-Options": "nosniff",
        "Cache-Control": "private, max-age=3600",
      },
    }) as never;
  })
  .openapi(r.postPositions, async (c) => c.json(await recordPositions(deps(c), requireUser(c), c.req.valid("json")), 200));
