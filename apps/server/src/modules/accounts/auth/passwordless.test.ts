import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInMethodMessages } from "@routepilot/contracts";
import { authenticationLogs, outbox, user } from "@routepilot/db";
import { BASE, cookieFrom, createTestApp, type TestApp } from "../../../test/harness";
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

const requestLink = (email: string) => t.call("/api/auth/sign-in/magic-link", { body: { email, callbackURL: "/dashboard", errorCallbackURL: "/sign-in" } });
const requestCode = (email: string, type = "sign-in") => t.call("/api/auth/email-otp/send-verification-otp", { body: { email, type } });
const signInWithCode = (email: string, otp: string) => t.call("/api/auth/sign-in/email-otp", { body: { email, otp } });
const codeOf = (body: string) => /sign-in code is (\d{6})/.exec(body)?.[1] ?? "";
const follow = (link: string) => t.call(link.replace(BASE, ""));

async function signInLogs(userId: string) {
  return t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, userId), eq(authenticationLogs.eventType, "sign_in")));
}

describe("magic link", () => {
  it("e-mails a one-time link that signs the user in and is audited", async () => {
    const { userId } = await t.signUp("link@example.com", undefined, "Link User");
    const res = await requestLink("Link@Example.com");
    expect(res.status).toBe(200);
    const mail = await smtp.waitFor("link@example.com", /Your RoutePilot sign-in link/);
    expect(mail.body).toContain("Hello Link User");
    const link = firstLink(mail);
    expect(link).toContain("/api/auth/magic-link/verify?token=");

    const landing = await follow(link);
    expect(landing.status).toBe(302);
    expect(landing.headers.get("location")).toBe(`${BASE}/dashboard`);
    const cookie = cookieFrom(landing);
    const me = await t.call("/api/me", { cookie });
    expect(me.status).toBe(200);
    // The link proves the mailbox: the address counts as verified.
    const [row] = await t.deps.db.select().from(user).where(eq(user.id, userId));
    expect(row?.emailVerified).toBe(true);

    const logs = await signInLogs(userId);
    expect(logs.some((l) => l.details.outcome === "success" && (l.details.metadata as { method?: string }).method === "magic_link")).toBe(true);
    const requests = await t.deps.db.select().from(authenticationLogs).where(and(eq(authenticationLogs.userId, userId), eq(authenticationLogs.eventType, "sign_in_request")));
    expect((requests[0]?.details as { action?: string } | undefined)?.action).toBe("sign-in link requested");

    // It works once.
    const again = await follow(link);
    expect(again.status).toBe(302);
    expect(new URL(again.headers.get("location") ?? "", BASE).searchParams.get("error")).toBe("INVALID_TOKEN");
  });

  it("answers an unknown address the same way and sends nothing", async () => {
    const res = await requestLink("nobody@example.com");
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await t.deps.db.select().from(outbox).where(eq(outbox.to, "nobody@example.com"))).toHaveLength(0);
  });

  it("answers a link with a malformed callback 400, never 500", async () => {
    const res = await t.call("/api/auth/magic-link/verify?token=abc&callbackURL=%25E0%25A4%25A");
    expect(res.status).toBe(400);
  });

  it("refuses a malformed address with the SPEC message", async () => {
    const res = await requestLink("not-an-address");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Invalid format");
  });
});

describe("e-mail code", () => {
  it("signs in with the 6-digit code, refuses a wrong one, and audits both", async () => {
    const { userId } = await t.signUp("code@example.com");
    expect((await requestCode("code@example.com")).status).toBe(200);
    const mail = await smtp.waitFor("code@example.com", /Your RoutePilot sign-in code/);
    const code = codeOf(mail.body);
    expect(code).toMatch(/^\d{6}$/);

    const wrong = await signInWithCode("code@example.com", code === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { code: string }).code).toBe("INVALID_OTP");
    const malformed = await signInWithCode("code@example.com", "12ab");
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { message: string }).message).toBe(signInMethodMessages.codeFormat);

    const ok = await signInWithCode("code@example.com", code);
    expect(ok.status).toBe(200);
    expect((await t.call("/api/me", { cookie: cookieFrom(ok) })).status).toBe(200);
    const outcomes = (await signInLogs(userId)).filter((l) => (l.details.metadata as { method?: string }).method === "email_code").map((l) => l.details.outcome);
    expect(outcomes.sort()).toEqual(["failure", "success"]);
  });

  it("sends codes for signing in only; the plugin's other flows are off", async () => {
    const res = await requestCode("code@example.com", "forget-password");
    expect(res.status).toBe(400);
    for (const path of ["/api/auth/email-otp/reset-password", "/api/auth/email-otp/request-password-reset", "/api/auth/email-otp/change-email", "/api/auth/email-otp/verify-email"]) {
      const off = await t.call(path, { body: { email: "code@example.com", otp: "123456", password: "x", newEmail: "y@example.com" } });
      expect(off.status, path).toBe(404);
    }
  });
});

