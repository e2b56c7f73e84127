import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminMessages, contactInboxMessages, type ContactInboxPage, type ContactMessageDetail } from "@routepilot/contracts";
import { authenticationLogs, contactMessages, contactReplies, outbox, user } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let boss: { cookie: string; userId: string };
let admin: { cookie: string; userId: string };
let plain: { cookie: string; userId: string };
let manager: { cookie: string; userId: string };

const message = (n: number, extra: Record<string, unknown> = {}) => ({
  name: `Sender ${n}`,
  email: `sender${n}@example.com`,
  topic: "support",
  message: `Message number ${n}: the optimiser skipped my depot.`,
  ...extra,
});

async function send(body: Record<string, unknown>, cookie?: string): Promise<string> {
  const res = await t.call("/api/contact", { body, ...(cookie ? { cookie } : {}) });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}
const inbox = async (query = "", cookie = admin.cookie) => {
  const res = await t.call(`/api/admin/contact-messages${query}`, { cookie });
  expect(res.status).toBe(200);
  return (await res.json()) as ContactInboxPage;
};
const mailTo = (to: string) => t.deps.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(desc(outbox.createdAt));

beforeAll(async () => {
  t = await createTestApp({ SUPPORT_EMAIL: "support@routepilot.test" });
  // The instance's first account is super_admin.
  boss = await t.signUp("boss@example.com", undefined, "Boss Person");
  admin = await t.signUp("helper@example.com", undefined, "Helper Admin");
  await t.deps.db.update(user).set({ role: "admin" }).where(eq(user.id, admin.userId));
  plain = await t.signUp("plain@example.com", undefined, "Plain User");
  // A fleet manager: a team role in the role field, not an administrator.
  manager = await t.signUp("manager@example.com", undefined, "Fleet Manager");
  await t.deps.db.update(user).set({ role: "user,manager" }).where(eq(user.id, manager.userId));
});
afterAll(() => t.close());

describe("POST /api/contact e-mails", () => {
  it("stores the message, sends the sender a copy with their text and SUPPORT_EMAIL a copy answering to the sender", async () => {
    const id = await send(message(1, { message: "Line one of my question\nand line two <b>bold</b>?".replace("<b>bold</b>", "in bold") }));
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id)))[0]).toMatchObject({ status: "open", readAt: null });
    const [copy] = await mailTo("sender1@example.com");
    expect(copy).toMatchObject({ subject: "We received your message", kind: "contact-copy" });
    expect(copy!.text).toContain("> Line one of my question\n> and line two in bold?");
    expect(copy!.html).toContain("Line one of my question<br>&gt; and line two in bold?");
    const [support] = await mailTo("support@routepilot.test");
    expect(support).toMatchObject({ subject: "Contact form: Technical support from Sender 1", headers: { "Reply-To": "sender1@example.com" } });
    expect(support!.text).toContain("Sender 1 <sender1@example.com> wrote through the contact form:");
    expect(support!.text).toContain("http://localhost:3000/admin?tab=inbox");
  });

  it("without SUPPORT_EMAIL only the sender's copy goes", async () => {
    const bare = await createTestApp();
    try {
      expect((await bare.call("/api/contact", { body: message(2) })).status).toBe(201);
      const mails = await bare.deps.db.select().from(outbox);
      expect(mails.map((m) => m.to)).toEqual(["sender2@example.com"]);
    } finally {
      await bare.close();
    }
  });

  it("a mailer that fails loses no message: the row is stored and the answer is still 201", async () => {
    const original = t.deps.mailer.send;
    t.deps.mailer.send = () => Promise.reject(new Error("mail server on fire"));
    try {
      const id = await send(message(3));
      expect(await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, id))).toHaveLength(1);
    } finally {
      t.deps.mailer.send = original;
    }
  });

  it("a subject never carries the sender's line breaks", async () => {
    await send(message(4, { name: "Multi\nLine" }));
    const [support] = await mailTo("support@routepilot.test");
    expect(support!.subject).toBe("Contact form: Technical support from Multi Line");
  });
});

