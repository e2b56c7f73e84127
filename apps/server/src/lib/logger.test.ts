import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger, redactSecrets, redactText } from "./logger";

describe("redaction", () => {
  it("masks tokens in links, bearer tokens and passwords in URLs", () => {
    const text = redactText(
      "Invalid callbackURL http://localhost:3000/api/auth/reset-password/abc?token=eyJhbGciOi.secret&callbackURL=/x Bearer sk_live_123 postgres://app:pa55word@db:5432/rp",
    );
    expect(text).not.toMatch(/eyJhbGciOi|sk_live_123|pa55word/);
    expect(text).toContain("token=[redacted]");
    expect(text).toContain("postgres://app:[redacted]@db:5432/rp");
  });

  it("replaces secret-named properties at any depth and keeps the rest", () => {
    const out = redactSecrets([{ user: { email: "a@b.c", password: "Str0ng!Pass" }, session: { token: "t0k3n", expiresAt: 1 }, headers: { cookie: "s=1" }, code: "USER_NOT_FOUND" }]);
    expect(out).toEqual([{ user: { email: "a@b.c", password: "[redacted]" }, session: { token: "[redacted]", expiresAt: 1 }, headers: { cookie: "[redacted]" }, code: "USER_NOT_FOUND" }]);
    expect(redactSecrets(new Error("bad ?token=abc"))).toEqual({ name: "Error", message: "bad ?token=[redacted]" });
  });
});

describe("Better Auth's log output", () => {
  it("goes through the redaction", async () => {
    const lines: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => (lines.push(String(chunk)), done()) });
    const { createTestApp } = await import("../test/harness");
    const { createAuth } = await import("../modules/accounts/auth/auth");
    const t = await createTestApp();
    try {
      const auth = createAuth({ ...t.deps, logger: createLogger("debug", sink), baseUrl: t.deps.baseUrl, secret: "test-secret-that-is-at-least-32-characters", adminEmails: [], trustedOrigins: [], secureCookies: false });
      const logger = (await auth.$context).logger;
      logger.error("Invalid callbackURL: http://evil.example/cb?token=leaked-token-value", { session: { token: "leaked-session-token" }, password: "leaked-password" });
      const out = lines.join("\n");
      expect(out).toContain("auth: Invalid callbackURL");
      expect(out).not.toMatch(/leaked-token-value|leaked-session-token|leaked-password/);
    } finally {
      await t.close();
    }
  });
});
