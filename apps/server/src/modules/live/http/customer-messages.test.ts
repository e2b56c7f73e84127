import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { driverMessages, fleetMessages, type CustomerMessageSettings } from "@routepilot/contracts";
import { customerMessages } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";
import { afterDispatch, afterStopEvent, sendDueMessages, startCustomerMessageScheduler } from "../customer-messages";
import { defaultTemplates } from "../customer-messages/templates";
import { unsubscribeToken } from "../customer-messages/unsubscribe";
import { customerEmailAddress, customerWorld, insertRoute, mailsTo, setStop, type CustomerWorld } from "../../../test/customer-fixtures";

let t: TestApp;
let w: CustomerWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await customerWorld(t, "<b>Fleet & Co</b>");
});
afterAll(() => t.close());

const UNKNOWN = "6f1d2f4e-1111-4222-8333-944455556666";
const path = (teamId: string) => `/api/teams/${teamId}/customer-messages`;
const settings = (over: Partial<CustomerMessageSettings> = {}): CustomerMessageSettings => ({ enabled: true, templates: defaultTemplates, quietHours: null, ...over });
const errorOf = async (res: Response) => ({ status: res.status, ...((await res.json()) as { error: { message: string; fields?: Record<string, string> } }).error });

async function put(body: unknown, cookie = w.owner.cookie) {
  return t.call(path(w.teamId), { method: "PUT", cookie, body });
}

