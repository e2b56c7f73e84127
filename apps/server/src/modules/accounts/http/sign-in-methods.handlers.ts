import { APIError } from "better-auth/api";
import { identityName, signInMethodMessages, type Identity, type SignInOptions } from "@routepilot/contracts";
import { createRouter, requireUser, type AppContext } from "../../../lib/context";
import { clientIp } from "../../../lib/client-ip";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../../../lib/errors";
import { CLIENT_IP_HEADER } from "../../../lib/request-origin";
import { signInProvidersFrom } from "../auth/sign-in-providers";
import * as routes from "./sign-in-methods.endpoints";

/** The request's headers for a Better Auth API call, with the client address its audit rows record. */
function authHeaders(c: AppContext): Headers {
  const headers = new Headers(c.req.raw.headers);
  headers.set(CLIENT_IP_HEADER, clientIp(c, c.get("deps").env.TRUST_PROXY));
  return headers;
}

/** The providers configured by the environment that Better Auth actually loaded (an OIDC issuer whose discovery failed at start-up is left out). */
async function loadedProviders(c: AppContext): Promise<SignInOptions["providers"]> {
  const { env, auth } = c.get("deps");
  const context = await auth.$context;
  const loaded = new Set(context.socialProviders.map((p) => p.id));
  return signInProvidersFrom(env).listed.filter((p) => loaded.has(p.id));
}

/** GET /api/sign-in-options, GET and DELETE /api/me/identities (issue 27). */
export const signInMethodsRouter = createRouter()
  .openapi(routes.signInOptions, async (c) => {
    const { env } = c.get("deps");
    const options: SignInOptions = {
      passwordless: { magicLink: env.PASSWORDLESS_SIGN_IN, emailCode: env.PASSWORDLESS_SIGN_IN },
      providers: await loadedProviders(c),
    };
    return c.json(options, 200, { "Cache-Control": "no-store" });
  })
  .openapi(routes.listIdentities, async (c) => {
    requireUser(c);
    const { auth } = c.get("deps");
    const [accounts, providers] = await Promise.all([auth.api.listUserAccounts({ headers: authHeaders(c) }), loadedProviders(c)]);
    const identities: Identity[] = accounts
      .map((a) => ({ id: a.id, providerId: a.providerId, name: identityName(a.providerId, providers), linkedAt: new Date(a.createdAt).toISOString() }))
      .sort((a, b) => (a.providerId === "credential" ? -1 : b.providerId === "credential" ? 1 : a.linkedAt.localeCompare(b.linkedAt)));
    return c.json({ identities }, 200);
  })
  .openapi(routes.unlinkIdentity, async (c) => {
    requireUser(c);
    const { id } = c.req.valid("param");
    const { auth } = c.get("deps");
    const headers = authHeaders(c);
    // Only the caller's own accounts are found: another user's id is simply not there (404).
    const accounts = await auth.api.listUserAccounts({ headers });
    const target = accounts.find((a) => a.id === id);
    if (!target) throw new NotFoundError("Sign-in method");
    if (target.providerId === "credential") throw new ValidationError("Your password cannot be removed here. Change it on this page instead.");
    try {
      await auth.api.unlinkAccount({ body: { accountId: target.id }, headers });
    } catch (error) {
      if (error instanceof APIError) {
        const code = String(error.body?.code ?? "");
        if (code === "FAILED_TO_UNLINK_LAST_ACCOUNT") throw new ConflictError(signInMethodMessages.lastMethod);
        if (code === "SESSION_NOT_FRESH") throw new ForbiddenError("For your safety, sign in again before removing a sign-in method.");
        if (code === "ACCOUNT_NOT_FOUND") throw new NotFoundError("Sign-in method");
      }
      throw error;
    }
    return c.body(null, 204);
  });
