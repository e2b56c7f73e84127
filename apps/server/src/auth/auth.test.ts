import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticationLogs, outbox, subscribers, user } from "@routepilot/db";
import { PASSWORD, cookieFrom, createTestApp, type TestApp } from "../test/harness";
import { firstLink, startTestSmtp } from "../test/smtp";

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startTestSmtp>>;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, ADMIN_EMAILS: "Boss@Example.com" });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function logsFor(eventType: string) {
  return t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, eventType));
}

async function json(res: Response) {
  return (await res.json()) as Record<string, unknown>;
}

describe("sign-up", () => {
  it("signs the user in at once, sends the verification e-mail and makes the first account super_admin", async () => {
    const res = await t.call("/api/auth/sign-up/email", { body: { email: "first@example.com", password: PASSWORD, name: "First" } });
    expect(res.status).toBe(200);
    const setCookie = res.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/session_token=.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/);
    const cookie = cookieFrom(res);
    const session = await json(await t.call("/api/auth/get-session", { cookie }));
    expect((session.user as { email: string }).email).toBe("first@example.com");
    expect((session.user as { role: string }).role).toBe("super_admin");

    const mail = await smtp.waitFor("first@example.com", /Verify your RoutePilot e-mail/);
    const link = firstLink(mail);
    expect(link).toContain("/api/auth/verify-email?token=");
    const [sent] = await t.deps.db.select().from(outbox).where(eq(outbox.to, "first@example.com"));
    expect(sent?.status).toBe("sent");

    const [sub] = await t.deps.db.select().from(subscribers).where(eq(subscribers.email, "first@example.com"));
    expect(sub).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, routesUsedThisPeriod: 0, subscriptionStatus: "active" });

    const verify = await t.call(link.replace("http://localhost:3000", ""), { cookie });
    expect([200, 302]).toContain(verify.status);
    const [row] = await t.deps.db.select().from(user).where(eq(user.email, "first@example.com"));
    expect(row?.emailVerified).toBe(true);

    const signUps = await logsFor("sign_up");
    expect(signUps.some((l) => l.userId === row?.id && l.details.outcome === "success" && l.details.sessionId)).toBe(true);
  });

  it("gives later accounts the user role, and ADMIN_EMAILS super_admin", async () => {
    await t.signUp("second@example.com");
    await t.signUp("boss@example.com");
    const rows = await t.deps.db.select({ email: user.email, role: user.role }).from(user);
    expect(rows.find((r) => r.email === "second@example.com")?.role).toBe("user");
    expect(rows.find((r) => r.email === "boss@example.com")?.role).toBe("super_admin");
  });

  it.each([
    [{ email: "", password: PASSWORD, name: "A" }, "email", "This field is required"],
    [{ email: "nope", password: PASSWORD, name: "A" }, "email", "Invalid format"],
    [{ email: `${"a".repeat(250)}@x.io`, password: PASSWORD, name: "A" }, "email", "Must be 254 characters or less"],
    [{ email: "p1@example.com", password: "Ab1!", name: "A" }, "password", "Must be at least 8 characters"],
    [{ email: "p2@example.com", password: `Ab1!${"x".repeat(125)}`, name: "A" }, "password", "Must be 128 characters or less"],
    [{ email: "p3@example.com", password: "alllower1!", name: "A" }, "password", "Invalid format"],
    [{ email: "p4@example.com", password: "NoDigits!!", name: "A" }, "password", "Invalid format"],
    [{ email: "p5@example.com", password: "NoSpecial12", name: "A" }, "password", "Invalid format"],
    [{ email: "p6@example.com", password: PASSWORD, name: "" }, "name", "This field is required"],
  ])("rejects %j with the SPEC message", async (body, field, message) => {
    const res = await t.call("/api/auth/sign-up/email", { body });
    expect(res.status).toBe(400);
    const out = await json(res);
    expect(out.message).toBe(message);
    expect((out.fields as Record<string, string>)[field]).toBe(message);
  });

  it("refuses a second account with the same e-mail", async () => {
    const res = await t.call("/api/auth/sign-up/email", { body: { email: "second@example.com", password: PASSWORD, name: "Dup" } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("sign-in and sign-out", () => {
  it("logs success and failure", async () => {
    const bad = await t.signIn("second@example.com", "Wrong!Pass1");
    expect(bad.status).toBe(401);
    const good = await t.signIn("second@example.com");
    expect(good.status).toBe(200);
    const logs = await logsFor("sign_in");
    const failure = logs.find((l) => l.details.outcome === "failure");
    expect(failure?.details).toMatchObject({ riskLevel: "medium", resource: "/api/auth/sign-in/email" });
    expect(failure?.details.metadata).toMatchObject({ email: "second@example.com" });
    const success = logs.find((l) => l.details.outcome === "success");
    const [second] = await t.deps.db.select().from(user).where(eq(user.email, "second@example.com"));
    expect(success?.userId).toBe(second?.id);
    expect(success?.details.sessionId).toMatch(/^\w{16,}$/);
    expect(typeof success?.details.timestamp).toBe("string");

    const cookie = cookieFrom(good);
    const out = await t.call("/api/auth/sign-out", { method: "POST", cookie, body: {} });
    expect(out.status).toBe(200);
    expect((await logsFor("sign_out")).length).toBe(1);
    const me = await t.call("/api/me", { cookie });
    expect(me.status).toBe(401);
  });

  it("answers missing fields with 400", async () => {
    const res = await t.call("/api/auth/sign-in/email", { body: { email: "second@example.com" } });
    expect(res.status).toBe(400);
    expect((await json(res)).message).toBe("This field is required");
  });
});

describe("password reset and change", () => {
  it("e-mails a reset link that sets a new password", async () => {
    await t.signUp("forgetful@example.com");
    const req = await t.call("/api/auth/request-password-reset", { body: { email: "forgetful@example.com", redirectTo: "/reset-password" } });
    expect(req.status).toBe(200);
    const mail = await smtp.waitFor("forgetful@example.com", /Reset your RoutePilot password/);
    const link = firstLink(mail);
    const landing = await t.call(link.replace("http://localhost:3000", ""));
    expect(landing.status).toBe(302);
    const location = landing.headers.get("location") ?? "";
    expect(location).toMatch(/\/reset-password\?token=/);
    const token = new URL(location, "http://localhost:3000").searchParams.get("token");

    const weak = await t.call("/api/auth/reset-password", { body: { token, newPassword: "weakpass" } });
    expect(weak.status).toBe(400);
    expect((await json(weak)).message).toBe("Invalid format");

    const reset = await t.call("/api/auth/reset-password", { body: { token, newPassword: "N3w!Password" } });
    expect(reset.status).toBe(200);
    expect((await t.signIn("forgetful@example.com")).status).toBe(401);
    expect((await t.signIn("forgetful@example.com", "N3w!Password")).status).toBe(200);
    const resets = await logsFor("password_reset");
    expect(resets.some((l) => l.details.outcome === "success" && l.userId)).toBe(true);
  });

  it("changes the password of a signed-in user and logs it", async () => {
    const { cookie } = await t.signUp("changer@example.com");
    const wrong = await t.call("/api/auth/change-password", { cookie, body: { currentPassword: "Nope!Nope1", newPassword: "An0ther!Pass" } });
    expect(wrong.status).toBe(400);
    const res = await t.call("/api/auth/change-password", { cookie, body: { currentPassword: PASSWORD, newPassword: "An0ther!Pass" } });
    expect(res.status).toBe(200);
    expect((await t.signIn("changer@example.com", "An0ther!Pass")).status).toBe(200);
    const changes = await logsFor("password_change");
    expect(changes.map((l) => l.details.outcome).sort()).toEqual(["failure", "success"]);
  });
});

describe("bad input never produces a 500", () => {
  const endpoints = ["/api/auth/sign-up/email", "/api/auth/sign-in/email", "/api/auth/request-password-reset", "/api/auth/reset-password"];
  it.each(endpoints)("%s: malformed JSON, wrong types, 10 MB body", async (path) => {
    const malformed = await t.call(path, { rawBody: '{"email": "a@b.c",', headers: { "content-type": "application/json" } });
    expect(malformed.status).toBeGreaterThanOrEqual(400);
    expect(malformed.status).toBeLessThan(500);
    const wrongTypes = await t.call(path, { body: { email: 42, password: ["x"], name: { a: 1 }, newPassword: 7, token: false } });
    expect(wrongTypes.status).toBeGreaterThanOrEqual(400);
    expect(wrongTypes.status).toBeLessThan(500);
    const huge = await t.call(path, { rawBody: JSON.stringify({ email: "a@b.co", password: "x".repeat(10 * 1024 * 1024) }), headers: { "content-type": "application/json" } });
    expect(huge.status).toBe(413);
    expect((await json(huge)).error).toMatchObject({ code: "PAYLOAD_TOO_LARGE" });
  });
});
