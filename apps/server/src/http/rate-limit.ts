import type { Context, MiddlewareHandler } from "hono";
import { RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { clientIp } from "../lib/client-ip";
import { RateLimitedError } from "../lib/errors";
import type { AppEnv, AppDeps } from "../lib/context";
import { REALTIME_PATH } from "../platform/realtime/realtime.endpoints";
import type { Limiter, LimitSubject } from "../lib/ports";

/** Who a limiter counts: the signed-in user (else the client address), or always the client address. */
export type RateLimitKey = "user" | "ip";

function subjectOf(c: Context<AppEnv>, keyBy: RateLimitKey): LimitSubject {
  const deps = c.get("deps");
  const ip = clientIp(c, deps.env.TRUST_PROXY);
  const userId = c.get("user")?.id ?? null;
  const key = keyBy === "user" && userId ? `user:${userId}` : `ip:${ip}`;
  return { key, userId, ip, path: c.req.path };
}

/**
 * Consumes one point of a SPEC §9 category per request for the signed-in user or the client
 * address, before input validation; over the limit → 429 with Retry-After and SPEC §8's body.
 */
export function rateLimit(pick: (deps: AppDeps) => Limiter | null, keyBy: RateLimitKey = "user"): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const limiter = pick(c.get("deps"));
    if (limiter) await limiter.consume(subjectOf(c, keyBy));
    await next();
  };
}

/**
 * One point per request per client address on a plain rate-limiter-flexible limiter (the CSP
 * report endpoint, which browsers call without a session); over it → 429 for `category`.
 */
export function addressRateLimit(pick: (deps: AppDeps) => RateLimiterAbstract | null, category: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get("deps");
    try {
      await pick(deps)?.consume(clientIp(c, deps.env.TRUST_PROXY));
    } catch (error) {
      if (error instanceof RateLimiterRes) throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)), 1, category);
      throw error;
    }
    await next();
  };
}

/** Not counted by the global limit: health checks, the realtime socket, Stripe's webhook. */
function exemptFromGlobalLimit(path: string): boolean {
  return path === "/api/health" || path.startsWith("/api/health/") || path === REALTIME_PATH || path === "/api/billing/webhook";
}

/**
 * SPEC §9 global limits per tier (second/minute/hour/day) on /api/* after the session is known:
 * a signed-in user by id in their tier (cached a minute), anyone else by client address as
 * anonymous. /api/auth/* is answered before this runs and has the auth limits instead. Reads
 * (GET/HEAD) are not counted per second, only per minute/hour/day: a page load's burst of reads
 * must not be refused (decision 010).
 */
export const globalRateLimit: MiddlewareHandler<AppEnv> = async (c, next) => {
  const deps = c.get("deps");
  const global = deps.limiters.global;
  if (global && !exemptFromGlobalLimit(c.req.path)) {
    const subject = subjectOf(c, "user");
    const tier = subject.userId ? await deps.limiters.tiers.tierOf(subject.userId) : "anonymous";
    await global.consume(subject, tier, { reading: c.req.method === "GET" || c.req.method === "HEAD" });
  }
  await next();
};
