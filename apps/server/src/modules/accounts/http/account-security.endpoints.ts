import { createRoute, z } from "@hono/zod-openapi";
import {
  accountExportSchema,
  deleteAccountBodySchema,
  reauthenticateBodySchema,
  reauthenticateResultSchema,
  revokeOthersResultSchema,
  securityEventsPageSchema,
  securityEventsQuerySchema,
  securitySessionsSchema,
} from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const SessionParam = z.object({ id: z.string().min(1).max(200).openapi({ param: { name: "id", in: "path" } }) });
const tags = ["Account security"];

export const listSessions = createRoute({
  method: "get",
  path: "/api/me/security/sessions",
  tags,
  summary: "The signed-in user's sessions (device, IP, created, last active; `current` is this one)",
  responses: { 200: json(securitySessionsSchema, "Sessions"), 401: authErrors[401] },
});

export const revokeSession = createRoute({
  method: "delete",
  path: "/api/me/security/sessions/{id}",
  tags,
  summary: "Sign one of the user's own sessions out",
  request: { params: SessionParam },
  responses: { 204: { description: "Signed out" }, 401: authErrors[401], 404: jsonError("No such session for this user") },
});

export const revokeOtherSessions = createRoute({
  method: "post",
  path: "/api/me/security/sessions/revoke-others",
  tags,
  summary: "Sign out every session of the user except this one",
  responses: { 200: json(revokeOthersResultSchema, "How many sessions were signed out"), 401: authErrors[401] },
});

export const listEvents = createRoute({
  method: "get",
  path: "/api/me/security/events",
  tags,
  summary: "The user's sign-in history (sign-ins, failures against their e-mail, sign-outs, password and two-factor events), newest first",
  request: { query: securityEventsQuerySchema },
  responses: { 200: json(securityEventsPageSchema, "One page; `nextBefore` is the cursor of the next"), 400: authErrors[400], 401: authErrors[401], 404: jsonError("`before` names no event of this user") },
});

export const reauthenticate = createRoute({
  method: "post",
  path: "/api/me/security/reauthenticate",
  tags,
  summary: "Confirm the password (and the authenticator code when two-factor is on) before exporting or deleting the account",
  request: { body: { content: { "application/json": { schema: reauthenticateBodySchema } }, required: true } },
  responses: { 200: json(reauthenticateResultSchema, "Confirmed until `validUntil`"), ...authErrors, 429: jsonError("Too many wrong codes") },
});

export const exportAccount = createRoute({
  method: "get",
  path: "/api/me/export",
  tags,
  summary: "Download my data: profile, preferences, saved locations, routes with stops, usage and team memberships (JSON)",
  responses: { 200: json(accountExportSchema, "The export (an attachment)"), 401: authErrors[401], 403: jsonError("The password was not confirmed in the last 10 minutes") },
});

export const deleteAccount = createRoute({
  method: "delete",
  path: "/api/me",
  tags,
  summary: "Delete the account and everything it owns (after a password confirmation; refused while the user owns a team)",
  request: { body: { content: { "application/json": { schema: deleteAccountBodySchema } }, required: true } },
  responses: {
    204: { description: "Deleted; the session is gone" },
    ...authErrors,
    403: jsonError("The password was not confirmed in the last 10 minutes"),
    409: jsonError("The user owns a team: transfer its ownership or delete it first"),
  },
});
