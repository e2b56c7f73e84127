import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { savedLocations } from "@routepilot/db";
import { webSecurityMessages } from "@routepilot/contracts";
import { BASE, createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp({ TRUSTED_ORIGINS: "https://app.example.com" });
  ({ cookie } = await t.signUp("csrf@example.com"));
});
afterAll(() => t.close());

const location = { name: "Depot", address: "1 Main Street, Vaduz", lat: 47.14, lng: 9.52 };
const count = async () => (await t.deps.db.select().from(savedLocations)).length;

/** A signed-in POST with exactly these browser headers (no Origin unless given). */
function post(headers: Record<string, string>) {
  return t.app.request(`${BASE}/api/saved-locations`, {
    method: "POST",
    headers: { cookie, "content-type": "application/json", ...headers },
    body: JSON.stringify(location),
  });
}

describe("CSRF: state-changing /api requests check their Origin", () => {
  it("a page of another site is refused with 403 and a JSON message, and nothing is written", async () => {
    const before = await count();
    const refused: Record<string, string>[] = [{ origin: "https://evil.example" }, { origin: "null" }, { origin: "http://localhost:3000.evil.example" }, { "sec-fetch-site": "cross-site" }, { "sec-fetch-site": "same-site" }];
    for (const headers of refused) {
      const res = await post(headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(await res.json()).toEqual({ error: { code: "FORBIDDEN", message: webSecurityMessages.crossSiteRequest, key: "webSecurity.crossSiteRequest" } });
    }
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      const res = await t.app.request(`${BASE}/api/saved-locations/00000000-0000-0000-0000-000000000000`, { method, headers: { cookie, origin: "https://evil.example" } });
      expect(res.status, method).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it("this server's own origin (by any host name), BASE_URL and TRUSTED_ORIGINS pass", async () => {
    expect((await post({ origin: BASE })).status).toBe(201);
    expect((await post({ origin: "https://app.example.com" })).status).toBe(201);
    expect((await post({ origin: BASE, "sec-fetch-site": "same-origin" })).status).toBe(201);
    const viaLan = await t.app.request("http://192.168.1.20:3000/api/saved-locations", {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: "http://192.168.1.20:3000" },
      body: JSON.stringify(location),
    });
    expect(viaLan.status).toBe(201);
  });

  it("a request with neither Origin nor Sec-Fetch-Site (curl, another server) passes; so does a typed-in navigation", async () => {
    expect((await post({})).status).toBe(201);
    expect((await post({ "sec-fetch-site": "none" })).status).toBe(201);
    expect((await post({ origin: "" })).status).toBe(201);
  });

  it("reads are never refused; Stripe's webhook, CSP reports and one-click unsubscribes are exempt", async () => {
    const read = await t.app.request(`${BASE}/api/saved-locations`, { headers: { cookie, origin: "https://evil.example" } });
    expect(read.status).toBe(200);
    const webhook = await t.app.request(`${BASE}/api/billing/webhook`, { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/json" }, body: "{}" });
    expect(webhook.status).not.toBe(403);
    const report = await t.app.request(`${BASE}/api/csp-report`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/csp-report" },
      body: JSON.stringify({ "csp-report": { "document-uri": `${BASE}/`, "violated-directive": "img-src" } }),
    });
    expect(report.status).toBe(204);
    const unsubscribe = await t.app.request(`${BASE}/api/unsubscribe/not-a-token`, { method: "POST", headers: { origin: "https://mail.example", "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(unsubscribe.status).not.toBe(403);
  });

  it("Better Auth keeps its own origin check on /api/auth/*", async () => {
    const res = await t.app.request(`${BASE}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { origin: "https://evil.example", "content-type": "application/json", cookie },
      body: JSON.stringify({ email: "csrf@example.com", password: "Str0ng!Pass" }),
    });
    expect(res.status).toBe(403);
  });
});