describe("GET/PUT /api/teams/{teamId}/customer-messages", () => {
  it("gives every manager the defaults, refuses drivers and members (403), hides the team from outsiders (404) and needs a session (401)", async () => {
    for (const who of [w.owner, w.admin, w.manager]) {
      const res = await t.call(path(w.teamId), { cookie: who.cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(settings());
    }
    for (const who of [w.driver, w.member]) expect(await errorOf(await t.call(path(w.teamId), { cookie: who.cookie }))).toMatchObject({ status: 403, message: fleetMessages.notManager });
    expect((await t.call(path(w.teamId), { cookie: w.outsider.cookie })).status).toBe(404);
    expect((await t.call(path(UNKNOWN), { cookie: w.owner.cookie })).status).toBe(404);
    expect((await t.call(path(w.teamId))).status).toBe(401);
    expect(await errorOf(await t.call(path(w.plainTeamId), { cookie: w.plainOwner.cookie }))).toMatchObject({ status: 403, message: fleetMessages.noFleetAccess });
  });

  it("lets the owner and admins save; managers read only (403); outsiders 404; signed out 401", async () => {
    const changed = settings({ enabled: false, quietHours: { start: "21:00", end: "07:30" }, templates: { ...defaultTemplates, next: { subject: "Nearly there", body: "Hi {customer}, {driver} is coming." } } });
    expect((await put(changed, w.admin.cookie)).status).toBe(200);
    const res = await put(changed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(changed);
    expect(await (await t.call(path(w.teamId), { cookie: w.manager.cookie })).json()).toEqual(changed);
    expect(await errorOf(await put(settings(), w.manager.cookie))).toMatchObject({ status: 403, message: driverMessages.templatesAdminOnly });
    expect((await put(settings(), w.driver.cookie)).status).toBe(403);
    expect((await put(settings(), w.outsider.cookie)).status).toBe(404);
    expect((await t.call(path(w.teamId), { method: "PUT", body: settings() })).status).toBe(401);
    expect((await put(settings())).status).toBe(200);
  });

  it("answers 400 with the field's message for an empty template, bad quiet hours or unknown fields, and saves nothing", async () => {
    const empty = await errorOf(await put(settings({ templates: { ...defaultTemplates, missed: { subject: " ", body: "x" } } })));
    expect(empty).toMatchObject({ status: 400, message: driverMessages.template });
    expect(empty.fields).toEqual({ "templates.missed.subject": driverMessages.template });
    const long = await errorOf(await put(settings({ templates: { ...defaultTemplates, next: { subject: "x", body: "y".repeat(5001) } } })));
    expect(long.fields).toEqual({ "templates.next.body": driverMessages.template });
    const quiet = await errorOf(await put(settings({ quietHours: { start: "25:00", end: "07:00" } })));
    expect(quiet).toMatchObject({ status: 400, message: driverMessages.quietHours });
    expect((await put({ ...settings(), extra: 1 })).status).toBe(400);
    expect(await (await t.call(path(w.teamId), { cookie: w.owner.cookie })).json()).toEqual(settings());
  });
});

describe("customer e-mails", () => {
  it("sends 'on its way' once per stop with a contact e-mail at dispatch: window in the team's time zone, tracking and unsubscribe links, names escaped in HTML", async () => {
    const ann = customerEmailAddress("ann");
    const { routeId, stops } = await insertRoute(t, w, [{ label: "Ann's <shop>", email: ann.toUpperCase(), name: "Ann <Smith>" }, { label: "No e-mail", phone: "+423 000" }]);
    const send = vi.spyOn(t.deps.mailer, "send");
    await afterDispatch(t.deps, [routeId]);
    await afterDispatch(t.deps, [routeId]);
    const token = await unsubscribeToken(t.deps, w.teamId, ann);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0].headers).toEqual({ "List-Unsubscribe": `<http://localhost:3000/api/unsubscribe/${token}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    send.mockRestore();
    // The one-click POST a mail client sends (a form body, no session) unsubscribes.
    const oneClick = await t.call(`/api/unsubscribe/${token}`, { method: "POST", rawBody: "List-Unsubscribe=One-Click", headers: { "content-type": "application/x-www-form-urlencoded", origin: "" } });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.json()).toMatchObject({ unsubscribed: true });
    const mails = await mailsTo(t, ann);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.kind).toBe("customer-message");
    expect(mail.subject).toBe("Your delivery from <b>Fleet & Co</b> is on its way");
    expect(mail.text).toContain("Hello Ann <Smith>,");
    // The year is written because 2030 is not this year (the formatter's "weekday" style).
    expect(mail.text).toContain("on Monday, 7 January 2030. We expect to be with you between 09:15 and 09:45.");
    expect(mail.text).toContain(`http://localhost:3000/track/${stops[0]!.trackingToken}`);
    expect(mail.text).toContain(`http://localhost:3000/unsubscribe/${token}`);
    expect(mail.html).toContain("&lt;b&gt;Fleet &amp; Co&lt;/b&gt;");
    expect(mail.html).toContain("Ann &lt;Smith&gt;");
    expect(mail.html).not.toContain("<b>Fleet");
    expect(mail.html).toContain(`<a href="http://localhost:3000/track/${stops[0]!.trackingToken}">`);
    const rows = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[1]!.id));
    expect(rows).toHaveLength(0);
  });

  it("sends 'delivered' for a done stop and 'next' to the following pending stop, once each; 'missed' with the reason", async () => {
    const [a, b, c] = [customerEmailAddress("a"), customerEmailAddress("b"), customerEmailAddress("c")];
    const { routeId, stops } = await insertRoute(t, w, [{ label: "A", email: a }, { label: "B", email: b }, { label: "C", email: c }], { status: "in_progress" });
    await setStop(t, stops[0]!.id, { status: "done", arrivedAt: new Date("2030-01-07T09:30:00Z"), completedAt: new Date("2030-01-07T09:40:00Z") });
    await afterStopEvent(t.deps, { routeId, routeStopId: stops[0]!.id });
    await afterStopEvent(t.deps, { routeId, routeStopId: stops[0]!.id });
    expect((await mailsTo(t, a)).map((m) => m.subject)).toEqual(["Delivered: A"]);
    const next = await mailsTo(t, b);
    expect(next.map((m) => m.subject)).toEqual(["You're next: <b>Fleet & Co</b> is heading to you"]);
    // 5 minutes behind plan (done 09:40, planned to leave at 09:35): B's 10:00 moves to 10:05.
    expect(next[0]!.text).toContain("Dora has just finished the previous delivery");
    expect(next[0]!.text).toContain("Expected arrival: 09:50 and 10:20.");
    expect(next[0]!.text).not.toContain("Driverson");
    await setStop(t, stops[1]!.id, { status: "failed", failureReason: "not_home", completedAt: new Date("2030-01-07T10:10:00Z") });
    await afterStopEvent(t.deps, { routeId, routeStopId: stops[1]!.id });
    const missed = (await mailsTo(t, b)).find((m) => m.subject === "We missed you: B");
    expect(missed?.text).toContain("Reason: not home.");
    expect((await mailsTo(t, c)).map((m) => m.subject)).toEqual(["You're next: <b>Fleet & Co</b> is heading to you"]);
  });

  it("holds messages due in quiet hours until they end, then sends each once, even with two senders at the same time", async () => {
    const hour = new Date().getUTCHours();
    const hh = (h: number) => `${String((h + 24) % 24).padStart(2, "0")}:00`;
    expect((await put(settings({ quietHours: { start: hh(hour - 1), end: hh(hour + 2) } }))).status).toBe(200);
    const held = customerEmailAddress("held");
    const { routeId, stops } = await insertRoute(t, w, [{ label: "Held", email: held }]);
    await afterDispatch(t.deps, [routeId]);
    expect(await mailsTo(t, held)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[0]!.id));
    expect(row?.status).toBe("held");
    const end = row!.sendAfter.getTime();
    expect(end).toBeGreaterThan(Date.now());
    expect(new Date(end).toISOString().slice(11, 16)).toBe(hh(hour + 2));
    expect(await sendDueMessages(t.deps, end - 1000)).toBe(0);
    const counts = await Promise.all([sendDueMessages(t.deps, end), sendDueMessages(t.deps, end)]);
    expect(counts[0]! + counts[1]!).toBe(1);
    expect(await sendDueMessages(t.deps, end)).toBe(0);
    expect(await mailsTo(t, held)).toHaveLength(1);
    const [after] = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[0]!.id));
    expect(after?.status).toBe("sent");
    expect((await put(settings())).status).toBe(200);
  });

  it("sends the first 100 of a large dispatch at once and leaves the rest due for the scheduler", async () => {
    const prefix = customerEmailAddress("bulk").split("@")[0]!;
    const emails = Array.from({ length: 120 }, (_, i) => `${prefix}-${i}@customer.example`);
    const { routeId, stops } = await insertRoute(t, w, emails.map((email, i) => ({ label: `Stop ${i + 1}`, email })));
    await afterDispatch(t.deps, [routeId]);
    const rows = await t.deps.db.select().from(customerMessages).where(inArray(customerMessages.routeStopId, stops.map((s) => s.id)));
    expect(rows).toHaveLength(120);
    expect(rows.filter((r) => r.status === "sent")).toHaveLength(100);
    expect(await sendDueMessages(t.deps)).toBe(20);
    for (const email of [emails[0]!, emails[119]!]) expect(await mailsTo(t, email)).toHaveLength(1);
  });

  it("releases held messages from the scheduler, which stops cleanly", async () => {
    const held = customerEmailAddress("scheduled");
    const { stops } = await insertRoute(t, w, [{ label: "Later", email: held }]);
    await t.deps.db.insert(customerMessages).values({ teamId: w.teamId, routeStopId: stops[0]!.id, kind: "on_its_way", email: held, status: "held", subject: "S", body: "B", sendAfter: new Date(Date.now() - 1000) });
    const scheduler = startCustomerMessageScheduler(t.deps, 20);
    for (let i = 0; i < 100 && (await mailsTo(t, held)).length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await scheduler.stop();
    expect(await mailsTo(t, held)).toHaveLength(1);
  });

  it("skips every message when the team turned e-mails off", async () => {
    expect((await put(settings({ enabled: false }))).status).toBe(200);
    const off = customerEmailAddress("off");
    const { routeId, stops } = await insertRoute(t, w, [{ label: "Off", email: off }]);
    await afterDispatch(t.deps, [routeId]);
    expect(await mailsTo(t, off)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[0]!.id));
    expect(row?.status).toBe("skipped");
    expect((await put(settings())).status).toBe(200);
  });
});

