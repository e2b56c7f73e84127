import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { outbox, subscribers, usageWarnings } from "@routepilot/db";
import type { Notification, NotificationList } from "@routepilot/contracts";
import { startServer, type RunningServer } from "../../../platform/realtime/server";
import { BASE, createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "1000" });
});
afterAll(() => t.close());

const body = { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }] };

describe("GET /api/me/usage", () => {
  it("401 signed out", async () => {
    expect((await t.call("/api/me/usage")).status).toBe(401);
  });

  it("answers the SPEC §3 usage summary for a new user (created on first access)", async () => {
    const u = await t.signUp("fresh@example.com");
    const res = await t.call("/api/me/usage", { cookie: u.cookie });
    expect(res.status).toBe(200);
    const now = new Date();
    expect(await res.json()).toEqual({
      planName: "Free",
      monthlyLimit: 5,
      hasActiveSubscription: true,
      routesUsed: 0,
      subscriptionTier: "free",
      hasPaymentMethod: false,
      usagePercentage: 0,
      remainingRoutes: 5,
      isOverLimit: false,
      canOptimize: true,
      refusal: null,
      // The Free plan resets on the first day of the next calendar month (UTC).
      periodResetsAt: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString(),
    });
  });

  it("says before anything is typed that the next route is refused at the limit without a card, with the server's 402 message", async () => {
    const u = await t.signUp("limit@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5 }).where(eq(subscribers.userId, u.userId));
    const usage = (await (await t.call("/api/me/usage", { cookie: u.cookie })).json()) as { canOptimize: boolean; refusal: string | null };
    expect(usage.canOptimize).toBe(false);
    const refused = await t.call("/api/routes/optimize", { cookie: u.cookie, body });
    expect(refused.status).toBe(402);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(usage.refusal);
    // With a card on file the route above the limit is charged, not refused.
    await t.deps.db.update(subscribers).set({ hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    expect(await (await t.call("/api/me/usage", { cookie: u.cookie })).json()).toMatchObject({ canOptimize: true, refusal: null, isOverLimit: true });
  });

  it("resets the count when the period is over (calendar month without a Stripe customer)", async () => {
    const u = await t.signUp("old@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5, currentPeriodStart: new Date("2024-01-03T00:00:00Z") }).where(eq(subscribers.userId, u.userId));
    const usage = (await (await t.call("/api/me/usage", { cookie: u.cookie })).json()) as { routesUsed: number; isOverLimit: boolean };
    expect(usage).toMatchObject({ routesUsed: 0, isOverLimit: false });
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, u.userId));
    const now = new Date();
    expect(sub!.currentPeriodStart.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
  });

  it("caps the percentage at 100 and remaining at 0", async () => {
    const u = await t.signUp("heavy@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 9 }).where(eq(subscribers.userId, u.userId));
    expect(await (await t.call("/api/me/usage", { cookie: u.cookie })).json()).toMatchObject({ usagePercentage: 100, remainingRoutes: 0, isOverLimit: true });
  });
});

describe("usage e-mails (SPEC §9)", () => {
  const sentTo = async (email: string) => (await t.deps.db.select().from(outbox).where(and(eq(outbox.to, email), eq(outbox.kind, "usage-warning")))).map((m) => m.subject);
  const bell = async (cookie: string) => ((await (await t.call("/api/notifications", { cookie })).json()) as NotificationList).notifications;
  const optimise = async (cookie: string) => expect((await t.call("/api/routes/optimize", { cookie, body })).status).toBe(200);

  it("sends the 80 % warning at 4 of 5 and the 100 % warning at 5 of 5, once per period each", async () => {
    const u = await t.signUp("warned@example.com");
    const sent = () => sentTo("warned@example.com");
    for (let i = 0; i < 3; i++) await optimise(u.cookie);
    expect(await sent()).toEqual([]);
    expect(await bell(u.cookie)).toEqual([]);
    await optimise(u.cookie);
    expect(await sent()).toEqual(["You have used 4 of your 5 routes this month"]);
    await optimise(u.cookie);
    expect(await sent()).toHaveLength(2);
    expect((await sent())[1]).toBe("You have used all the routes in your plan this month");
    // Over the limit with a payment method: no third message in the same period.
    await t.deps.db.update(subscribers).set({ hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    await optimise(u.cookie);
    expect(await sent()).toHaveLength(2);
    const marks = await t.deps.db.select().from(usageWarnings).where(eq(usageWarnings.userId, u.userId));
    expect(marks.map((m) => m.kind).sort()).toEqual(["usage_warning_100", "usage_warning_80"]);
    // The e-mail says when the allowance resets, in the user's language and time zone (English is British English: "1 December 2026").
    const [mail] = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, "warned@example.com"), eq(outbox.kind, "usage-warning")));
    const now = new Date();
    const reset = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    expect(reset).toMatch(/^1 [A-Z][a-z]+ \d{4}$/);
    expect(mail!.text).toContain(`resets on ${reset}`);
  });

  it("is written in the user's language (decision 028): a German user's 80 % and 100 % e-mails are German, dates and amounts too", async () => {
    const u = await t.signUp("deutsch@example.com");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: u.cookie, body: { language: "de", timezone: "Europe/Berlin" } })).status).toBe(200);
    for (let i = 0; i < 4; i++) await optimise(u.cookie);
    const mails = async () => t.deps.db.select().from(outbox).where(and(eq(outbox.to, "deutsch@example.com"), eq(outbox.kind, "usage-warning"))).orderBy(outbox.createdAt);
    const [near] = await mails();
    expect(near!.subject).toBe("Sie haben in diesem Monat 4 von 5 Routen genutzt");
    const now = new Date();
    const reset = new Intl.DateTimeFormat("de-DE", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Berlin" }).format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
    expect(near!.text).toContain(`Sobald alle 5 genutzt sind, warten neue Optimierungen, bis Ihr Kontingent am ${reset} zurückgesetzt wird.`);
    expect(near!.text).toContain("Ihr Tarif: http://localhost:3000/subscription");
    expect(near!.html).toContain('<html lang="de">');
    expect(near!.headers).toMatchObject({ "Content-Language": "de" });
    // At the limit with a card on file: the price in German notation.
    await t.deps.db.update(subscribers).set({ hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    await optimise(u.cookie);
    const limit = (await mails())[1]!;
    expect(limit.subject).toBe("Sie haben in diesem Monat alle Routen Ihres Tarifs genutzt");
    expect(limit.text).toMatch(/Jede weitere Route kostet 1,00\s£ und wird Ihrer hinterlegten Karte belastet, bis Ihr Kontingent am \d+\. \S+ \d{4} zurückgesetzt wird\./);
    // The bell keeps the contracts' texts (the web app translates them).
    expect((await bell(u.cookie)).map((n) => n.title)).toContain("Monthly limit reached");
  });

  it("puts the 80 % and 100 % notices in the bell once per period, and again in the next period", async () => {
    const u = await t.signUp("bell@example.com");
    for (let i = 0; i < 4; i++) await optimise(u.cookie);
    let items = await bell(u.cookie);
    expect(items.map((n) => [n.type, n.title])).toEqual([["alert", "You are near your monthly route limit"]]);
    expect(items[0]!.message).toMatch(/^4 of your 5 routes used this month\. Your allowance resets on .+\d{4}\.$/);
    await optimise(u.cookie);
    items = await bell(u.cookie);
    expect(items.map((n) => n.title)).toEqual(["Monthly limit reached", "You are near your monthly route limit"]);
    expect(items[0]!.message).toMatch(/^All 5 routes of your plan are used\. You can optimise again on .+\d{4}\.$/);
    // The same period: refused at the limit, nothing new in the bell or the outbox.
    expect((await t.call("/api/routes/optimize", { cookie: u.cookie, body })).status).toBe(402);
    expect(await bell(u.cookie)).toHaveLength(2);
    expect(await sentTo("bell@example.com")).toHaveLength(2);
    // The next period (the stored one is over): the count starts again and the notices come again.
    await t.deps.db.update(subscribers).set({ currentPeriodStart: new Date("2024-01-01T00:00:00Z") }).where(eq(subscribers.userId, u.userId));
    await t.deps.db.update(usageWarnings).set({ periodStart: new Date("2024-01-01T00:00:00Z") }).where(eq(usageWarnings.userId, u.userId));
    for (let i = 0; i < 4; i++) await optimise(u.cookie);
    expect((await bell(u.cookie)).map((n) => n.title)).toEqual(["You are near your monthly route limit", "Monthly limit reached", "You are near your monthly route limit"]);
    expect(await sentTo("bell@example.com")).toHaveLength(3);
  });

  it("sends no usage e-mail when notifications are off in Settings; the bell still shows the notices", async () => {
    const u = await t.signUp("quiet@example.com");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: u.cookie, body: { notifications: false } })).status).toBe(200);
    for (let i = 0; i < 5; i++) await optimise(u.cookie);
    expect(await sentTo("quiet@example.com")).toEqual([]);
    expect((await bell(u.cookie)).map((n) => n.title)).toEqual(["Monthly limit reached", "You are near your monthly route limit"]);
    // Turned on again: the next threshold of a period mails again (here the next period).
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: u.cookie, body: { notifications: true } })).status).toBe(200);
    await t.deps.db.update(subscribers).set({ currentPeriodStart: new Date("2024-01-01T00:00:00Z") }).where(eq(subscribers.userId, u.userId));
    await t.deps.db.update(usageWarnings).set({ periodStart: new Date("2024-01-01T00:00:00Z") }).where(eq(usageWarnings.userId, u.userId));
    for (let i = 0; i < 4; i++) await optimise(u.cookie);
    expect(await sentTo("quiet@example.com")).toEqual(["You have used 4 of your 5 routes this month"]);
  });

  it("two concurrent routes at the threshold send one e-mail and write each notice once", async () => {
    const u = await t.signUp("race@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    // 4 of 5 with a card on file: both requests go through (5 and 6 of 5), both reach the 100 % threshold.
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 4, hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    const results = await Promise.all([1, 2].map(() => t.call("/api/routes/optimize", { cookie: u.cookie, body })));
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await sentTo("race@example.com")).toEqual(["You have used all the routes in your plan this month"]);
    const items = await bell(u.cookie);
    expect(items.map((n) => n.title).sort()).toEqual(["Monthly limit reached", "You are near your monthly route limit"]);
    expect(items.find((n) => n.title === "Monthly limit reached")!.message).toMatch(/Each further route costs £1\.00 until /);
    const [mail] = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, "race@example.com"), eq(outbox.kind, "usage-warning")));
    expect(mail!.text).toMatch(/Each further route costs £1\.00, charged to your card on file/);
  });

  it("a second run of the same notice (a retry, another process) sends nothing", async () => {
    const u = await t.signUp("rerun@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 3 }).where(eq(subscribers.userId, u.userId));
    await optimise(u.cookie);
    const { sendUsageWarnings } = await import("../usage");
    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, u.userId));
    const consumption = { routesUsed: 4, monthlyLimit: 5, overageRoutes: 0, overageAmount: 0, periodStart: sub!.currentPeriodStart, fallback: false, overageChargeId: null, teamId: null };
    await Promise.all([1, 2, 3].map(() => sendUsageWarnings({ ...t.deps, baseUrl: BASE }, { id: u.userId, email: "rerun@example.com" }, consumption)));
    expect(await sentTo("rerun@example.com")).toEqual(["You have used 4 of your 5 routes this month"]);
    expect(await bell(u.cookie)).toHaveLength(1);
  });
});

