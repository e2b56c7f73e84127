import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GeocodeResponse } from "@routepilot/contracts";
import { ProviderBusyError, type Geocoder } from "@routepilot/geo";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await t.signUp("geo@example.com")).cookie;
});
afterAll(() => t.close());

describe("GET /api/geocode", () => {
  it("finds places offline and names the provider", async () => {
    const res = await t.call("/api/geocode?q=Vaduz&limit=3", { cookie });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as GeocodeResponse;
    expect(results[0]).toMatchObject({ label: "Vaduz, Liechtenstein", provider: "gazetteer" });
    expect(results.length).toBeLessThanOrEqual(3);
    expect(results[0]!.lat).toBeCloseTo(47.14, 1);
  });

  it("reads typed coordinates and biases with near", async () => {
    const typed = (await (await t.call(`/api/geocode?q=${encodeURIComponent("47.14, 9.52")}`, { cookie })).json()) as GeocodeResponse;
    expect(typed.results[0]).toMatchObject({ lat: 47.14, lng: 9.52, provider: "coordinates" });
    const near = (await (await t.call("/api/geocode?q=Springfield&near=39.8,-89.6&limit=1", { cookie })).json()) as GeocodeResponse;
    expect(near.results[0]!.label).toContain("IL");
    const auto = (await (await t.call("/api/geocode/autocomplete?q=Schaa", { cookie })).json()) as GeocodeResponse;
    expect(auto.results.map((r) => r.label)).toContain("Schaan, Liechtenstein");
  });

  it.each([
    ["", "q", "This field is required"],
    ["?q=", "q", "This field is required"],
    [`?q=${"a".repeat(201)}`, "q", "Must be 200 characters or less"],
    ["?q=%3Cscript%3E", "q", "Invalid format"],
    ["?q=Vaduz&near=north", "near", "Invalid format"],
    ["?q=Vaduz&near=95,10", "near", "Invalid format"],
    ["?q=Vaduz&limit=0", "limit", "Invalid format"],
    ["?q=Vaduz&limit=11", "limit", "Invalid format"],
  ])("400 for %s", async (query, field, message) => {
    const res = await t.call(`/api/geocode${query}`, { cookie });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
  });

  it("401 signed out", async () => {
    expect((await t.call("/api/geocode?q=Vaduz")).status).toBe(401);
    expect((await t.call("/api/geocode/autocomplete?q=Vaduz")).status).toBe(401);
  });
});

describe("POST /api/geocode/batch", () => {
  it("answers each address with its best match (or null), in order, typed coordinates included", async () => {
    const res = await t.call("/api/geocode/batch", { cookie, body: { queries: ["Vaduz", "47.2107, 9.5222", "Zzqxv Nowhere", "Schaan"], near: "47.14,9.52" } });
    expect(res.status).toBe(200);
    const { results } = (await res.json()) as { results: ({ label: string; provider: string } | null)[] };
    expect(results).toHaveLength(4);
    expect(results[0]).toMatchObject({ label: "Vaduz, Liechtenstein" });
    expect(results[1]).toMatchObject({ provider: "coordinates" });
    expect(results[2]).toBeNull();
    expect(results[3]!.label).toContain("Schaan");
  });

  it.each([
    [{}, "queries", "This field is required"],
    [{ queries: [] }, "queries", "This field is required"],
    [{ queries: Array.from({ length: 101 }, () => "Vaduz") }, "queries", "At most 100 addresses per request"],
    [{ queries: ["Vaduz", "<b>x</b>"] }, "queries.1", "Invalid format"],
    [{ queries: ["Vaduz"], near: "north" }, "near", "Invalid format"],
  ])("400 for %j", async (body, field, message) => {
    const res = await t.call("/api/geocode/batch", { cookie, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields[field]).toBe(message);
  });

  it("401 signed out", async () => {
    expect((await t.call("/api/geocode/batch", { body: { queries: ["Vaduz"] } })).status).toBe(401);
  });
});

describe("limits", () => {
  it("answers 503 with Retry-After when the geocoder's queue is full, not an endless wait", async () => {
    const real = t.deps.geo;
    const busy: Geocoder = { name: "nominatim", search: () => Promise.reject(new ProviderBusyError("Nominatim", 60)), reverse: () => Promise.resolve(null) };
    t.deps.geo = { get: async () => ({ ...(await real.get()), geocoder: busy }) };
    try {
      const res = await t.call("/api/geocode?q=Vaduz", { cookie });
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("60");
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe("SERVICE_UNAVAILABLE");
    } finally {
      t.deps.geo = real;
    }
  });

  it("allows 60 searches a minute per user (SPEC §9 api_general), then 429 for 2 minutes; other users are unaffected", async () => {
    const limited = await createTestApp({ API_RATE_LIMIT: "60" });
    try {
      const a = (await limited.signUp("searcher@example.com")).cookie;
      const b = (await limited.signUp("other@example.com")).cookie;
      const statuses: number[] = [];
      for (let i = 0; i < 59; i++) statuses.push((await limited.call(`/api/geocode/autocomplete?q=Va${i % 5}`, { cookie: a })).status);
      // A batch of 100 addresses is one request.
      statuses.push((await limited.call("/api/geocode/batch", { cookie: a, body: { queries: Array.from({ length: 100 }, (_, i) => `Vaduz ${i}`) } })).status);
      expect(statuses.every((s) => s === 200)).toBe(true);
      const denied = await limited.call("/api/geocode?q=Vaduz", { cookie: a });
      expect(denied.status).toBe(429);
      expect(Number(denied.headers.get("retry-after"))).toBeGreaterThan(60);
      expect(await denied.json()).toMatchObject({ allowed: false, remainingAttempts: 0, error: { code: "RATE_LIMITED" } });
      expect((await limited.call("/api/geocode?q=Vaduz", { cookie: b })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