describe("GET/POST /api/unsubscribe/{token}", () => {
  it("shows who stops what, records it (again is fine), and later messages to the address are skipped", async () => {
    const bob = customerEmailAddress("bob");
    const token = await unsubscribeToken(t.deps, w.teamId, bob);
    const before = await t.call(`/api/unsubscribe/${token}`);
    expect(before.status).toBe(200);
    expect(await before.json()).toEqual({ teamName: "<b>Fleet & Co</b>", email: bob, unsubscribed: false });
    for (let i = 0; i < 2; i++) {
      const res = await t.call(`/api/unsubscribe/${token}`, { method: "POST" });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ teamName: "<b>Fleet & Co</b>", email: bob, unsubscribed: true });
    }
    expect(await (await t.call(`/api/unsubscribe/${token}`)).json()).toMatchObject({ unsubscribed: true });
    const { routeId, stops } = await insertRoute(t, w, [{ label: "Bob", email: bob }]);
    await afterDispatch(t.deps, [routeId]);
    expect(await mailsTo(t, bob)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[0]!.id));
    expect(row?.status).toBe("skipped");
  });

  it("skips a held message whose address unsubscribed meanwhile", async () => {
    const cat = customerEmailAddress("cat");
    const { stops } = await insertRoute(t, w, [{ label: "Cat", email: cat }]);
    await t.deps.db.insert(customerMessages).values({ teamId: w.teamId, routeStopId: stops[0]!.id, kind: "on_its_way", email: cat, status: "held", subject: "S", body: "B", sendAfter: new Date(Date.now() + 3_600_000) });
    expect((await t.call(`/api/unsubscribe/${await unsubscribeToken(t.deps, w.teamId, cat)}`, { method: "POST" })).status).toBe(200);
    expect(await sendDueMessages(t.deps, Date.now() + 3_600_000)).toBe(0);
    expect(await mailsTo(t, cat)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.routeStopId, stops[0]!.id));
    expect(row?.status).toBe("skipped");
  });

  it("answers 404 unsubscribeGone for a forged, altered or malformed token, and for a team that no longer exists", async () => {
    const token = await unsubscribeToken(t.deps, w.teamId, "eve@customer.example");
    const [payload, sig] = token.split(".") as [string, string];
    const other = Buffer.from(`${w.teamId}\nmallory@customer.example`).toString("base64url");
    for (const bad of [`${other}.${sig}`, `${payload}.${sig.slice(0, -1)}${sig.endsWith("A") ? "B" : "A"}`, (await unsubscribeToken(t.deps, UNKNOWN, "x@customer.example"))]) {
      for (const method of ["GET", "POST"]) expect(await errorOf(await t.call(`/api/unsubscribe/${bad}`, { method }))).toMatchObject({ status: 404, message: driverMessages.unsubscribeGone });
    }
    expect((await t.call("/api/unsubscribe/not-a-token")).status).toBe(404);
  });
});
