import { createRoute, z } from "@hono/zod-openapi";
import { isRealDate, orderDraftInputSchema, orderDraftMessages, orderDraftSchema } from "@routepilot/contracts";
import { authErrors, json } from "../../../lib/openapi";
import { body, fleetErrors, fleetTags as tags, TeamParam } from "../../../http/team-params";

/**
 * The day in the path (the contracts' draftDateSchema, built on this module's zod for its OpenAPI
 * metadata); a malformed one is a 400 with the date message (the handlers' hook), not a 404.
 */
export const DraftParam = TeamParam.extend({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: orderDraftMessages.date })
    .refine(isRealDate, { error: orderDraftMessages.date })
    .openapi({ param: { name: "date", in: "path" }, example: "2026-11-30", description: "The day, YYYY-MM-DD (a real calendar day)" }),
});
const errors = { ...authErrors, ...fleetErrors };

export const getOrderDraft = createRoute({
  method: "get",
  path: "/api/teams/{teamId}/order-drafts/{date}",
  tags,
  summary:
    "The orders typed or imported for a day, as the planner keeps them (managers). A day with nothing saved is 200 { orders: [], updatedAt: null }; 400 for a date that is not YYYY-MM-DD or not a real day",
  request: { params: DraftParam },
  responses: { 200: json(orderDraftSchema, "The day's draft rows"), ...errors },
});

export const putOrderDraft = createRoute({
  method: "put",
  path: "/api/teams/{teamId}/order-drafts/{date}",
  tags,
  summary:
    "Replace the day's draft rows (managers; saved as they are typed; at most 10,000). Rows need not be plannable yet; customers' contacts and the rows' problems are stored sealed. { orders: [] } clears the day. 400 names the field (orders.3.order.label)",
  request: { params: DraftParam, ...body(orderDraftInputSchema) },
  responses: { 200: json(orderDraftSchema, "The day's draft rows as saved"), ...errors },
});
