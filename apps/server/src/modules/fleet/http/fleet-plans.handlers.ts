import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import * as service from "../plans";
import * as r from "./fleet-plans.endpoints";

const deps = (c: AppContext) => c.get("deps");

/** Fleet plans of a team (issue 11): create, read, edit, variants, compare, dispatch. */
export const fleetPlansRouter = createRouter()
  .openapi(r.createPlan, async (c) => c.json(await service.createPlan(deps(c), requireUser(c), c.req.valid("param").teamId, c.req.valid("json")), 202))
  .openapi(r.listPlans, async (c) => c.json(await service.listPlans(deps(c), requireUser(c), c.req.valid("param").teamId, c.req.valid("query").date), 200))
  .openapi(r.getPlan, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.getPlan(deps(c), requireUser(c), teamId, planId), 200);
  })
  .openapi(r.listPlanVariants, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.listPlanVariants(deps(c), requireUser(c), teamId, planId), 200);
  })
  .openapi(r.movePlanStop, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.movePlanStop(deps(c), requireUser(c), teamId, planId, c.req.valid("json")), 200);
  })
  .openapi(r.putPlanLocks, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.putPlanLocks(deps(c), requireUser(c), teamId, planId, c.req.valid("json").locks), 200);
  })
  .openapi(r.replan, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.replan(deps(c), requireUser(c), teamId, planId), 202);
  })
  .openapi(r.createVariant, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.createVariant(deps(c), requireUser(c), teamId, planId, c.req.valid("json")), 202);
  })
  .openapi(r.comparePlans, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    const others = (c.req.valid("query").with ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    return c.json(await service.comparePlans(deps(c), requireUser(c), teamId, planId, others), 200);
  })
  .openapi(r.dispatchPlan, async (c) => {
    const { teamId, planId } = c.req.valid("param");
    return c.json(await service.dispatchPlan(deps(c), requireUser(c), teamId, planId, c.req.valid("json")), 200);
  });
