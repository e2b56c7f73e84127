import type { MiddlewareHandler } from "hono";
import { RateLimiterRes, type RateLimiterMemory } from "rate-limiter-flexible";
import type { AppEnv } from "../lib/context";
import { RateLimitedError } from "../lib/errors";

/**
 * Consumes one point per request for the signed-in user (or the client address), before input
 * validation; over the limit → 429 with Retry-After (SPEC §9, DESIGN.md §8).
 */
export function rateLimit(pick: (deps: AppEnv["Variables"]["deps"]) => RateLimiterMemory | null): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = pick(c.get("deps"));
    if (limiter) {
      const key = c.get("user")?.id ?? "anonymous";
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
