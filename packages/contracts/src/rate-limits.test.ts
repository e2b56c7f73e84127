import { describe, expect, it } from "vitest";
import { formatWait, GLOBAL_TIER_LIMITS, penaltySeconds, RATE_LIMIT_RULES, rateLimitMessages } from "./rate-limits";

describe("SPEC §9 rate-limit constants", () => {
  it("categories: allowed per window and blocked for", () => {
    const table = Object.entries(RATE_LIMIT_RULES).map(([c, r]) => [c, r.points, r.durationSeconds, r.blockSeconds]);
    expect(table).toEqual([
      ["auth", 5, 900, 1800],
      ["route_optimization", 10, 60, 300],
      ["api_general", 60, 60, 120],
      ["payment", 5, 60, 600],
      ["contact_form", 3, 60, 900],
    ]);
  });

  it("global limits per tier (second/minute/hour/day)", () => {
    expect(Object.entries(GLOBAL_TIER_LIMITS).map(([t, l]) => [t, l.second, l.minute, l.hour, l.day])).toEqual([
      ["anonymous", 2, 20, 100, 500],
      ["free", 5, 50, 300, 1000],
      ["premium", 10, 100, 600, 2000],
      ["enterprise", 20, 200, 1200, 5000],
      ["fleet_pro", 25, 300, 2000, 10000],
    ]);
  });

  it("SPEC §9 'Advanced limits' never bind: each enforced rule is at least as strict (decision 026)", () => {
    const advanced = {
      payment: { points: 5, durationSeconds: 60, blockSeconds: 5 * 60 },
      auth: { points: 5, durationSeconds: 5 * 60, blockSeconds: 15 * 60 },
      api_general: { points: 100, durationSeconds: 60, blockSeconds: 0 },
      route_optimization: { points: 20, durationSeconds: 60, blockSeconds: 2 * 60 },
    } as const;
    for (const [category, rule] of Object.entries(advanced)) {
      const enforced = RATE_LIMIT_RULES[category as keyof typeof advanced];
      // Fewer (or as many) requests over a window at least as long refuses everything the advanced rule would.
      expect(enforced.points, category).toBeLessThanOrEqual(rule.points);
      expect(enforced.durationSeconds, category).toBeGreaterThanOrEqual(rule.durationSeconds);
      expect(enforced.blockSeconds, category).toBeGreaterThanOrEqual(rule.blockSeconds);
    }
  });

  it("the penalty doubles per further violation, at most 5 doublings", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map((n) => penaltySeconds(1800, n) / 60)).toEqual([30, 60, 120, 240, 480, 960, 960, 960]);
  });

  it("the denial message says how long to wait", () => {
    expect(rateLimitMessages.tooManyRequests(1800)).toBe("Too many requests. Please try again in 30 minutes.");
    expect([1, 45, 60, 61, 7200, 57600].map(formatWait)).toEqual(["1 second", "45 seconds", "1 minute", "2 minutes", "2 hours", "16 hours"]);
  });
});
