import type { MiddlewareHandler } from "hono";
import { displayNameSchema, messages, profileMessages } from "@routepilot/contracts";
import type { AppEnv } from "../../../lib/context";
import { ValidationError } from "../../../lib/errors";
import { AVATAR_BUCKET, ownAvatarKey } from "../avatars";

/**
 * Runs before Better Auth's POST /api/auth/update-user (issue 27). Better Auth stores `name` and
 * `image` as sent; RoutePilot's rules are the contract's: the name trimmed, required, at most 100
 * characters, no SPEC §5 dangerous content (400 with the message at `name`); `image` only null
 * (no avatar) or the caller's own current avatar URL, which the avatar API sets, never an outside
 * address or someone else's picture. The trimmed name is what Better Auth receives. After a
 * successful `image: null` the stored avatar is removed, as DELETE /api/me/avatar does.
 */
export const updateUserGuard: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.method !== "POST") return next();
  let body: unknown;
  try {
    body = await c.req.raw.clone().json();
  } catch {
    return next(); // Not JSON: Better Auth answers it.
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return next();
  const fields = { ...(body as Record<string, unknown>) };
  const deps = c.get("deps");
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers }).catch(() => null);
  if (!session) return next(); // Better Auth answers 401.

  if ("name" in fields) {
    const parsed = displayNameSchema.safeParse(fields.name);
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message ?? messages.invalidFormat;
      throw new ValidationError(message, { name: message });
    }
    fields.name = parsed.data;
  }
  let clearing: string | null = null;
  if ("image" in fields) {
    const current = session.user.image ?? null;
    const ownCurrent = ownAvatarKey(session.user.id, current);
    if (fields.image === null || fields.image === "") {
      fields.image = null;
      clearing = ownCurrent;
    } else if (typeof fields.image !== "string" || fields.image !== current || !ownCurrent) {
      throw new ValidationError(profileMessages.imageNotAllowed, { image: profileMessages.imageNotAllowed });
    }
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete("content-length");
  c.req.raw = new Request(c.req.raw.url, { method: "POST", headers, body: JSON.stringify(fields) });
  await next();
  if (clearing && c.res.status === 200) await deps.storage.remove(AVATAR_BUCKET, clearing);
};
