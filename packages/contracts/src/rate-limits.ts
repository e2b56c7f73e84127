import { z } from "zod";
import type { Tier } from "./tiers";

/** SPEC §9 "Rate limits": the categories a request may be counted in. */
export const rateLimitCategories = ["auth", "route_optimization", "api_general", "payment", "contact_form"] as const;
export type RateLimitCategory = (typeof rateLimitCategories)[number];

export interface RateLimitRule {
  /** Requests allowed per window. */
  points: number;
  /** Window length in seconds. */
  durationSeconds: number;
  /** Base block after the window is exceeded, in seconds (doubled per repeated violation). */
  blockSeconds: number;
}

/** SPEC §9 "Rate limits (per window; blocked duration)", exactly. */
export const RATE_LIMIT_RULES: Record<RateLimitCategory, RateLimitRule> = {
  auth: { points: 5, durationSeconds: 15 * 60, blockSeconds: 30 * 60 },
  route_optimization: { points: 10, durationSeconds: 60, blockSeconds: 5 * 60 },
  api_general: { points: 60, durationSeconds: 60, blockSeconds: 2 * 60 },
  payment: { points: 5, durationSeconds: 60, blockSeconds: 10 * 60 },
  contact_form: { points: 3, durationSeconds: 60, blockSeconds: 15 * 60 },
};

/** SPEC §9 "Advanced limits": each further violation doubles the penalty, at most 5 doublings. */
export const RATE_LIMIT_MAX_DOUBLINGS = 5;

/**
 * The violation count is forgotten after this long without a new violation, counted from the end
 * of the last block (docs/decisions/010-rate-limits.md).
 */
export const RATE_LIMIT_VIOLATION_QUIET_SECONDS = 24 * 60 * 60;

/** Failed sign-ins allowed from one client address per 15 minutes, whatever the account (credential stuffing). */
export const AUTH_FAILED_SIGN_INS_PER_IP = 100;

/** Block for a subject's n-th consecutive violation: base × 2^min(n−1, 5). */
export function penaltySeconds(baseSeconds: number, violations: number): number {
  return baseSeconds * 2 ** Math.min(Math.max(violations, 1) - 1, RATE_LIMIT_MAX_DOUBLINGS);
}

/** Who the global limiter counts: a signed-in user's tier, or anonymous (by client address). */
export type RateLimitTier = "anonymous" | Tier;
export const globalLimitWindows = ["second", "minute", "hour", "day"] as const;
export type GlobalLimitWindow = (typeof globalLimitWindows)[number];
export const GLOBAL_WINDOW_SECONDS: Record<GlobalLimitWindow, number> = { second: 1, minute: 60, hour: 3600, day: 86_400 };

/** SPEC §9 "Global limits per tier (second/minute/hour/day)", exactly. */
export const GLOBAL_TIER_LIMITS: Record<RateLimitTier, Record<GlobalLimitWindow, number>> = {
  anonymous: { second: 2, minute: 20, hour: 100, day: 500 },
  free: { second: 5, minute: 50, hour: 300, day: 1000 },
  premium: { second: 10, minute: 100, hour: 600, day: 2000 },
  enterprise: { second: 20, minute: 200, hour: 1200, day: 5000 },
  fleet_pro: { second: 25, minute: 300, hour: 2000, day: 10000 },
};

/** A wait as words: "45 seconds", "1 minute", "30 minutes", "2 hours". */
export function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? "" : "s"}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

export const rateLimitMessages = {
  /** Shown wherever a request is refused with 429 (the sign-in form shows it as is). */
  tooManyRequests: (retryAfterSeconds: number) => `Too many requests. Please try again in ${formatWait(retryAfterSeconds)}.`,
};

/**
 * SPEC §8 rate-limit denial body (HTTP 429, with Retry-After): allowed false, 0 remaining
 * attempts, the reset time and the violations; plus the API's usual `error` object, and a
 * top-level `message` that Better Auth's client reads on /api/auth/*.
 */
export const rateLimitedBodySchema = z.object({
  allowed: z.literal(false),
  remaining: z.literal(0),
  remainingAttempts: z.literal(0),
  resetTime: z.string(),
  violations: z.number().int().min(1),
  category: z.string(),
  message: z.string(),
  error: z.object({ code: z.literal("RATE_LIMITED"), message: z.string() }),
});
export type RateLimitedBody = z.infer<typeof rateLimitedBodySchema>;
