import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { serve } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

/** GET over a real socket with the path sent as written (no client-side URL normalisation). */
function rawGet(port: number, target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, path: target, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe("static SPA", () => {
  // <tmp>/secret.txt sits next to <tmp>/dist: nothing may reach it.
  const outside = mkdtempSync(path.join(tmpdir(), "rp-static-"));
  const dist = path.join(outside, "dist");
  mkdirSync(path.join(dist, "assets"), { recursive: true });
  writeFileSync(path.join(outside, "secret.txt"), "TOP-SECRET");
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>RoutePilot</title><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log('hi')");
  writeFileSync(path.join(dist, "assets", "style-def456.css"), "body{}");
  writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(outside, { recursive: true, force: true });
  });

  it("serves files with their type; hashed assets are cached for a year, everything else revalidated", async () => {
    const js = await t.call("/assets/app-abc123.js");
    expect(js.status).toBe(200);
    expect(js.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(js.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(await js.text()).toBe("console.log('hi')");
    expect((await t.call("/assets/style-def456.css")).headers.get("content-type")).toMatch(/^text\/css/);

    const icon = await t.call("/favicon.svg");
    expect(icon.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(icon.headers.get("cache-control")).toBe("no-cache");

    const head = await t.call("/assets/app-abc123.js", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
  });

  it("answers client routes (and /) with index.html, and a missing asset with a JSON 404", async () => {
    for (const route of ["/", "/route-history", "/shared-route/abc.def", "/settings/deep/link?tab=1"]) {
      const res = await t.call(route);
      expect(res.status, route).toBe(200);
      expect(res.headers.get("content-type"), route).toMatch(/^text\/html/);
      expect(res.headers.get("cache-control"), route).toBe("no-cache");
      expect(await res.text(), route).toContain("<div id=root>");
    }
    const missing = await t.call("/assets/app-gone999.js");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "Not found" } });
    // Only GET and HEAD: other methods are not the SPA's.
    expect((await t.call("/route-history", { method: "POST", rawBody: "" })).status).toBe(404);
  });

  it("answers a malformed percent-encoding with a JSON 400, not a 500", async () => {
    for (const target of ["/%E0%A4%A", "/assets/%zz", "/route-history/%", "/%C0%AF"]) {
      const res = await t.call(target);
      expect(res.status, target).toBe(400);
      expect(await res.json(), target).toEqual({ error: { code: "VALIDATION_ERROR", message: "The request path is not valid percent-encoding" } });
    }
  });

  it("relies on serveStatic falling through (not throwing) on malformed percent-encoding", async () => {
    const bare = new Hono();
    bare.use("*", serveStatic({ root: dist }));
    bare.onError(() => new Response("thrown", { status: 500 }));
    for (const target of ["/%E0%A4%A", "/assets/%zz", "/%"]) expect((await bare.request(target)).status, target).toBe(404);
  });

  it("never serves a file outside the dist folder", async () => {
    const attempts = [
      "/../secret.txt",
      "/%2e%2e/secret.txt",
      "/assets/%2e%2e/%2e%2e/secret.txt",
      "/..%2fsecret.txt",
      "/assets/..%2f..%2fsecret.txt",
      "/%2e%2e%2fsecret.txt",
      "/..%5csecret.txt",
      "/assets/..%5c..%5csecret.txt",
      "/%252e%252e/secret.txt",
      "//secret.txt",
    ];
    for (const target of attempts) {
      const res = await t.call(target);
      expect([200, 404], target).toContain(res.status);
      expect(await res.text(), target).not.toContain("TOP-SECRET");
    }
    // Over a real socket too, where the request line reaches the server exactly as sent.
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" });
    try {
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      for (const target of attempts) {
        const res = await rawGet(port, target);
        expect(res.body, target).not.toContain("TOP-SECRET");
        expect(res.status, target).toBeLessThan(500);
      }
      expect((await rawGet(port, "/%E0%A4%A")).status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
