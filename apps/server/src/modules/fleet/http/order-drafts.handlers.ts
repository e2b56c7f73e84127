import { createRouter, fieldsFromIssues, requireUser, type AppContext } from "../../../lib/context";
import { NotFoundError, ValidationError } from "../../../lib/errors";
import * as service from "../order-drafts";
import * as r from "./order-drafts.endpoints";

const deps = (c: AppContext) => c.get("deps");

/**
 * Request validation for the draft routes: a malformed date is the caller's input (400 naming
 * `date`), unlike the router's default where a bad path parameter is an id that names nothing (404);
 * a malformed team id still is (404, as on every fleet route).
 */
function draftHook(result: { success: boolean; target: string; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }): undefined {
  if (result.success) return undefined;
  const fields = fieldsFromIssues(result.error?.issues ?? []);
  if (result.target === "param" && fields.teamId) throw new NotFoundError();
  throw new ValidationError(Object.values(fields)[0] ?? "Invalid request", fields);
}

/** A day's order drafts of a team (issue 25): read and replace, for the team's managers. */
export const orderDraftsRouter = createRouter()
  .openapi(
    r.getOrderDraft,
    async (c) => {
      const { teamId, date } = c.req.valid("param");
      return c.json(await service.getOrderDraft(deps(c), requireUser(c), teamId, date), 200);
    },
    draftHook,
  )
  .openapi(
    r.putOrderDraft,
    async (c) => {
      const { teamId, date } = c.req.valid("param");
      return c.json(await service.putOrderDraft(deps(c), requireUser(c), teamId, date, c.req.valid("json")), 200);
    },
    draftHook,
  );
