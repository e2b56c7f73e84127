import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  GLOBAL_TIER_LIMITS,
  GLOBAL_WINDOW_SECONDS,
  globalLimitWindows,
  rateLimitedBodySchema,
  type GlobalLimitWindow,
  type RateLimitTier,
} from "@routepilot/contracts";
import { rateLimitViolations, securityAlerts, subscribers } from "@routepilot/db";
import { createApp } from "../../../app";
import { RateLimitedError } from "../../../lib/errors";
import { createLogger } from "../../../lib/logger";
import { ensureSubscriber } from "../../accounts/accounts";
import { createTestApp, PASSWORD, type TestApp } from "../../../test/harness";
import { CategoryLimiter, createRateLimiters, GlobalLimiter, type LimiterStore } from "./index";
import type { Violation, ViolationRecorder } from "./violations";

const logger = createLogger("silent");
const MINUTE = 60_000;
const from = (ip: string) => ({ "x-forwarded-for": ip });

/** A recorder that keeps what it was given. */
function spyRecorder(): ViolationRecorder & { seen: Violation[] } {
  const seen: Violation[] = [];
  return { seen, record: async (v) => void seen.push(v) };
}

/** Runs `consume`; the 429 it threw, or null when it was allowed. */
async function refusal(consume: () => Promise<void>): Promise<RateLimitedError | null> {
  try {
    await consume();
    return null;
  } catch (error) {
    if (error instanceof RateLimitedError) return error;
    throw error;
  }
}

async function denied(res: Response, retryAfter: number, category: string, violations = 1) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBe(retryAfter);
  const body = rateLimitedBodySchema.parse(await res.json());
  expect(body).toMatchObject({ allowed: false, remaining: 0, remainingAttempts: 0, violations, category, error: { code: "RATE_LIMITED" } });
  expect(Date.parse(body.resetTime) - Date.now()).toBe(retryAfter * 1000);
  return body;
}

beforeEach(() => {
  // rate-limiter-flexible reads Date.now(): frozen time, moved by hand.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-03-02T09:00:00Z"));
});
afterEach(() => {
  vi.useRealTimers();
});

describe("penalty (SPEC §9 Advanced limits: each further violation doubles, at most 5 doublings)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_STORE: "database" });
  });
  afterAll(async () => {
    await t.close();
  });

  for (const kind of ["memory", "database"] as const) {
    it(`auth: 30 → 60 → 120 → 240 → 480 → 960 minutes and no further; forgotten after a quiet day (${kind} store)`, async () => {
      const store: LimiterStore = kind === "memory" ? { kind } : { kind, db: t.deps.db };
      const recorder = spyRecorder();
      const limiter = new CategoryLimiter("auth", { points: 5, durationSeconds: 900, blockSeconds: 1800 }, store, recorder, logger, { keyPrefix: `penalty_${kind}` });
      const subject = { key: "account:a@example.com|203.0.113.1", ip: "203.0.113.1", path: "/api/auth/sign-in/email" };
      const blocks: number[] = [];
      for (let n = 1; n <= 7; n++) {
        for (let i = 0; i < 5; i++) expect(await refusal(() => limiter.consume(subject))).toBeNull();
        const first = await refusal(() => limiter.consume(subject));
        expect(first?.extra).toMatchObject({ violations: n, category: "auth" });
        blocks.push(first!.retryAfterSeconds);
        // Still blocked just before the end, with the time left.
        vi.setSystemTime(Date.now() + first!.retryAfterSeconds * 1000 - 1000);
        const late = await refusal(() => limiter.consume(subject));
        expect(late?.retryAfterSeconds).toBe(1);
        expect(late?.extra).toMatchObject({ violations: n });
        vi.setSystemTime(Date.now() + 1000);
      }
      expect(blocks.map((s) => s / 60)).toEqual([30, 60, 120, 240, 480, 960, 960]);
      expect(recorder.seen.map((v) => [v.violations, v.blockedSeconds / 60])).toEqual([
        [1, 30],
        [2, 60],
        [3, 120],
        [4, 240],
        [5, 480],
        [6, 960],
        [7, 960],
      ]);
      // A day without violations after the last block: the next one is the first again.
      vi.setSystemTime(Date.now() + 24 * 60 * MINUTE + 1000);
      for (let i = 0; i < 5; i++) await limiter.consume(subject);
      expect((await refusal(() => limiter.consume(subject)))?.retryAfterSeconds).toBe(1800);
      limiter.close();
    });
  }
});

