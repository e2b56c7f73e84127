import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userPreferences } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
});
afterAll(() => t.close());

const patch = (cookie: string | undefined, body: unknown) => t.call("/api/preferences", { method: "PATCH", cookie, body });

describe("GET /api/preferences", () => {
  it("401 without a session", async () => {
    const res = await t.call("/api/preferences");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { code: "UNAUTHENTICATED", message: "Auth session missing!" } });
  });

  it("creates the SPEC defaults on first read", async () => {
    expect(await t.deps.db.select().from(userPreferences).where(eq(userPreferences.userId, alice.userId))).toHaveLength(0);
    const res = await t.call("/api/preferences", { cookie: alice.cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      theme: "system",
      notifications: true,
      language: "en",
      timezone: "UTC",
      darkMode: false,
      distanceUnit: "miles",
      defaultStartLocationId: null,
      defaultEndLocationId: null,
      defaultStartLocation: null,
      defaultEndLocation: null,
    });
    expect(await t.deps.db.select().from(userPreferences).where(eq(userPreferences.userId, alice.userId))).toHaveLength(1);
  });
});

describe("PATCH /api/preferences", () => {
  it("401 without a session, even with a bad body", async () => {
    expect((await patch(undefined, { theme: "purple" })).status).toBe(401);
  });

  it("stores an explicit dark or light choice as darkMode; system leaves it", async () => {
    let res = await patch(alice.cookie, { theme: "dark" });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ theme: "dark", darkMode: true });
    res = await patch(alice.cookie, { theme: "system" });
    expect(await res.json()).toMatchObject({ theme: "system", darkMode: true });
    res = await patch(alice.cookie, { theme: "light", distanceUnit: "km", timezone: "Europe/London", notifications: false, language: "fr" });
    expect(await res.json()).toMatchObject({ theme: "light", darkMode: false, distanceUnit: "km", timezone: "Europe/London", notifications: false, language: "fr" });
    const again = await (await t.call("/api/preferences", { cookie: alice.cookie })).json();
    expect(again).toMatchObject({ theme: "light", distanceUnit: "km" });
  });

  it("keeps users apart", async () => {
    const res = await t.call("/api/preferences", { cookie: bob.cookie });
    expect(await res.json()).toMatchObject({ theme: "system", distanceUnit: "miles" });
  });

  it.each([
    [{ theme: "purple" }, "theme"],
    [{ distanceUnit: "furlongs" }, "distanceUnit"],
    [{ notifications: "yes" }, "notifications"],
    [{ timezone: "Mars/Olympus" }, "timezone"],
    [{ darkMode: 1 }, "darkMode"],
    [{ defaultStartLocationId: "not-a-uuid" }, "defaultStartLocationId"],
  ])("400 with the SPEC message for %j", async (body, field) => {
    const res = await patch(alice.cookie, body);
    expect(res.status).toBe(400);
    const out = (await res.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(out.error.code).toBe("VALIDATION_ERROR");
    expect(out.error.fields[field]).toBe("Invalid format");
  });

  it("400 for unknown fields", async () => {
    expect((await patch(alice.cookie, { favouriteColour: "red" })).status).toBe(400);
  });

  it("sets and joins default locations, refusing another user's location", async () => {
    const created = await t.call("/api/saved-locations", { cookie: alice.cookie, body: { name: "Depot", address: "Städtle 1, Vaduz", lat: 47.14, lng: 9.52 } });
    const depot = (await created.json()) as { id: string };
    const bobs = await t.call("/api/saved-locations", { cookie: bob.cookie, body: { name: "Bob home", address: "Bob Street 1, Vaduz", lat: 47.13, lng: 9.51 } });
    const bobHome = (await bobs.json()) as { id: string };
    expect(bobs.status).toBe(201);

    const res = await patch(alice.cookie, { defaultStartLocationId: depot.id, defaultEndLocationId: depot.id });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ defaultStartLocationId: depot.id, defaultStartLocation: { id: depot.id, name: "Depot", lat: 47.14 } });

    const refused = await patch(alice.cookie, { defaultEndLocationId: bobHome.id });
    expect(refused.status).toBe(400);
    const after = await (await t.call("/api/preferences", { cookie: alice.cookie })).json();
    expect(after).toMatchObject({ defaultEndLocationId: depot.id });

    // Deleting the location clears the default rather than leaving a dangling id.
    await t.call(`/api/saved-locations/${depot.id}`, { method: "DELETE", cookie: alice.cookie });
    const cleared = await (await t.call("/api/preferences", { cookie: alice.cookie })).json();
    expect(cleared).toMatchObject({ defaultStartLocationId: null, defaultStartLocation: null, defaultEndLocationId: null });
  });

  it("never answers bad bodies with a 500", async () => {
    const malformed = await t.call("/api/preferences", { method: "PATCH", cookie: alice.cookie, rawBody: "{theme:", headers: { "content-type": "application/json" } });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: { code: string } }).error.code).toBe("INVALID_JSON");
    const notObject = await patch(alice.cookie, [1, 2, 3]);
    expect(notObject.status).toBe(400);
    const nullBody = await t.call("/api/preferences", { method: "PATCH", cookie: alice.cookie, rawBody: "null", headers: { "content-type": "application/json" } });
    expect(nullBody.status).toBe(400);
    const huge = await t.call("/api/preferences", { method: "PATCH", cookie: alice.cookie, rawBody: JSON.stringify({ language: "x".repeat(10 * 1024 * 1024) }), headers: { "content-type": "application/json" } });
    expect(huge.status).toBe(413);
  });
});