describe("usage notices in the user's formats (issue 28)", () => {
  const bell = async (cookie: string) => ((await (await t.call("/api/notifications", { cookie })).json()) as NotificationList).notifications;

  it("writes the reset date in the user's language and the price in their number format", async () => {
    const u = await t.signUp("sprache@example.com");
    expect((await t.call("/api/preferences", { method: "PATCH", cookie: u.cookie, body: { language: "de", timezone: "Europe/Berlin" } })).status).toBe(200);
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 4, hasPaymentMethod: true }).where(eq(subscribers.userId, u.userId));
    expect((await t.call("/api/routes/optimize", { cookie: u.cookie, body })).status).toBe(200);
    const limit = (await bell(u.cookie)).find((n) => n.title === "Monthly limit reached");
    // "1. Dezember 2026" (the Free plan resets on the 1st, midnight UTC: still the 1st in Berlin); "1,00 £".
    expect(limit!.message).toMatch(/^All 5 routes of your plan are used\. Each further route costs 1,00\u00a0£ until 1\. [A-ZÄÖÜ][a-zäöü]+ \d{4}\.$/);
  });
});

/** A WebSocket to /api/realtime that keeps every message it receives. */
function openSocket(port: number, cookie: string) {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/api/realtime`, { headers: { origin: BASE, cookie } });
  const messages: { topic: string; type: string; data: unknown }[] = [];
  socket.on("message", (raw) => messages.push(JSON.parse(String(raw)) as (typeof messages)[number]));
  const until = async (match: (m: (typeof messages)[number]) => boolean, timeoutMs = 5000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages.find(match);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`no such message in time; got ${JSON.stringify(messages)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return { socket, messages, until };
}

describe("usage notices pushed to open tabs (realtime)", () => {
  let running: RunningServer;
  beforeAll(async () => {
    running = await startServer(t, { port: 0, hostname: "127.0.0.1" });
  });
  afterAll(() => new Promise((resolve) => running.server.close(resolve)));

  it("a second tab of the user hears of the 80 % notice as it is made, not at its next poll; nobody else does", async () => {
    const u = await t.signUp("two-tabs@example.com");
    const other = await t.signUp("other-tab@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 3 }).where(eq(subscribers.userId, u.userId));
    const tabs = [openSocket(running.port, u.cookie), openSocket(running.port, u.cookie)];
    const stranger = openSocket(running.port, other.cookie);
    await Promise.all([...tabs, stranger].map((s) => s.until((m) => m.topic === "system" && m.type === "ready")));

    // The first tab optimises the 4th of 5 routes over HTTP.
    const res = await fetch(`http://127.0.0.1:${running.port}/api/routes/optimize`, {
      method: "POST",
      headers: { origin: BASE, cookie: u.cookie, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);

    const [stored] = (await (await t.call("/api/notifications", { cookie: u.cookie })).json() as NotificationList).notifications;
    expect(stored!.title).toBe("You are near your monthly route limit");
    for (const tab of tabs) {
      const pushed = await tab.until((m) => m.topic === "notifications");
      expect(pushed).toEqual({ topic: "notifications", type: "created", data: { notification: stored } });
      expect((pushed.data as { notification: Notification }).notification.message).toMatch(/^4 of your 5 routes used this month\./);
    }
    // Another user's socket got nothing but its ready message.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(stranger.messages.map((m) => m.topic)).toEqual(["system"]);
    for (const s of [...tabs, stranger]) s.socket.close();
  });
});