describe("accounts that cannot sign in without their password", () => {
  it("two-factor accounts get a 'use your password' mail instead of a link or a code, and earlier ones are refused", async () => {
    const { userId } = await t.signUp("totp@example.com");
    // A link and a code asked for before two-factor authentication was turned on…
    await requestLink("totp@example.com");
    const link = firstLink(await smtp.waitFor("totp@example.com", /sign-in link/));
    await requestCode("totp@example.com");
    const code = codeOf((await smtp.waitFor("totp@example.com", /sign-in code/)).body);
    await t.deps.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, userId));

    // …no longer sign in, with the reason on the sign-in page.
    const landing = await follow(link);
    expect(landing.status).toBe(302);
    const location = new URL(landing.headers.get("location") ?? "", BASE);
    expect(location.pathname).toBe("/sign-in");
    expect(location.searchParams.get("error")).toBe("TWO_FACTOR_PASSWORD_REQUIRED");
    expect(cookieFrom(landing)).not.toMatch(/session_token/);
    const byCode = await signInWithCode("totp@example.com", code);
    expect(byCode.status).toBe(403);
    expect(await byCode.json()).toMatchObject({ code: "TWO_FACTOR_PASSWORD_REQUIRED", message: signInMethodMessages.twoFactorPasswordRequired });

    // New requests: the mailbox is told to use the password and code.
    expect((await requestLink("totp@example.com")).status).toBe(200);
    const notice = await smtp.waitFor("totp@example.com", /Sign in to RoutePilot with your password/);
    expect(notice.body).not.toContain("magic-link/verify");
  });

  it("a suspended account gets nothing, and a link or code from before the ban does not sign in", async () => {
    const { userId } = await t.signUp("banned@example.com");
    await requestLink("banned@example.com");
    const link = firstLink(await smtp.waitFor("banned@example.com", /sign-in link/));
    await requestCode("banned@example.com");
    const code = codeOf((await smtp.waitFor("banned@example.com", /sign-in code/)).body);
    await t.deps.db.update(user).set({ banned: true }).where(eq(user.id, userId));

    const landing = await follow(link);
    expect(new URL(landing.headers.get("location") ?? "", BASE).searchParams.get("error")).toBe("BANNED_USER");
    const byCode = await signInWithCode("banned@example.com", code);
    expect(byCode.status).toBe(403);
    expect(((await byCode.json()) as { code: string }).code).toBe("BANNED_USER");

    const before = (await t.deps.db.select().from(outbox).where(eq(outbox.to, "banned@example.com"))).length;
    expect((await requestLink("banned@example.com")).status).toBe(200);
    expect((await requestCode("banned@example.com")).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.deps.db.select().from(outbox).where(eq(outbox.to, "banned@example.com"))).length).toBe(before);
  });
});

describe("rate limits (SPEC §9 auth: 5 per 15 minutes)", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ SMTP_URL: smtp.url, AUTH_RATE_LIMIT: "true", TRUST_PROXY: "1" });
  });
  afterAll(async () => limited.close());
  const from = (ip: string) => ({ "x-forwarded-for": ip });

  it("refuses the 6th link or code request from one address, and the 6th for one mailbox from any address", async () => {
    for (let i = 0; i < 5; i++) {
      const path = i % 2 === 0 ? "/api/auth/sign-in/magic-link" : "/api/auth/email-otp/send-verification-otp";
      const res = await limited.call(path, { body: { email: `flood${i}@example.com`, type: "sign-in" }, headers: from("198.51.100.1") });
      expect(res.status).toBe(200);
    }
    const sixth = await limited.call("/api/auth/sign-in/magic-link", { body: { email: "other@example.com" }, headers: from("198.51.100.1") });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get("retry-after")).toBeTruthy();

    for (let i = 0; i < 5; i++) {
      const res = await limited.call("/api/auth/email-otp/send-verification-otp", { body: { email: "victim@example.com", type: "sign-in" }, headers: from(`203.0.113.${i + 1}`) });
      expect(res.status).toBe(200);
    }
    const mailbox = await limited.call("/api/auth/sign-in/magic-link", { body: { email: "Victim@example.com" }, headers: from("203.0.113.99") });
    expect(mailbox.status).toBe(429);
  });

  it("counts wrong codes like wrong passwords", async () => {
    await limited.signUp("guess@example.com");
    for (let i = 0; i < 5; i++) {
      const res = await limited.call("/api/auth/sign-in/email-otp", { body: { email: "guess@example.com", otp: "000000" }, headers: from("192.0.2.7") });
      expect(res.status).toBe(400);
    }
    const sixth = await limited.call("/api/auth/sign-in/email-otp", { body: { email: "guess@example.com", otp: "000000" }, headers: from("192.0.2.7") });
    expect(sixth.status).toBe(429);
  });
});
