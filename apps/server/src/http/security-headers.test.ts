import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASE, createTestApp, type TestApp } from "../test/harness";
import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { securityHeaders, tileOrigin } from "./security-headers";

/** The directives of a Content-Security-Policy header by name. */
function directives(header: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe("security headers (development, http BASE_URL)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("send a Content-Security-Policy on API answers and pages: own scripts only, no framing, reports to /api/csp-report", async () => {
    for (const path of ["/api/health", "/api/nothing-here"]) {
      const res = await t.app.request(`${BASE}${path}`);
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp["default-src"]).toEqual(["'self'"]);
      expect(csp["script-src"]).toEqual(["'self'"]);
      expect(csp["style-src"]).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp["img-src"]).toEqual(["'self'", "data:", "blob:", "https://tile.openstreetmap.org"]);
      expect(csp["connect-src"]).toEqual(["'self'", "ws://localhost:3000", "https://tile.openstreetmap.org"]);
      expect(csp["object-src"]).toEqual(["'none'"]);
      expect(csp["frame-ancestors"]).toEqual(["'none'"]);
      expect(csp["report-uri"]).toEqual(["/api/csp-report"]);
      expect(csp["report-to"]).toEqual(["csp-endpoint"]);
      expect(res.headers.get("reporting-endpoints")).toBe('csp-endpoint="/api/csp-report"');
      expect(JSON.parse(res.headers.get("report-to")!)).toMatchObject({ group: "csp-endpoint", endpoints: [{ url: "/api/csp-report" }] });
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    }
  });

  it("the WebSocket source follows the host the page was loaded from", async () => {
    const res = await t.app.request("http://192.168.1.20:3000/api/health");
    expect(directives(res.headers.get("content-security-policy"))["connect-src"]).toContain("ws://192.168.1.20:3000");
  });

  it("Permissions-Policy: geolocation and camera for this origin only (driver app, proof photos), the rest off", async () => {
    const policy = (await t.app.request(`${BASE}/api/health`)).headers.get("permissions-policy")!;
    expect(policy).toContain("geolocation=(self)");
    expect(policy).toContain("camera=(self)");
    expect(policy).toContain("microphone=()");
    expect(policy).toContain("payment=()");
  });

  it("no HSTS over plain http", async () => {
    expect((await t.app.request(`${BASE}/api/health`)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("security headers (https BASE_URL, custom tiles)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BASE_URL: "https://routes.example.com", VITE_TILE_URL: "https://{s}.tiles.example.net/{z}/{x}/{y}.png" });
  });
  afterAll(() => t.close());

  it("sends HSTS and allows the configured tile server", async () => {
    const res = await t.app.request("https://routes.example.com/api/health");
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp["img-src"]).toContain("https://*.tiles.example.net");
    expect(csp["img-src"]).not.toContain("https://tile.openstreetmap.org");
    expect(csp["connect-src"]).toContain("wss://routes.example.com");
  });
});

describe("securityHeaders", () => {
  it("keeps a handler's own stricter header (the tracking page's Referrer-Policy: no-referrer)", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", securityHeaders({ https: false, selfOrigin: () => undefined }));
    app.get("/private", (c) => c.text("x", 200, { "referrer-policy": "no-referrer" }));
    app.get("/public", (c) => c.text("x"));
    expect((await app.request("/private")).headers.get("referrer-policy")).toBe("no-referrer");
    expect((await app.request("/public")).headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });
});

describe("tileOrigin", () => {
  it("reads the origin of VITE_TILE_URL", () => {
    expect(tileOrigin(undefined)).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("")).toBe("https://tile.openstreetmap.org");
    expect(tileOrigin("none")).toBeNull();
    expect(tileOrigin("https://Tiles.Example.com:8443/{z}/{x}/{y}.png?key=1")).toBe("https://tiles.example.com:8443");
    expect(tileOrigin("/tiles/{z}/{x}/{y}.png")).toBeNull();
  });
});
