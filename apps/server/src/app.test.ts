import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createTestApp } from "./test/harness";

describe("app", () => {
  const dist = mkdtempSync(path.join(tmpdir(), "rp-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>RoutePilot</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log('hi')");
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it("reports health, serves the OpenAPI document, the SPA and JSON 404s; 503 once the database is gone", async () => {
    const t = await createTestApp({ WEB_DIST_DIR: dist });
    try {
      const health = await t.call("/api/health");
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: "ok", database: "ok" });
      expect(health.headers.get("x-content-type-options")).toBe("nosniff");
      expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);

      const doc = (await (await t.call("/api/openapi.json")).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi).toBe("3.1.0");
      const expected: [string, string][] = [
        ["/api/health", "get"],
        ["/api/auth/sign-up/email", "post"],
        ["/api/auth/sign-in/email", "post"],
        ["/api/auth/sign-out", "post"],
        ["/api/auth/get-session", "get"],
        ["/api/auth/request-password-reset", "post"],
        ["/api/auth/reset-password", "post"],
        ["/api/preferences", "get"],
        ["/api/preferences", "patch"],
        ["/api/saved-locations", "get"],
        ["/api/saved-locations", "post"],
        ["/api/saved-locations/{id}", "patch"],
        ["/api/saved-locations/{id}", "delete"],
        ["/api/me", "get"],
        ["/api/me/plan", "get"],
        ["/api/contact", "post"],
        ["/api/notifications", "get"],
      ];
      for (const [p, method] of expected) expect(doc.paths[p]?.[method], `${method} ${p}`).toMatchObject({ responses: expect.any(Object) });

      const spa = await t.call("/settings/deep/link");
      expect(spa.status).toBe(200);
      expect(spa.headers.get("content-type")).toContain("text/html");
      expect(await spa.text()).toContain("<div id=root>");
      const asset = await t.call("/assets/app-abc123.js");
      expect(asset.headers.get("cache-control")).toContain("immutable");
      expect((await t.call("/../../etc/passwd")).status).toBe(200);
      expect(await (await t.call("/%2e%2e/%2e%2e/etc/passwd")).text()).toContain("<div id=root>");

      const missing = await t.call("/api/does-not-exist");
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "Endpoint not found" } });
    } finally {
      await t.close();
    }
    const health = await t.call("/api/health");
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: "error", database: "unreachable" });
  });

  it("marks cookies Secure in production", async () => {
    const t = await createTestApp({ NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(40), BASE_URL: "https://routepilot.example" });
    try {
      const res = await t.call("/api/auth/sign-up/email", { body: { email: "prod@example.com", password: "Str0ng!Pass", name: "Prod" }, headers: { origin: "https://routepilot.example" } });
      expect(res.status).toBe(200);
      expect(res.headers.getSetCookie().join("\n")).toMatch(/; Secure/i);
    } finally {
      await t.close();
    }
  });
});
