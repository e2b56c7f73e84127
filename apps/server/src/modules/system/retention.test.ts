import { count, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { securityLimits } from "@routepilot/contracts";
import { authenticationLogs, cspReports, rateLimitViolations, securityAlerts, user } from "@routepilot/db";
import { PERIODIC_TASKS } from "../../background/periodic";
import { runSecurityCheck } from "../security/monitor/jobs";
import { createTestApp, type TestApp } from "../../test/harness";
import { RETENTION, runRetention } from "./retention";

let t: TestApp;
let ana: string;
let ben: string;
const NOW = new Date("2026-11-29T12:00:00.000Z");
const daysAgo = (d: number) => new Date(NOW.getTime() - d * 24 * 60 * 60 * 1000).toISOString();

beforeAll(async () => {
  t = await createTestApp();
  ana = (await t.signUp("ana@example.com")).userId;
  ben = (await t.signUp("ben@example.com")).userId;
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.deps.db.delete(authenticationLogs);
  await t.deps.db.delete(cspReports);
  await t.deps.db.delete(rateLimitViolations);
});

/** `n` audit rows for `userId` (null: no user), the i-th `ageDays(i)` days old. */
const auditRows = (userId: string | null, n: number, ageDays: (i: number) => number) =>
  t.deps.db.execute(sql`
    insert into authentication_logs (event_type, user_id, details, created_at)
    select 'sign_in', ${userId}, '{"outcome":"success"}'::jsonb, ${NOW.toISOString()}::timestamptz - make_interval(days => ${ageDays(0)}) - make_interval(secs => i)
    from generate_series(1, ${n}) as i`);
const auditCount = async (userId: string | null) =>
  Number((await t.deps.db.select({ n: count() }).from(authenticationLogs).where(userId ? eq(authenticationLogs.userId, userId) : isNull(authenticationLogs.userId)))[0]!.n);
/** `n` CSP reports `days` old, one second apart. */
const cspRows = (n: number, days: number) =>
  t.deps.db.execute(sql`
    insert into csp_reports (violated_directive, report, created_at)
    select 'script-src', '{}'::jsonb, ${NOW.toISOString()}::timestamptz - make_interval(days => ${days}) - make_interval(secs => i)
    from generate_series(1, ${n}) as i`);
const cspCount = async () => Number((await t.deps.db.select({ n: count() }).from(cspReports))[0]!.n);

describe("runRetention (decision 024)", () => {
  it("is the hourly 'retention' periodic task", () => {
    expect(PERIODIC_TASKS.find((task) => task.name === "retention")).toMatchObject({ everySeconds: 3600 });
    expect(RETENTION).toMatchObject({ auditLogDays: 365, auditLogKeepPerUser: 200, cspReportDays: 30, cspReportKeep: 100, cspReportMax: 10_000, violationDays: 30 });
  });

  it("audit log: deletes rows older than 365 days, but keeps each user's newest 200 whatever their age", async () => {
    // Ana: 3 recent rows and 250 older than a year → her newest 200 are the 3 recent and 197 old ones.
    await auditRows(ana, 3, () => 10);
    await auditRows(ana, 250, () => 400);
    // Ben: 50 rows older than a year, all within his newest 200 → kept.
    await auditRows(ben, 50, () => 500);
    // No user (failed sign-ins): 230 old → the newest 200 kept.
    await auditRows(null, 230, () => 380);
    // 300 rows of Ana's younger than a year would all be kept; here a row exactly 364 days old is.
    await auditRows(ana, 1, () => 364);
    const result = await runRetention(t.deps.db, t.deps.logger, NOW);
    expect(result).toMatchObject({ auditLogs: 250 - 196 + 30 });
    expect(await auditCount(ana)).toBe(200);
    expect(await auditCount(ben)).toBe(50);
    expect(await auditCount(null)).toBe(200);
    // The 4 young rows of Ana survive, and the oldest rows went first.
    const [oldest] = await t.deps.db.execute<{ min: string }>(sql`select min(created_at)::text as min from authentication_logs where user_id = ${ana}`).then((r) => (r as unknown as { rows: { min: string }[] }).rows);
    expect(new Date(oldest!.min).getTime()).toBeGreaterThan(new Date(daysAgo(401)).getTime());
    // Nothing more to do on a second run.
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toEqual({ auditLogs: 0, cspReports: 0, violations: 0 });
  });

  it("a user with more than 200 rows, all younger than a year, keeps them all", async () => {
    await auditRows(ana, 260, () => 100);
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toMatchObject({ auditLogs: 0 });
    expect(await auditCount(ana)).toBe(260);
  });

  it("CSP reports: deletes those older than 30 days but keeps the newest 100 whatever their age", async () => {
    await cspRows(20, 1);
    await cspRows(150, 45);
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toMatchObject({ cspReports: 70 });
    expect(await cspCount()).toBe(100);
    // Young reports are all kept when they are more than 100.
    await t.deps.db.delete(cspReports);
    await cspRows(150, 2);
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toMatchObject({ cspReports: 0 });
    expect(await cspCount()).toBe(150);
  });

  it("CSP reports: never more than the newest 10,000", async () => {
    await cspRows(RETENTION.cspReportMax + 37, 0);
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toMatchObject({ cspReports: 37 });
    expect(await cspCount()).toBe(RETENTION.cspReportMax);
  });

  it("rate-limit violations: deletes those older than 30 days", async () => {
    await t.deps.db.insert(rateLimitViolations).values([
      { category: "auth", subject: "ip:203.0.113.1", blockedSeconds: 60, createdAt: new Date(daysAgo(31)) },
      { category: "auth", subject: "ip:203.0.113.1", blockedSeconds: 60, createdAt: new Date(daysAgo(29)) },
    ]);
    expect(await runRetention(t.deps.db, t.deps.logger, NOW)).toMatchObject({ violations: 1 });
    expect(await t.deps.db.select().from(rateLimitViolations)).toHaveLength(1);
  });

  it("a failure deletes nothing and is logged, not thrown", async () => {
    await auditRows(ana, 250, () => 400);
    const broken = { ...t.deps.db, transaction: () => Promise.reject(new Error("database gone")) } as unknown as typeof t.deps.db;
    expect(await runRetention(broken, t.deps.logger, NOW)).toBeNull();
    expect(await auditCount(ana)).toBe(250);
  });
});

describe("security alerts (the 30-second security check, SPEC §9)", () => {
  it("above 10,000 alerts only the newest 8,000 are kept", async () => {
    await t.deps.db.execute(sql`
      insert into security_alerts (type, severity, source, status, created_at)
      select 'test', 'critical', 'retention-test', 'active', ${NOW.toISOString()}::timestamptz - make_interval(secs => i)
      from generate_series(1, ${securityLimits.maxAlerts + 1}) as i`);
    const result = await runSecurityCheck(t.deps.db, t.deps.logger, NOW);
    expect(result).toMatchObject({ trimmed: securityLimits.maxAlerts + 1 - securityLimits.keepAlerts });
    const left = await t.deps.db.select({ n: count() }).from(securityAlerts).where(eq(securityAlerts.source, "retention-test"));
    expect(Number(left[0]!.n)).toBe(securityLimits.keepAlerts);
    expect(securityLimits).toMatchObject({ maxAlerts: 10_000, keepAlerts: 8_000 });
    await t.deps.db.delete(securityAlerts);
    // The user table is untouched by any of it.
    expect((await t.deps.db.select().from(user)).length).toBe(2);
  });
});
