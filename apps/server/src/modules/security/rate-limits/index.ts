import {
  AUTH_FAILED_SIGN_INS_PER_IP,
  GLOBAL_TIER_LIMITS,
  GLOBAL_WINDOW_SECONDS,
  globalLimitWindows,
  RATE_LIMIT_RULES,
  type RateLimitCategory,
  type RateLimitRule,
  type RateLimitTier,
} from "@routepilot/contracts";
import type { Database } from "@routepilot/db";
import type { Env } from "../../../lib/env";
import { RateLimitedError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import { CategoryLimiter, createStoreLimiter, type LimiterStore } from "./limiter";
import type { AuthLimiters, LimitSubject, RateLimiters, TierLimiter } from "../../../lib/ports";
import { createTierCache, readLimitTier } from "./tiers";
import { createViolationRecorder, type ViolationRecorder } from "./violations";

export { CategoryLimiter, type LimiterStore } from "./limiter";
export type { AuthLimiters, Limiter, LimitSubject, RateLimiters, TierCache, TierLimiter } from "../../../lib/ports";

/** POST /api/csp-report: reports a minute per client address. */
export const CSP_REPORTS_PER_MINUTE = 30;

/** SPEC §9 "Global limits per tier": one window per second, minute, hour and day. */
export class GlobalLimiter implements TierLimiter {
  private readonly byTier: Record<RateLimitTier, CategoryLimiter[]>;

  constructor(store: LimiterStore, recorder: ViolationRecorder, logger: Logger, clearExpired = false) {
    const windows = (tier: RateLimitTier) =>
      globalLimitWindows.map((window) => {
        // One key prefix per window across tiers: a user who upgrades keeps the counts already made.
        const rule = { points: GLOBAL_TIER_LIMITS[tier][window], durationSeconds: GLOBAL_WINDOW_SECONDS[window], blockSeconds: 0 };
        const limiter = new CategoryLimiter("global", rule, store, recorder, logger, { keyPrefix: `global_${window}`, clearExpired });
        clearExpired = false;
        return limiter;
      });
    this.byTier = { anonymous: windows("anonymous"), free: windows("free"), premium: windows("premium"), enterprise: windows("enterprise"), fleet_pro: windows("fleet_pro") };
  }

  /**
   * Counts one request in every window of the tier; any window over its limit → 429 until the
   * longest of them ends. `reading` requests (GET/HEAD) skip the per-second window: a page load
   * reads up to 7 things at once (decision 010), which a free user's 5 per second would refuse.
   */
  async consume(subject: LimitSubject, tier: RateLimitTier, options: { reading?: boolean } = {}): Promise<void> {
    const limiters = options.reading ? this.byTier[tier].slice(1) : this.byTier[tier];
    const results = await Promise.allSettled(limiters.map((limiter) => limiter.consume(subject)));
    let worst: RateLimitedError | null = null;
    for (const result of results) {
      if (result.status === "fulfilled") continue;
      if (!(result.reason instanceof RateLimitedError)) throw result.reason;
      if (!worst || result.reason.retryAfterSeconds > worst.retryAfterSeconds) worst = result.reason;
    }
    if (worst) throw worst;
  }

  close(): void {
    for (const limiters of Object.values(this.byTier)) for (const limiter of limiters) limiter.close();
  }
}

/**
 * Every limiter of the server. The counts live in the `rate_limits` table when the database is a
 * PostgreSQL server (several processes share them), in memory on the embedded database (one
 * process); RATE_LIMIT_STORE forces either. RATE_LIMITS=off turns every limit off.
 */
export function createRateLimiters(env: Env, db: Database, databaseKind: "pglite" | "postgres" | string, logger: Logger): RateLimiters {
  const useDatabase = env.RATE_LIMIT_STORE === "database" || (env.RATE_LIMIT_STORE === "auto" && databaseKind === "postgres");
  const store: LimiterStore = useDatabase ? { kind: "database", db } : { kind: "memory" };
  const recorder = createViolationRecorder(db, logger);
  const created: { close(): void }[] = [];
  let clearExpired = useDatabase;
  const category = (name: string, rule: RateLimitRule, keyPrefix?: string) => {
    // The first database limiter deletes expired rows for all of them (one timer per process).
    const limiter = new CategoryLimiter(name, rule, store, recorder, logger, { keyPrefix, clearExpired });
    clearExpired = false;
    created.push(limiter);
    return limiter;
  };
  const on = env.RATE_LIMITS;
  // The per-category overrides: a number of points per minute (0 turns the category off).
  const perMinute = (name: RateLimitCategory, points: number, blockSeconds = RATE_LIMIT_RULES[name].blockSeconds) =>
    on && points > 0 ? category(name, { ...RATE_LIMIT_RULES[name], points, blockSeconds }) : null;
  const authRule = RATE_LIMIT_RULES.auth;
  const auth: AuthLimiters | null =
    on && env.AUTH_RATE_LIMIT
      ? {
          signIn: category("auth", authRule, "auth_sign_in"),
          signInPerIp: category("auth", { ...authRule, points: AUTH_FAILED_SIGN_INS_PER_IP }, "auth_sign_in_ip"),
          requests: env.AUTH_REQUEST_RATE_LIMIT > 0 ? category("auth", { ...authRule, points: env.AUTH_REQUEST_RATE_LIMIT }, "auth_requests") : null,
        }
      : null;
  let global: GlobalLimiter | null = null;
  if (on && env.GLOBAL_RATE_LIMIT) {
    global = new GlobalLimiter(store, recorder, logger, clearExpired);
    created.push(global);
  }
  const cspReport = on ? createStoreLimiter(store, { keyPrefix: "csp_report", points: CSP_REPORTS_PER_MINUTE, durationSeconds: 60, blockSeconds: 5 * 60 }) : null;
  return {
    auth,
    routeOptimization: perMinute("route_optimization", env.ROUTE_OPTIMIZATION_RATE_LIMIT, env.ROUTE_OPTIMIZATION_BLOCK_SECONDS),
    contactForm: perMinute("contact_form", env.CONTACT_RATE_LIMIT),
    apiGeneral: perMinute("api_general", env.API_RATE_LIMIT),
    payment: perMinute("payment", env.PAYMENT_RATE_LIMIT),
    global,
    cspReport,
    tiers: createTierCache((userId) => readLimitTier(db, userId)),
    category,
    close() {
      for (const limiter of created) limiter.close();
    },
  };
}
export { limitAuthRequest } from "./auth-guard";