describe("global limits per tier (SPEC §9: second/minute/hour/day)", () => {
  /**
   * Drives one window to its limit with requests spaced so that no shorter window is exceeded,
   * then checks the next request is refused until that window ends.
   */
  async function exercise(tier: RateLimitTier, window: GlobalLimitWindow) {
    const recorder = spyRecorder();
    const global = new GlobalLimiter({ kind: "memory" }, recorder, logger);
    const limits = GLOBAL_TIER_LIMITS[tier];
    const shorter = globalLimitWindows.slice(0, globalLimitWindows.indexOf(window));
    const stepMs = Math.max(0, ...shorter.map((w) => Math.ceil((GLOBAL_WINDOW_SECONDS[w] * 1000) / limits[w]) + 1));
    const subject = { key: `ip:${tier}-${window}`, ip: "203.0.113.9", path: "/api/me" };
    const start = Date.now();
    let allowed = 0;
    for (let i = 0; i < limits[window]; i++) {
      vi.setSystemTime(start + i * stepMs);
      if ((await refusal(() => global.consume(subject, tier))) === null) allowed++;
    }
    expect(allowed).toBe(limits[window]);
    vi.setSystemTime(start + limits[window] * stepMs);
    const over = await refusal(() => global.consume(subject, tier));
    const windowEnd = start + GLOBAL_WINDOW_SECONDS[window] * 1000;
    expect(over?.retryAfterSeconds).toBe(Math.ceil((windowEnd - Date.now()) / 1000));
    expect(recorder.seen).toHaveLength(1);
    expect(recorder.seen[0]).toMatchObject({ category: "global", violations: 1 });
    // Once the window has ended, requests are allowed again.
    vi.setSystemTime(windowEnd);
    expect(await refusal(() => global.consume(subject, tier))).toBeNull();
    global.close();
  }

  for (const tier of Object.keys(GLOBAL_TIER_LIMITS) as RateLimitTier[]) {
    for (const window of globalLimitWindows) {
      it(`${tier}: ${GLOBAL_TIER_LIMITS[tier][window]} per ${window}`, async () => {
        await exercise(tier, window);
      });
    }
  }
});

