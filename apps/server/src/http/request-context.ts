import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { AppDeps, AppEnv } from "../lib/context";

/** Puts deps and a request id on the context and writes one access-log line per request. */
export function requestContext(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 100) || randomUUID();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("user", null);
    c.set("sessionId", null);
    const started = performance.now();
    await next();
    c.header("X-Request-Id", requestId);
    const path = new URL(c.req.url).pathname;
    if (path.startsWith("/api/")) {
      deps.logger.info(
        { requestId, method: c.req.method, path, status: c.res.status, ms: Math.round(performance.now() - started) },
        "request",
      );
    }
  };
}
