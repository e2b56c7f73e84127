import { createRoute, z } from "@hono/zod-openapi";
import { identitiesSchema, signInOptionsSchema } from "@routepilot/contracts";
import { authErrors, json, jsonError } from "../../../lib/openapi";

const tags = ["Auth"];
const IdentityParam = z.object({ id: z.string().min(1).max(200).openapi({ param: { name: "id", in: "path" } }) });

export const signInOptions = createRoute({
  method: "get",
  path: "/api/sign-in-options",
  tags,
  summary: "How one can sign in here: magic link and e-mail code (on or off) and the configured OAuth / OpenID Connect providers (public)",
  security: [],
  responses: { 200: json(signInOptionsSchema, "Sign-in options") },
});

export const listIdentities = createRoute({
  method: "get",
  path: "/api/me/identities",
  tags,
  summary: "The signed-in user's ways to sign in: the password (providerId credential) and each linked provider account (Better Auth listAccounts)",
  responses: { 200: json(identitiesSchema, "Sign-in methods"), 401: authErrors[401] },
});

export const unlinkIdentity = createRoute({
  method: "delete",
  path: "/api/me/identities/{id}",
  tags,
  summary: "Unlink one of the user's provider accounts (SPEC §7 DELETE user identities {id}; Better Auth unlinkAccount). Never the last way to sign in, never the password",
  request: { params: IdentityParam },
  responses: {
    204: { description: "Unlinked" },
    400: jsonError("The password cannot be removed here"),
    401: authErrors[401],
    403: jsonError("The session is older than a day: sign in again first"),
    404: jsonError("No such sign-in method for this user"),
    409: jsonError("It is the only way left to sign in"),
  },
});