describe("GET /api/admin/contact-messages", () => {
  it("401 signed out; 403 for a plain user and a fleet manager", async () => {
    expect((await t.call("/api/admin/contact-messages")).status).toBe(401);
    for (const who of [plain, manager]) {
      const res = await t.call("/api/admin/contact-messages", { cookie: who.cookie });
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: { code: "FORBIDDEN", message: adminMessages.adminsOnly } });
    }
  });

  it("lists newest first with the total and the unread count, for an admin and a super admin", async () => {
    const page = await inbox();
    expect(page.total).toBe(3);
    expect(page.unread).toBe(3);
    expect(page.messages.map((m) => m.name)).toEqual(["Multi\nLine", "Sender 3", "Sender 1"]);
    expect(page.messages[1]).toMatchObject({ email: "sender3@example.com", topic: "support", status: "open", read: false, replies: 0, userId: null });
    expect(page.messages[1]!.preview).toBe("Message number 3: the optimiser skipped my depot.");
    expect((await inbox("", boss.cookie)).total).toBe(3);
  });

  it("searches name, e-mail, topic and message case-insensitively, wildcards literally", async () => {
    const signedIn = await send(message(5, { name: "Zoë Planner", email: "zoe@fleet.example", topic: "billing", message: "Invoice 100% wrong for the_month" }), plain.cookie);
    expect((await inbox("?q=ZOË")).messages.map((m) => m.id)).toEqual([signedIn]);
    expect((await inbox("?q=fleet.example")).total).toBe(1);
    expect((await inbox("?q=BILLING")).total).toBe(1);
    expect((await inbox("?q=skipped%20my")).total).toBe(2);
    expect((await inbox("?q=100%25")).total).toBe(1);
    expect((await inbox("?q=%25")).total).toBe(1);
    expect((await inbox("?q=the_month")).total).toBe(1);
    expect((await inbox("?q=nobody-wrote-this")).messages).toEqual([]);
    expect((await inbox(`?q=zoe`)).messages[0]).toMatchObject({ userId: plain.userId });
  });

  it("pages and filters by status", async () => {
    const all = await inbox("?pageSize=25&page=1");
    expect(all.total).toBe(4);
    expect((await inbox("?page=2")).messages).toEqual([]);
    expect((await inbox("?status=handled")).total).toBe(0);
    expect((await inbox("?status=open")).total).toBe(4);
  });

  it("400 for an unknown status filter, a page size other than 25, 50 or 100, a page of 0", async () => {
    const bad = await t.call("/api/admin/contact-messages?status=spam", { cookie: admin.cookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { status: contactInboxMessages.unknownStatusFilter } } });
    expect((await t.call("/api/admin/contact-messages?pageSize=10", { cookie: admin.cookie })).status).toBe(400);
    expect((await t.call("/api/admin/contact-messages?page=0", { cookie: admin.cookie })).status).toBe(400);
    expect((await t.call(`/api/admin/contact-messages?q=${"x".repeat(201)}`, { cookie: admin.cookie })).status).toBe(400);
  });
});

describe("GET /api/admin/contact-messages/{id}", () => {
  it("opens a message with its full text and marks it read once (the unread count drops)", async () => {
    const before = await inbox();
    const target = before.messages.find((m) => m.name === "Sender 3")!;
    const res = await t.call(`/api/admin/contact-messages/${target.id}`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const detail = (await res.json()) as ContactMessageDetail;
    expect(detail).toMatchObject({ id: target.id, message: "Message number 3: the optimiser skipped my depot.", read: true, status: "open", replies: [] });
    const [row] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, target.id));
    expect(row).toMatchObject({ readBy: admin.userId });
    // A second reader does not take the first read over.
    await t.call(`/api/admin/contact-messages/${target.id}`, { cookie: boss.cookie });
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, target.id)))[0]).toMatchObject({ readBy: admin.userId, readAt: row!.readAt });
    const after = await inbox();
    expect(after.unread).toBe(before.unread - 1);
    expect(after.messages.find((m) => m.id === target.id)).toMatchObject({ read: true });
  });

  it("404 for an unknown id or one that is not an id; 403 for a plain user; 401 signed out", async () => {
    const [any] = (await inbox()).messages;
    expect((await t.call("/api/admin/contact-messages/00000000-0000-4000-8000-000000000000", { cookie: admin.cookie })).status).toBe(404);
    const odd = await t.call("/api/admin/contact-messages/not-a-uuid", { cookie: admin.cookie });
    expect(odd.status).toBe(404);
    expect(await odd.json()).toMatchObject({ error: { code: "NOT_FOUND" } });
    expect((await t.call(`/api/admin/contact-messages/${any!.id}`, { cookie: plain.cookie })).status).toBe(403);
    expect((await t.call(`/api/admin/contact-messages/${any!.id}`)).status).toBe(401);
    // A refused reader marks nothing read.
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, any!.id)))[0]!.readAt).toBeNull();
  });
});

