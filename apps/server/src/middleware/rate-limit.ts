import type { MiddlewareHandler } from "hono";
import { RateLimiterRes, type RateLimiterMemory } from "rate-limiter-flexible";
import { clientIp } from "../lib/client-ip";
import type { AppEnv, AppDeps } from "../lib/context";
import { RateLimitedError } from "../lib/errors";

/** Who a limiter counts: the signed-in user (else the client address), or always the client address. */
export type RateLimitKey = "user" | "ip";

/**
 * Consumes one point per request for the signed-in user or the client address, before input
 * validation; over the limit → 429 with Retry-After and SPEC §8's body (SPEC §9, DESIGN.md §8).
 */
export function rateLimit(pick: (deps: AppDeps) => RateLimiterMemory | null, keyBy: RateLimitKey = "user"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    const limiter = pick(deps);
    if (limiter) {
      const userId = keyBy === "user" ? c.get("user")?.id : undefined;
      const key = userId ? `user:${userId}` : `ip:${clientIp(c, deps.env.TRUST_PROXY)}`;
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const violations = Math.max(1, error.consumedPoints - limiter.points);
          throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), violations);
        }
        throw error;
      }
    }
    await next();
  };
}