describe("through the app", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      TRUST_PROXY: "1",
      AUTH_RATE_LIMIT: "true",
      GLOBAL_RATE_LIMIT: "true",
      CONTACT_RATE_LIMIT: "3",
      ROUTE_OPTIMIZATION_RATE_LIMIT: "10",
      API_RATE_LIMIT: "60",
      PAYMENT_RATE_LIMIT: "5",
    });
  });
  afterAll(async () => {
    await t.close();
  });
  // Each test moves to a new hour so that the global limits of earlier tests are over.
  let hour = 0;
  beforeEach(() => {
    hour += 2;
    vi.setSystemTime(new Date(Date.UTC(2026, 2, 2, hour)));
  });

  async function signUp(email: string, ip: string): Promise<{ cookie: string; userId: string }> {
    const res = await t.call("/api/auth/sign-up/email", { body: { email, password: PASSWORD, name: "Test" }, headers: from(ip) });
    expect(res.status).toBe(200);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return { cookie, userId: ((await res.json()) as { user: { id: string } }).user.id };
  }
  async function setTier(userId: string, email: string, tier: "premium" | "fleet_pro") {
    await ensureSubscriber(t.deps.db, userId, email);
    await t.deps.db.update(subscribers).set({ subscriptionTier: tier }).where(eq(subscribers.userId, userId));
  }
  const signIn = (email: string, password: string, ip: string) => t.call("/api/auth/sign-in/email", { body: { email, password }, headers: from(ip) });
  /** Spreads calls over time so the global per-second limit is not what refuses them. */
  const tick = () => vi.setSystemTime(Date.now() + 1000);

  it("auth: the 6th failed sign-in for an account from one address is refused even with the right password; other address and other accounts are not; success resets", async () => {
    await signUp("alice@example.com", "198.51.100.1");
    await signUp("bob@example.com", "198.51.100.2");
    await signUp("carol@example.com", "198.51.100.3");
    const x = "203.0.113.10";
    for (let i = 0; i < 5; i++) expect((await signIn("alice@example.com", "wrong-password", x)).status).toBe(401);
    const body = await denied(await signIn("Alice@example.com", PASSWORD, x), 1800, "auth");
    expect(body.message).toBe("Too many requests. Please try again in 30 minutes.");
    expect((await signIn("alice@example.com", PASSWORD, "203.0.113.11")).status).toBe(200);
    expect((await signIn("bob@example.com", PASSWORD, x)).status).toBe(200);
    // Carol: 4 failures, a success, then 5 more failures are allowed again before the 6th is refused.
    for (let i = 0; i < 4; i++) expect((await signIn("carol@example.com", "wrong-password", x)).status).toBe(401);
    expect((await signIn("carol@example.com", PASSWORD, x)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn("carol@example.com", "wrong-password", x)).status).toBe(401);
    await denied(await signIn("carol@example.com", "wrong-password", x), 1800, "auth");

    // The denial is recorded and raises an alert (deduplicated per subject).
    const [row] = await t.deps.db.select().from(rateLimitViolations).where(eq(rateLimitViolations.subject, `account:alice@example.com|${x}`));
    expect(row).toMatchObject({ category: "auth", ipAddress: x, path: "/api/auth/sign-in/email", violations: 1, blockedSeconds: 1800 });
    const [alert] = await t.deps.db.select().from(securityAlerts).where(eq(securityAlerts.dedupeKey, `rate_limit:auth:account:alice@example.com|${x}`));
    expect(alert).toMatchObject({ type: "rate_limit", severity: "medium", source: "rate-limiter:auth", status: "active" });

    // After the 30-minute block the account signs in from that address again; the next violation blocks for 60 minutes.
    vi.setSystemTime(Date.now() + 30 * MINUTE);
    expect((await signIn("alice@example.com", PASSWORD, x)).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await signIn("alice@example.com", "wrong-password", x)).status).toBe(401);
    await denied(await signIn("alice@example.com", PASSWORD, x), 3600, "auth", 2);
  });

  it("auth: sign-up, password-reset and verification e-mail requests: 5 per 15 minutes per address, then 30 minutes", async () => {
    const ip = "203.0.113.20";
    await signUp("dora@example.com", ip);
    await signUp("eve@example.com", ip);
    expect((await t.call("/api/auth/request-password-reset", { body: { email: "dora@example.com", redirectTo: "/reset-password" }, headers: from(ip) })).status).toBe(200);
    expect((await t.call("/api/auth/request-password-reset", { body: { email: "nobody@example.com", redirectTo: "/reset-password" }, headers: from(ip) })).status).toBe(200);
    expect((await t.call("/api/auth/send-verification-email", { body: { email: "eve@example.com" }, headers: from(ip) })).status).toBe(200);
    await denied(await t.call("/api/auth/sign-up/email", { body: { email: "frank@example.com", password: PASSWORD, name: "F" }, headers: from(ip) }), 1800, "auth");
    // Another address may still sign up.
    await signUp("frank@example.com", "203.0.113.21");
  });

  it("auth: at most 100 failed sign-ins per address whatever the account (credential stuffing)", async () => {
    const ip = "203.0.113.30";
    for (let i = 0; i < 100; i++) {
      if (i % 2 === 0) tick();
      expect((await signIn(`stuffed${i}@example.com`, "wrong-password", ip)).status).toBe(401);
    }
    await denied(await signIn("stuffed-last@example.com", "wrong-password", ip), 1800, "auth");
  });

  it("route_optimization: 10 per minute, then 5 minutes", async () => {
    const { cookie } = await signUp("opt@example.com", "198.51.100.40");
    for (let i = 0; i < 10; i++) {
      if (i % 4 === 0) tick();
      expect((await t.call("/api/routes/optimize", { cookie, body: {} })).status).toBe(400);
    }
    await denied(await t.call("/api/routes/optimize", { cookie, body: {} }), 300, "route_optimization");
  });

  it("api_general: 60 per minute, then 2 minutes", async () => {
    const { cookie, userId } = await signUp("geo@example.com", "198.51.100.41");
    await setTier(userId, "geo@example.com", "fleet_pro");
    const start = Date.now();
    for (let i = 0; i < 60; i++) {
      // 60 searches in 50 s: never 25 in one second (Fleet Pro's global limit is 25/s, 300/min).
      vi.setSystemTime(start + i * 800);
      expect((await t.call("/api/geocode", { cookie })).status).toBe(400);
    }
    await denied(await t.call("/api/geocode", { cookie }), 120, "api_general");
  });

  it("payment: 5 per minute, then 10 minutes", async () => {
    const { cookie } = await signUp("pay@example.com", "198.51.100.42");
    for (let i = 0; i < 5; i++) {
      tick();
      expect((await t.call("/api/billing/checkout", { cookie, body: {} })).status).not.toBe(429);
    }
    await denied(await t.call("/api/billing/checkout", { cookie, body: {} }), 600, "payment");
  });

  it("contact_form: 3 per minute from one address, then 15 minutes", async () => {
    const ip = "198.51.100.43";
    for (let i = 0; i < 3; i++) {
      tick();
      expect((await t.call("/api/contact", { body: {}, headers: from(ip) })).status).toBe(400);
    }
    await denied(await t.call("/api/contact", { body: {}, headers: from(ip) }), 900, "contact_form");
  });

  it("global: anonymous 2 writes per second by address; a free user 5; a premium user 10; reads only per minute; health is not counted", async () => {
    const anonymous = (ip: string) => t.call("/api/contact", { body: {}, headers: from(ip) });
    for (let i = 0; i < 2; i++) expect((await anonymous("203.0.113.50")).status).toBe(400);
    await denied(await anonymous("203.0.113.50"), 1, "global");
    expect((await anonymous("203.0.113.51")).status).toBe(400);
    for (let i = 0; i < 5; i++) expect((await t.call("/api/health", { headers: from("203.0.113.52") })).status).toBe(200);
    // Reads: a page load's burst passes; the anonymous 20 per minute still holds.
    tick();
    for (let i = 0; i < 20; i++) expect((await t.call("/api/billing/plans", { headers: from("203.0.113.53") })).status).toBe(200);
    const minute = await t.call("/api/billing/plans", { headers: from("203.0.113.53") });
    expect(minute.status).toBe(429);
    expect(Number(minute.headers.get("retry-after"))).toBe(60);

    const free = await signUp("free@example.com", "198.51.100.50");
    const premium = await signUp("premium@example.com", "198.51.100.51");
    await setTier(premium.userId, "premium@example.com", "premium");
    tick();
    const optimize = (cookie: string) => t.call("/api/routes/optimize", { cookie, body: {} });
    for (let i = 0; i < 7; i++) expect((await t.call("/api/me", { cookie: free.cookie })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await optimize(free.cookie)).status).toBe(400);
    await denied(await optimize(free.cookie), 1, "global");
    // The premium user's tier is read once (cached a minute).
    t.deps.limiters.tiers.forget(premium.userId);
    for (let i = 0; i < 10; i++) expect((await optimize(premium.cookie)).status).toBe(400);
    await denied(await optimize(premium.cookie), 1, "global");
    const rows = await t.deps.db.select().from(rateLimitViolations).where(and(eq(rateLimitViolations.category, "global"), eq(rateLimitViolations.userId, free.userId)));
    expect(rows).toHaveLength(1);
  });

  it("two app instances on one database share the counts (RATE_LIMIT_STORE=database; PostgreSQL in CI)", async () => {
    const env = { ...t.deps.env, RATE_LIMIT_STORE: "database" as const };
    const limitersA = createRateLimiters(env, t.deps.db, t.deps.database.kind, logger);
    const limitersB = createRateLimiters(env, t.deps.db, t.deps.database.kind, logger);
    const a = createApp({ ...t.deps, limiters: limitersA });
    const b = createApp({ ...t.deps, limiters: limitersB });
    const post = (app: typeof a, ip: string) =>
      app.request("http://localhost:3000/api/contact", { method: "POST", body: "{}", headers: { origin: "http://localhost:3000", "content-type": "application/json", ...from(ip) } });
    const ip = "203.0.113.60";
    expect((await post(a, ip)).status).toBe(400);
    tick();
    expect((await post(b, ip)).status).toBe(400);
    tick();
    expect((await post(a, ip)).status).toBe(400);
    tick();
    // The 4th message this minute, on the other instance: refused there, and then on the first too.
    try {
      await denied(await post(b, ip), 900, "contact_form");
      expect((await post(a, ip)).status).toBe(429);
    } finally {
      limitersA.close();
      limitersB.close();
    }
  });
});