describe("POST /api/admin/contact-messages/{id}/reply", () => {
  it("e-mails the reply to the sender quoting the message, stores it with who and when, marks the message answered and read, audits it", async () => {
    const target = (await inbox("?q=sender1")).messages[0]!;
    const res = await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: boss.cookie, body: { text: "  Hello! Please update your settings: the depot is under Fleet → Settings.  " } });
    expect(res.status).toBe(201);
    const detail = (await res.json()) as ContactMessageDetail;
    expect(detail).toMatchObject({ status: "answered", read: true });
    expect(detail.replies).toHaveLength(1);
    expect(detail.replies[0]).toMatchObject({ text: "Hello! Please update your settings: the depot is under Fleet → Settings.", authorName: "Boss Person", authorEmail: "boss@example.com", delivery: "queued", deliveryError: null });

    const [mail] = await t.deps.db.select().from(outbox).where(and(eq(outbox.to, "sender1@example.com"), eq(outbox.subject, "Re: your message to RoutePilot")));
    expect(mail!.text).toContain("Hello! Please update your settings: the depot is under Fleet → Settings.");
    expect(mail!.text).toContain("> Line one of my question");
    // When it was written, for a sender who wrote signed out: English, UTC ("You wrote on 29 November 2026:").
    const [sent] = await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, target.id));
    const written = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(sent!.createdAt);
    expect(mail!.text).toContain(`You wrote on ${written}:`);
    const [reply] = await t.deps.db.select().from(contactReplies).where(eq(contactReplies.messageId, target.id));
    expect(reply).toMatchObject({ authorId: boss.userId, outboxId: mail!.id });

    const [audit] = await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, "contact_reply"));
    expect(audit).toMatchObject({ userId: boss.userId });
    expect(audit!.details.metadata).toMatchObject({ messageId: target.id, replyId: reply!.id, to: "sender1@example.com", before: "open", after: "answered" });
    expect((await inbox("?status=answered")).messages.map((m) => m.id)).toEqual([target.id]);
    expect((await inbox("?q=sender1")).messages[0]).toMatchObject({ replies: 1, read: true });
  });

  it("the reply's HTML is escaped", async () => {
    const target = (await inbox("?q=sender3")).messages[0]!;
    expect((await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: admin.cookie, body: { text: "Use <b>this</b> & that" } })).status).toBe(201);
    const [mail] = await mailTo("sender3@example.com");
    expect(mail!.html).toContain("Use &lt;b&gt;this&lt;/b&gt; &amp; that");
  });

  it.each([
    [{ text: "" }, contactInboxMessages.replyRequired],
    [{ text: "   \n  " }, contactInboxMessages.replyRequired],
    [{ text: "x".repeat(5001) }, contactInboxMessages.replyTooLong],
    [{ text: "bell \u0007 rings" }, contactInboxMessages.replyControlCharacters],
    [{}, contactInboxMessages.replyRequired],
    [{ text: 42 }, contactInboxMessages.replyRequired],
  ])("400 for %j with a clear message; nothing stored or sent", async (body, text) => {
    const target = (await inbox("?q=sender3")).messages[0]!;
    const repliesBefore = (await t.deps.db.select().from(contactReplies)).length;
    const mailsBefore = (await t.deps.db.select().from(outbox)).length;
    const res = await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: admin.cookie, body });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "VALIDATION_ERROR", fields: { text } } });
    expect((await t.deps.db.select().from(contactReplies)).length).toBe(repliesBefore);
    expect((await t.deps.db.select().from(outbox)).length).toBe(mailsBefore);
  });

  it("accepts exactly 5000 characters; 400 for unknown fields", async () => {
    const target = (await inbox("?q=sender3")).messages[0]!;
    expect((await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: admin.cookie, body: { text: "y".repeat(5000) } })).status).toBe(201);
    expect((await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: admin.cookie, body: { text: "ok", to: "else@example.com" } })).status).toBe(400);
  });

  it("404 for an unknown message, 403 for a plain user and a fleet manager (nothing sent), 401 signed out", async () => {
    const mailsBefore = (await t.deps.db.select().from(outbox)).length;
    expect((await t.call(`/api/admin/contact-messages/00000000-0000-4000-8000-000000000000/reply`, { cookie: admin.cookie, body: { text: "Hi" } })).status).toBe(404);
    const target = (await inbox()).messages[0]!;
    for (const who of [plain, manager]) expect((await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: who.cookie, body: { text: "Hi" } })).status).toBe(403);
    expect((await t.call(`/api/admin/contact-messages/${target.id}/reply`, { body: { text: "Hi" } })).status).toBe(401);
    expect((await t.deps.db.select().from(outbox)).length).toBe(mailsBefore);
  });

  it("a mailer that stores nothing leaves the reply in the thread as not queued, and logs it", async () => {
    const target = (await inbox("?q=zoe")).messages[0]!;
    const original = t.deps.mailer.send;
    t.deps.mailer.send = () => Promise.resolve();
    try {
      const res = await t.call(`/api/admin/contact-messages/${target.id}/reply`, { cookie: admin.cookie, body: { text: "Your invoice is fixed." } });
      expect(res.status).toBe(201);
      expect(((await res.json()) as ContactMessageDetail).replies.at(-1)).toMatchObject({ text: "Your invoice is fixed.", delivery: "not-queued" });
    } finally {
      t.deps.mailer.send = original;
    }
  });

  it("an SMTP failure shows as failed with the error (the mail-retry task tries again)", async () => {
    const smtp = await createTestApp({ SMTP_URL: "smtp://127.0.0.1:9" });
    try {
      const { cookie } = await smtp.signUp("first@example.com");
      expect((await smtp.call("/api/contact", { body: message(9) })).status).toBe(201);
      const list = (await (await smtp.call("/api/admin/contact-messages", { cookie })).json()) as ContactInboxPage;
      const res = await smtp.call(`/api/admin/contact-messages/${list.messages[0]!.id}/reply`, { cookie, body: { text: "We are on it." } });
      expect(res.status).toBe(201);
      const reply = ((await res.json()) as ContactMessageDetail).replies[0]!;
      expect(reply.delivery).toBe("failed");
      expect(reply.deliveryError).toMatch(/ECONNREFUSED|connect/i);
    } finally {
      await smtp.close();
    }
  });
});

