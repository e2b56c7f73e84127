import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages, routeMessages, webSecurityMessages } from "@routepilot/contracts";
import { subscribers } from "@routepilot/db";
import { errorPayload } from "./lib/errors";
import { BASE, createTestApp, type TestApp } from "./test/harness";

// Issue 30 (decision 028, "Server message codes"): the error mapper gives each contracts message its stable key.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("error bodies carry the key of a contracts message", () => {
  it("a validation 400: key of the message and fieldKeys for the fields, the English texts unchanged", async () => {
    const { cookie } = await t.signUp("keys-validation@example.com");
    const res = await t.call("/api/saved-locations", { cookie, body: { name: "<img src=x>", address: "1 Main Street, Vaduz" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: {
        code: "VALIDATION_ERROR",
        message: messages.dangerous,
        key: "messages.dangerous",
        fields: { name: messages.dangerous },
        fieldKeys: { name: { key: "messages.dangerous" } },
      },
    });
  });

  it("a 402 over the plan's quota: key and parameters of the parametric message", async () => {
    const u = await t.signUp("keys-quota@example.com");
    await t.call("/api/me/usage", { cookie: u.cookie });
    await t.deps.db.update(subscribers).set({ routesUsedThisPeriod: 5 }).where(eq(subscribers.userId, u.userId));
    const res = await t.call("/api/routes/optimize", { cookie: u.cookie, body: { start: { lat: 47.1415, lng: 9.5215 }, stops: [{ lat: 47.166, lng: 9.51 }] } });
    expect(res.status).toBe(402);
    expect(await res.json()).toEqual({ error: { code: "QUOTA_EXCEEDED", message: routeMessages.overQuota(5), key: "route.overQuota", params: { limit: "5" } } });
  });

  it("a 403 from middleware (CSRF) carries the key too; a message the contracts do not declare has none", async () => {
    const { cookie } = await t.signUp("keys-csrf@example.com");
    const refused = await t.app.request(`${BASE}/api/saved-locations`, {
      method: "POST",
      headers: { cookie, "content-type": "application/json", origin: "https://evil.example" },
      body: JSON.stringify({ name: "Home", address: "1 Main Street, Vaduz" }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ error: { code: "FORBIDDEN", message: webSecurityMessages.crossSiteRequest, key: "webSecurity.crossSiteRequest" } });
    const missing = await t.call("/api/no-such-endpoint");
    expect(await missing.json()).toEqual({ error: { code: "NOT_FOUND", message: "Endpoint not found" } });
  });

  it("errorPayload: a 409 conflict's key, fields with and without known messages", () => {
    expect(errorPayload("CONFLICT", routeMessages.routeChanged, { "stops.0": routeMessages.unknownStop, other: "free text" })).toEqual({
      code: "CONFLICT",
      message: routeMessages.routeChanged,
      key: "route.routeChanged",
      fields: { "stops.0": routeMessages.unknownStop, other: "free text" },
      fieldKeys: { "stops.0": { key: "route.unknownStop" } },
    });
    expect(errorPayload("VALIDATION_ERROR", "Invalid input", { a: "free text" })).toEqual({ code: "VALIDATION_ERROR", message: "Invalid input", fields: { a: "free text" } });
  });
});
