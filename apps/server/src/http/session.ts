import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../lib/context";
import { UnauthenticatedError } from "../lib/errors";

/** Loads the Better Auth session (if any) from the request cookie into `user` / `sessionId`. */
export const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const { auth } = c.get("deps");
  const result = await auth.api.getSession({ headers: c.req.raw.headers });
  if (result) {
    c.set("user", {
      id: result.user.id,
      email: result.user.email,
      name: result.user.name,
      role: (result.user as { role?: string | null }).role ?? "user",
      emailVerified: result.user.emailVerified,
    });
    c.set("sessionId", result.session.id);
  }
  await next();
};

/** 401 before any validation when the route needs a signed-in user. */
export const requireSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new UnauthenticatedError();
  await next();
};
