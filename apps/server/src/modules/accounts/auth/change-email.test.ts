import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMethodMessages } from "@routepilot/contracts";
import { authenticationLogs, user } from "@routepilot/db";
import { BASE, createTestApp, type TestApp } from "../../../test/harness";
import { firstLink, startTestSmtp } from "../../../test/smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const change = (newEmail: unknown, cookie?: string) => t.call("/api/auth/change-email", { body: { newEmail, callbackURL: "/profile?email-changed=1" }, cookie });
const emailOf = async (id: string) => (await t.deps.db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, id)))[0];

describe("POST /api/auth/change-email", () => {
  it("needs a session", async () => {
    expect((await change("someone@example.com")).status).toBe(401);
  });

  it("sends the link to the new address, tells the old one, and changes nothing until the link is used", async () => {
    const { cookie, userId } = await t.signUp("old@example.com", undefined, "Mover");
    const res = await change("New@Example.com", cookie);
    expect(res.status).toBe(200);

    const notice = await smtp.waitFor("old@example.com", /being changed/);
    expect(notice.body).toContain("new@example.com");
    expect(notice.body).not.toContain("/api/auth/verify-email");
    const confirm = await smtp.waitFor("new@example.com", /Confirm your new RoutePilot e-mail address/);
    expect(confirm.body).toContain("old@example.com");
    expect(await emailOf(userId)).toMatchObject({ email: "old@example.com" });

    const landing = await t.call(firstLink(confirm).replace(BASE, ""), { cookie });
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toContain("/profile?email-changed=1");
    expect(await emailOf(userId)).toEqual({ email: "new@example.com", emailVerified: true });
    // The old address no longer signs in; the new one does.
    expect((await t.signIn("old@example.com")).status).toBe(401);
    expect((await t.signIn("new@example.com")).status).toBe(200);

    const logs = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, userId), eq(authenticationLogs.eventType, "email_change")));
    expect(logs.map((l) => (l.details as { action?: string }).action).sort()).toEqual(["e-mail change confirmed", "e-mail change requested"]);
  });

  it("refuses an address already used by another account, with a clear message", async () => {
    await t.signUp("taken@example.com");
    const { cookie, userId } = await t.signUp("wants@example.com");
    const res = await change("Taken@example.com", cookie);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ code: "EMAIL_IN_USE", message: signInMethodMessages.emailInUse, fields: { newEmail: signInMethodMessages.emailInUse } });
    expect(await emailOf(userId)).toMatchObject({ email: "wants@example.com" });
  });

  it("refuses a malformed address and the current one with the messages", async () => {
    const { cookie } = await t.signUp("same@example.com");
    const bad = await change("nope", cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toBe("Invalid format");
    const same = await change("SAME@example.com", cookie);
    expect(same.status).toBe(400);
    expect(((await same.json()) as { message: string }).message).toBe(signInMethodMessages.emailSame);
    const wrongType = await change(42, cookie);
    expect(wrongType.status).toBe(400);
  });
});
