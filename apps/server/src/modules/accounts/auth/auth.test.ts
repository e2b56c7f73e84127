import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authenticationLogs, outbox, subscribers, user } from "@routepilot/db";
import { PASSWORD, cookieFrom, createTestApp, type TestApp } from "../../../test/harness";
import { firstLink, startTestSmtp } from "../../../test/smtp";

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

  it("gives later accounts the user role, and ADMIN_EMAILS super_admin only once the address is verified", async () => {
    await t.signUp("second@example.com");
    const boss = await t.signUp("boss@example.com");
    const roleOf = async (email: string) => (await t.deps.db.select({ role: user.role }).from(user).where(eq(user.email, email)))[0]?.role;
    expect(await roleOf("second@example.com")).toBe("user");
    // Whoever signs up first with a listed address, unverified, gets nothing: the admin API stays closed.
    expect(await roleOf("boss@example.com")).toBe("user");
    expect((await t.call("/api/auth/admin/list-users", { cookie: boss.cookie })).status).toBe(403);

    const link = firstLink(await smtp.waitFor("boss@example.com", /Verify your RoutePilot e-mail/));
    const verify = await t.call(link.replace("http://localhost:3000", ""), { cookie: boss.cookie });
    expect([200, 302]).toContain(verify.status);
    expect(await roleOf("boss@example.com")).toBe("super_admin");
    const changes = await logsFor("role_change");
    expect(changes.find((l) => l.userId === boss.userId)?.details.metadata).toMatchObject({ before: "user", after: "super_admin" });
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

describe("origins", () => {
  const signUpAt = (url: string, origin: string | undefined, email: string) =>
    t.app.request(`${url}/api/auth/sign-up/email`, {
      method: "POST",
      // As a browser sends it: fetch metadata, a cookie already set on that host, a relative callback.
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "sec-fetch-mode": "cors", cookie: "theme=dark", ...(origin ? { origin } : {}) },
      body: JSON.stringify({ email, password: PASSWORD, name: "Origin Test", callbackURL: "/dashboard?verified=1" }),
    });

  it("accepts a browser on the host it sent the request to (127.0.0.1, a LAN address), not only BASE_URL", async () => {
    expect((await signUpAt("http://127.0.0.1:3000", "http://127.0.0.1:3000", "loopback@example.com")).status).toBe(200);
    expect((await signUpAt("http://192.168.1.20:3000", "http://192.168.1.20:3000", "lan@example.com")).status).toBe(200);
  });

  it("refuses foreign origins, and an origin that only matches another port or scheme", async () => {
    for (const origin of ["http://evil.example", "http://127.0.0.1:4000", "https://127.0.0.1:3000"]) {
      const res = await signUpAt("http://127.0.0.1:3000", origin, `foreign-${origin.length}-${origin.slice(-4)}@example.com`);
      expect(res.status, origin).toBe(403);
    }
  });
});

describe("first account", () => {
  it("makes exactly one of several simultaneous first sign-ups super_admin", async () => {
    const fresh = await createTestApp();
    try {
      const emails = Array.from({ length: 6 }, (_, i) => `racer${i}@example.com`);
      await Promise.all(emails.map((email) => fresh.signUp(email)));
      const roles = await fresh.deps.db.select({ role: user.role }).from(user);
      expect(roles).toHaveLength(6);
      expect(roles.filter((r) => r.role === "super_admin")).toHaveLength(1);
      // Later sign-ups never claim it again.
      await fresh.signUp("late@example.com");
      expect((await fresh.deps.db.select({ role: user.role }).from(user)).filter((r) => r.role === "super_admin")).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it("promotes ADMIN_EMAILS accounts verified before the address was listed, at start-up", async () => {
    const { promoteVerifiedAdmins } = await import("./auth");
    const fresh = await createTestApp();
    try {
      await fresh.signUp("owner@example.com");
      const { userId } = await fresh.signUp("ops@example.com");
      const unverified = await fresh.signUp("squatter@example.com");
      await fresh.deps.db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
      expect(await promoteVerifiedAdmins(fresh.deps.db, ["ops@example.com", "squatter@example.com"])).toEqual([userId]);
      const roles = Object.fromEntries((await fresh.deps.db.select({ id: user.id, role: user.role }).from(user)).map((r) => [r.id, r.role]));
      expect(roles[userId]).toBe("super_admin");
      expect(roles[unverified.userId]).toBe("user");
    } finally {
      await fresh.close();
    }
  });
});
