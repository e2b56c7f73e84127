import type { MiddlewareHandler } from "hono";
import { publicApiMessages } from "@routepilot/contracts";
import type { AppEnv } from "../lib/context";
import { ApiKeyError } from "../lib/errors";
import { apiKeyOwner } from "../modules/accounts/api-keys";

/** The api-key plugin's error codes and what the caller is told. */
const PLUGIN_ERRORS: Record<string, string> = {
  KEY_EXPIRED: publicApiMessages.keyExpired,
  KEY_DISABLED: publicApiMessages.keyRevoked,
};

/** The secret of `Authorization: Bearer <key>`, or null. */
export function bearerKey(header: string | undefined): string | null {
  const match = /^Bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? "");
  return match?.[1] ?? null;
}

/**
 * Authenticates /api/v1/* by API key only (decision 012): `Authorization: Bearer <key>` is checked
 * by Better Auth's api-key plugin (hash lookup, expiry, revoked = disabled; it stamps the last
 * request), then the key's owner becomes the request's `user` exactly as a session's would, with
 * `apiKeyId` set and `sessionId` null. A session cookie does not authenticate these routes, and a
 * key authenticates nothing else (loadSession ignores the header). Mount it after loadSession and
 * before globalRateLimit, so the owner's SPEC §9 tier limits count the request:
 *
 *   app.use("/api/*", loadSession);
 *   app.use("/api/v1/*", requireApiKey);
 *   app.use("/api/*", globalRateLimit);
 *
 * Handlers then read the owner with requireUser(c) (lib/context.ts) and the key with c.get("apiKeyId").
 */
export const requireApiKey: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set("user", null);
  c.set("sessionId", null);
  const key = bearerKey(c.req.header("authorization"));
  if (!key) throw new ApiKeyError(publicApiMessages.keyMissing);
  const deps = c.get("deps");
  const result = await deps.auth.api.verifyApiKey({ body: { key } });
  if (!result.valid || !result.key) {
    const code = typeof result.error?.code === "string" ? result.error.code : "";
    throw new ApiKeyError(PLUGIN_ERRORS[code] ?? publicApiMessages.keyInvalid);
  }
  const owner = await apiKeyOwner(deps.db, result.key.referenceId);
  if (!owner) throw new ApiKeyError(publicApiMessages.ownerUnavailable);
  c.set("user", owner);
  c.set("apiKeyId", result.key.id);
  await next();
};
