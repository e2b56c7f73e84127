import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { securityMessages } from "@routepilot/contracts";
import { rateLimitViolations, scheduledJobRuns, securityAlerts, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { checkErrorRate, claimJobRun, runSecurityCheck, SECURITY_CHECK_JOB } from "./jobs";
import { recommendationsFor, runEncryptionSelfTest, securityOverview } from "./metrics";
import { createSecurityState, ErrorRateWindow } from "./state";

let t: TestApp;
const HOUR = 60 * 60 * 1000;
const now = new Date("2026-06-01T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms);

beforeAll(async () => {
  // TRUST_PROXY: the failed sign-in tests send their client address in X-Forwarded-For.
  t = await createTestApp({ TRUST_PROXY: "1" });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(securityAlerts);
  await t.deps.db.delete(rateLimitViolations);
});

const alertsOf = (type: string) => t.deps.db.select().from(securityAlerts).where(eq(securityAlerts.type, type));
const insertAlert = (values: Partial<typeof securityAlerts.$inferInsert>) =>
  t.deps.db.insert(securityAlerts).values({ type: "test", severity: "low", source: "test", ...values }).returning();

describe("claimJobRun (once across processes)", () => {
  it("gives a run to exactly one of two concurrent claimers, and the next only once the interval has passed", async () => {
    await t.deps.db.delete(scheduledJobRuns);
    const both = await Promise.all([claimJobRun(t.deps.db, "claim_test", 30_000, "a", now), claimJobRun(t.deps.db, "claim_test", 30_000, "b", now)]);
    expect(both.filter(Boolean)).toHaveLength(1);
    expect(await claimJobRun(t.deps.db, "claim_test", 30_000, "b", new Date(now.getTime() + 10_000))).toBe(false);
    const later = new Date(now.getTime() + 30_000);
    const again = await Promise.all([claimJobRun(t.deps.db, "claim_test", 30_000, "a", later), claimJobRun(t.deps.db, "claim_test", 30_000, "b", later)]);
    expect(again.filter(Boolean)).toHaveLength(1);
    const [row] = await t.deps.db.select().from(scheduledJobRuns).where(eq(scheduledJobRuns.name, "claim_test"));
    expect(row!.lastRunAt.toISOString()).toBe(later.toISOString());
    expect(SECURITY_CHECK_JOB).toBe("security_check");
  });
});

describe("runSecurityCheck (SPEC §4/§9 life cycle)", () => {
  it("auto-resolves non-critical alerts active for more than 24 h, keeps critical and younger ones", async () => {
    const [old] = await insertAlert({ severity: "high", createdAt: ago(24 * HOUR + 1000) });
    const [critical] = await insertAlert({ severity: "critical", createdAt: ago(48 * HOUR) });
    const [young] = await insertAlert({ severity: "medium", createdAt: ago(23 * HOUR) });
    const result = await runSecurityCheck(t.deps.db, t.deps.logger, now);
    expect(result).toMatchObject({ autoResolved: 1, deleted: 0, trimmed: 0, alerts: 3 });
    const rows = new Map((await t.deps.db.select().from(securityAlerts)).map((r) => [r.id, r]));
    expect(rows.get(old!.id)).toMatchObject({ status: "resolved", autoResolved: true, resolvedAt: now });
    expect(rows.get(critical!.id)).toMatchObject({ status: "active", autoResolved: false });
    expect(rows.get(young!.id)).toMatchObject({ status: "active" });
  });

  it("deletes resolved alerts older than 7 days, not active ones or younger resolved ones", async () => {
    await insertAlert({ status: "resolved", createdAt: ago(7 * 24 * HOUR + 1000) });
    await insertAlert({ status: "resolved", createdAt: ago(6 * 24 * HOUR) });
    await insertAlert({ severity: "critical", createdAt: ago(8 * 24 * HOUR) });
    expect(await runSecurityCheck(t.deps.db, t.deps.logger, now)).toMatchObject({ deleted: 1, alerts: 2 });
  });

  it("above 10,000 alerts keeps the newest 8,000; more than 1000 raises one medium high_volume alert", async () => {
    await t.deps.db.execute(
      sql`insert into security_alerts (type, severity, source, created_at) select 'bulk', 'low', 'test', ${now.toISOString()}::timestamptz - (n || ' seconds')::interval from generate_series(1, 10001) as n`,
    );
    const result = await runSecurityCheck(t.deps.db, t.deps.logger, now);
    expect(result).toMatchObject({ trimmed: 2001, alerts: 8000 });
    const [oldest] = await t.deps.db.select({ at: sql<string>`min(created_at)` }).from(securityAlerts).where(eq(securityAlerts.type, "bulk"));
    expect(new Date(oldest!.at).getTime()).toBe(now.getTime() - 8000 * 1000);
    const volume = await alertsOf("high_volume");
    expect(volume).toHaveLength(1);
    expect(volume[0]).toMatchObject({ severity: "medium", status: "active", details: { alerts: 8000, threshold: 1000 } });
    // Again: the same active alert counts an occurrence instead of a second row.
    await runSecurityCheck(t.deps.db, t.deps.logger, now);
    expect((await alertsOf("high_volume"))[0]!.occurrences).toBe(2);
  });

  it("1000 alerts raise no high_volume alert (more than 1000 does)", async () => {
    await t.deps.db.execute(sql`insert into security_alerts (type, severity, source) select 'bulk', 'low', 'test' from generate_series(1, 1000)`);
    await runSecurityCheck(t.deps.db, t.deps.logger, now);
    expect(await alertsOf("high_volume")).toHaveLength(0);
  });

  it("a failing check raises a critical system_anomaly alert and does not throw", async () => {
    const failing = new Proxy(t.deps.db, {
      get(target, key, receiver) {
        if (key === "transaction") return () => Promise.reject(new Error("database went away"));
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    expect(await runSecurityCheck(failing, t.deps.logger, now)).toBeNull();
    const [anomaly] = await alertsOf("system_anomaly");
    expect(anomaly).toMatchObject({ severity: "critical", status: "active", source: "security-check", details: { error: "database went away" } });
  });
});

describe("error rate (SPEC §9: more than 50 errors within the last hour)", () => {
  it("counts a sliding hour and raises one high error_rate alert above 50", async () => {
    const state = createSecurityState(now);
    for (let i = 0; i < 50; i += 1) state.errors.record(now.getTime() - 10 * 60 * 1000);
    expect(await checkErrorRate(t.deps.db, t.deps.logger, state, now)).toBe(false);
    state.errors.record(now.getTime());
    expect(await checkErrorRate(t.deps.db, t.deps.logger, state, now)).toBe(true);
    expect(await alertsOf("error_rate")).toMatchObject([{ severity: "high", details: { errorsLastHour: 51, threshold: 50 } }]);
    // 50 minutes later the first 50 have left the window.
    expect(await checkErrorRate(t.deps.db, t.deps.logger, state, new Date(now.getTime() + 50 * 60 * 1000 + 1))).toBe(false);
  });

  it("ErrorRateWindow forgets errors older than an hour", () => {
    const w = new ErrorRateWindow();
    w.record(0);
    w.record(HOUR / 2);
    expect(w.count(HOUR)).toBe(1);
    expect(w.count(2 * HOUR)).toBe(0);
  });

  it("a 5xx answered by the app is counted", async () => {
    const { cookie, userId } = await t.signUp("errors-admin@example.com");
    await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, userId));
    const before = t.deps.security.errors.count();
    const db = t.deps.db as unknown as { select: unknown };
    const select = db.select;
    db.select = () => {
      throw new Error("database went away");
    };
    try {
      const res = await t.call("/api/security/metrics", { cookie });
      expect(res.status).toBe(500);
      expect(await res.json()).toMatchObject({ error: { code: "INTERNAL_ERROR" } });
    } finally {
      db.select = select;
    }
    expect(t.deps.security.errors.count()).toBe(before + 1);
  });
});

describe("encryption self-test (SPEC §4/§8)", () => {
  it("passing sets encryptionHealth 100 (as at start); failing sets 0 and raises a critical alert", async () => {
    expect(t.deps.security.encryptionHealth).toBe(100);
    const state = createSecurityState(now);
    expect(await runEncryptionSelfTest({ db: t.deps.db, logger: t.deps.logger, security: state, encryption: { selfTest: () => false } })).toBe(false);
    expect(state.encryptionHealth).toBe(0);
    expect(await alertsOf("encryption_self_test")).toMatchObject([{ severity: "critical", source: "encryption", status: "active" }]);
    expect((await securityOverview(t.deps.db, state, now)).recommendations[0]).toBe(securityMessages.recommendations.encryption);
  });
});

describe("metrics and recommendations (SPEC §3/§9)", () => {
  it("3 alerts and 40 violations of the last 24 h: systemLoad 2.3; older violations are not counted", async () => {
    await insertAlert({ severity: "critical", createdAt: ago(60_000) });
    await insertAlert({ status: "resolved", createdAt: ago(5 * 60_000 + 1000) });
    await insertAlert({ createdAt: ago(HOUR) });
    const rows = Array.from({ length: 40 }, () => ({ category: "auth", subject: "ip:1.2.3.4", blockedSeconds: 1800, createdAt: ago(HOUR) }));
    await t.deps.db.insert(rateLimitViolations).values([...rows, { category: "auth", subject: "ip:1.2.3.4", blockedSeconds: 1800, createdAt: ago(25 * HOUR) }]);
    const state = createSecurityState(new Date(now.getTime() - 90_500));
    const overview = await securityOverview(t.deps.db, state, now);
    expect(overview.metrics).toEqual({ totalThreats: 3, activeIncidents: 2, rateLimitViolations: 40, encryptionHealth: 100, systemLoad: 2.3, uptime: 90 });
    expect(overview.recommendations).toEqual([securityMessages.recommendations.critical]);
    // Recent alerts: raised in the last 5 minutes.
    expect(overview.recentAlerts).toBe(1);
  });

  it("more than 10 rate-limit alerts suggests DDoS protection; load above 80 suggests scaling; none: all clear", () => {
    const texts = securityMessages.recommendations;
    expect(recommendationsFor({ encryptionHealth: 100, systemLoad: 80, rateLimitAlerts: 10, criticalActive: 0 })).toEqual([texts.allClear]);
    expect(recommendationsFor({ encryptionHealth: 100, systemLoad: 80.05, rateLimitAlerts: 11, criticalActive: 0 })).toEqual([texts.ddos, texts.scaling]);
  });

  it("systemLoad is capped at 100", async () => {
    await t.deps.db.execute(sql`insert into security_alerts (type, severity, source) select 'bulk', 'low', 'test' from generate_series(1, 1001)`);
    expect((await securityOverview(t.deps.db, createSecurityState(now), now)).metrics.systemLoad).toBe(100);
  });
});

describe("repeated failed sign-ins (≥ 5 within 15 minutes)", () => {
  const failSignIn = (email: string, ip: string) =>
    t.call("/api/auth/sign-in/email", { body: { email, password: "Wrong!Pass1" }, headers: { "x-forwarded-for": ip } });

  it("the 5th failure for one account raises one high alert; later failures count occurrences", async () => {
    await t.signUp("victim@example.com");
    for (let i = 0; i < 4; i += 1) expect((await failSignIn("victim@example.com", `10.0.0.${i + 1}`)).status).toBe(401);
    expect(await alertsOf("repeated_failed_sign_in")).toHaveLength(0);
    await failSignIn("Victim@example.com", "10.0.0.9");
    const [alert] = await alertsOf("repeated_failed_sign_in");
    expect(alert).toMatchObject({ severity: "high", status: "active", source: "auth:sign-in", dedupeKey: "repeated_failed_sign_in:account:victim@example.com", details: { email: "victim@example.com", failures: 5 } });
    await failSignIn("victim@example.com", "10.0.0.10");
    const after = await alertsOf("repeated_failed_sign_in");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ occurrences: 2, details: { failures: 6 } });
  });

  it("5 failures from one IP on different accounts raise an IP alert", async () => {
    for (let i = 0; i < 5; i += 1) await failSignIn(`nobody${i}@example.com`, "192.0.2.77");
    const alerts = await alertsOf("repeated_failed_sign_in");
    expect(alerts.map((a) => a.dedupeKey)).toEqual(["repeated_failed_sign_in:ip:192.0.2.77"]);
    expect(alerts[0]!.details).toMatchObject({ ipAddress: "192.0.2.77", failures: 5, windowMinutes: 15 });
  });
});
