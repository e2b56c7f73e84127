import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/harness";
import { forwardedClientIp } from "./client-ip";

describe("forwardedClientIp", () => {
  it("takes the hop the trusted proxy appended (right-most), never the client-written left-most", () => {
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the real peer 203.0.113.9.
    expect(forwardedClientIp("6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    expect(forwardedClientIp("203.0.113.9", 1)).toBe("203.0.113.9");
  });

  it("counts back a configured number of hops", () => {
    // client → CDN (appends client) → load balancer (appends CDN): two trusted hops.
    expect(forwardedClientIp("6.6.6.6, 198.51.100.7, 10.0.0.2", 2)).toBe("198.51.100.7");
    expect(forwardedClientIp("198.51.100.7", 2)).toBe("198.51.100.7");
  });

  it("ignores the header without trusted proxies", () => {
    expect(forwardedClientIp("6.6.6.6", 0)).toBeUndefined();
    expect(forwardedClientIp(undefined, 1)).toBeUndefined();
    expect(forwardedClientIp(" , ", 1)).toBeUndefined();
  });
});

describe("client IP in audit logs behind TRUST_PROXY", () => {
  it("records the proxy-appended address for a sign-in, not a spoofed first hop", async () => {
    const t = await createTestApp({ TRUST_PROXY: "true" });
    try {
      await t.signUp("proxied@example.com");
      await t.call("/api/auth/sign-in/email", { body: { email: "proxied@example.com", password: "wrong-Passw0rd!" }, headers: { "x-forwarded-for": "6.6.6.6, 203.0.113.9" } });
      const { authenticationLogs } = await import("@routepilot/db");
      const rows = await t.deps.db.select().from(authenticationLogs);
      const failure = rows.find((r) => r.eventType === "sign_in" && r.details.outcome === "failure");
      expect(failure?.details.ipAddress).toBe("203.0.113.9");
    } finally {
      await t.close();
    }
  });
});
