import { createRoute, z } from "@hono/zod-openapi";
import { contactRequestSchema } from "@routepilot/contracts";
import { authErrors, json, rateLimited } from "../../../lib/openapi";

export const postContact = createRoute({
  method: "post",
  path: "/api/contact",
  tags: ["Public"],
  summary: "Send a message to the RoutePilot team (signed in or not): stored for the admin inbox, a copy e-mailed to the sender and, when SUPPORT_EMAIL is set, to that address",
  request: { body: { content: { "application/json": { schema: contactRequestSchema } }, required: true } },
  responses: {
    201: json(z.object({ id: z.string() }), "Message received"),
    400: authErrors[400],
    413: authErrors[413],
    429: rateLimited("More than 3 messages a minute from this address (SPEC §9 contact_form); blocked 15 minutes, see Retry-After"),
  },
});