describe("PATCH /api/admin/contact-messages/{id}", () => {
  it("marks handled and reopens, audited each time; read and unread", async () => {
    const target = (await inbox("?q=sender1")).messages[0]!;
    const handled = await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: admin.cookie, body: { status: "handled" } });
    expect(handled.status).toBe(200);
    expect(await handled.json()).toMatchObject({ status: "handled" });
    expect((await inbox("?status=handled")).messages.map((m) => m.id)).toEqual([target.id]);
    const reopened = await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: boss.cookie, body: { status: "open" } });
    expect(await reopened.json()).toMatchObject({ status: "open" });
    const audits = await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, "contact_status")).orderBy(authenticationLogs.createdAt);
    expect(audits.map((a) => [a.userId, (a.details as { action?: string }).action, a.details.metadata])).toEqual([
      [admin.userId, "mark handled", expect.objectContaining({ messageId: target.id, before: "answered", after: "handled" })],
      [boss.userId, "reopen", expect.objectContaining({ messageId: target.id, before: "handled", after: "open" })],
    ]);
    // Setting the same status again changes and audits nothing.
    await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: boss.cookie, body: { status: "open" } });
    expect(await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, "contact_status"))).toHaveLength(2);

    const unread = (await inbox()).unread;
    expect(await (await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: admin.cookie, body: { read: false } })).json()).toMatchObject({ read: false, readAt: null });
    expect((await inbox()).unread).toBe(unread + 1);
    expect(await (await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: admin.cookie, body: { read: true } })).json()).toMatchObject({ read: true });
  });

  it.each([
    [{ status: "answered" }, "status", contactInboxMessages.unknownStatus],
    [{ status: "closed" }, "status", contactInboxMessages.unknownStatus],
    [{ read: "yes" }, "read", null],
    [{ status: "handled", note: "x" }, null, null],
  ])("400 for %j", async (body, field, text) => {
    const target = (await inbox()).messages[0]!;
    const res = await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: admin.cookie, body });
    expect(res.status).toBe(400);
    const out = (await res.json()) as { error: { code: string; fields?: Record<string, string> } };
    expect(out.error.code).toBe("VALIDATION_ERROR");
    if (field && text) expect(out.error.fields?.[field]).toBe(text);
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, target.id)))[0]!.status).toBe(target.status);
  });

  it("400 for an empty body with the message saying what to send", async () => {
    const target = (await inbox()).messages[0]!;
    const res = await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: admin.cookie, body: {} });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain(contactInboxMessages.nothingToChange);
  });

  it("404 unknown, 403 plain user and fleet manager, 401 signed out; nothing changes", async () => {
    const target = (await inbox()).messages[0]!;
    expect((await t.call(`/api/admin/contact-messages/00000000-0000-4000-8000-000000000000`, { method: "PATCH", cookie: admin.cookie, body: { status: "handled" } })).status).toBe(404);
    for (const who of [plain, manager]) expect((await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", cookie: who.cookie, body: { status: "handled" } })).status).toBe(403);
    expect((await t.call(`/api/admin/contact-messages/${target.id}`, { method: "PATCH", body: { status: "handled" } })).status).toBe(401);
    expect((await t.deps.db.select().from(contactMessages).where(eq(contactMessages.id, target.id)))[0]!.status).toBe(target.status);
  });
});
