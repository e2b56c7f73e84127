import { routeMessages } from "@routepilot/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let alice: { cookie: string };
let bob: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
});
afterAll(() => t.close());

type Loc = { id: string; name: string; address: string; lat: number | null; lng: number | null };

async function create(cookie: string, body: unknown) {
  return t.call("/api/saved-locations", { cookie, body });
}

describe("saved locations", () => {
  it("401 on every route without a session", async () => {
    const id = "6f1d2f4e-1111-4222-8333-944455556666";
    expect((await t.call("/api/saved-locations")).status).toBe(401);
    expect((await t.call("/api/saved-locations", { body: { name: "x", address: "yyy" } })).status).toBe(401);
    expect((await t.call(`/api/saved-locations/${id}`, { method: "PATCH", body: { name: "x" } })).status).toBe(401);
    expect((await t.call(`/api/saved-locations/${id}`, { method: "DELETE" })).status).toBe(401);
  });

  it("adds, lists (newest first), renames and deletes", async () => {
    const a = await create(alice.cookie, { name: "Office", address: "Aeulestrasse 5, Vaduz", lat: 47.141, lng: 9.521 });
    expect(a.status).toBe(201);
    const office = (await a.json()) as Loc;
    expect(office).toMatchObject({ name: "Office", address: "Aeulestrasse 5, Vaduz", lat: 47.141, lng: 9.521 });
    // Without coordinates the address is geocoded (the test server's offline gazetteer).
    const b = (await (await create(alice.cookie, { name: "Warehouse", address: "Schaan" })).json()) as Loc;
    expect(b.lat).toBeCloseTo(47.16, 1);
    expect(b.lng).toBeCloseTo(9.51, 1);

    const list = (await (await t.call("/api/saved-locations", { cookie: alice.cookie })).json()) as { locations: Loc[] };
    expect(list.locations.map((l) => l.name)).toEqual(["Warehouse", "Office"]);

    const renamed = await t.call(`/api/saved-locations/${office.id}`, { method: "PATCH", cookie: alice.cookie, body: { name: "Head office" } });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ id: office.id, name: "Head office", address: "Aeulestrasse 5, Vaduz" });

    const del = await t.call(`/api/saved-locations/${b.id}`, { method: "DELETE", cookie: alice.cookie });
    expect(del.status).toBe(204);
    const after = (await (await t.call("/api/saved-locations", { cookie: alice.cookie })).json()) as { locations: Loc[] };
    expect(after.locations.map((l) => l.name)).toEqual(["Head office"]);
  });

  it("hides another user's locations (404, list empty)", async () => {
    const mine = (await (await create(alice.cookie, { name: "Secret", address: "Hidden Lane 1, Vaduz", lat: 47.14, lng: 9.52 })).json()) as Loc;
    expect(mine.id).toBeTruthy();
    const list = (await (await t.call("/api/saved-locations", { cookie: bob.cookie })).json()) as { locations: Loc[] };
    expect(list.locations).toEqual([]);
    expect((await t.call(`/api/saved-locations/${mine.id}`, { method: "PATCH", cookie: bob.cookie, body: { name: "Mine now" } })).status).toBe(404);
    expect((await t.call(`/api/saved-locations/${mine.id}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
    expect((await t.call("/api/saved-locations/not-a-uuid", { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
  });

  it.each([
    [{ address: "Somewhere 1, Vaduz" }, "name", "This field is required"],
    [{ name: "", address: "Somewhere 1, Vaduz" }, "name", "This field is required"],
    [{ name: "x".repeat(101), address: "Somewhere 1, Vaduz" }, "name", "Must be 100 characters or less"],
    [{ name: "Home" }, "address", "This field is required"],
    [{ name: "Home", address: "ab" }, "address", "Must be at least 3 characters"],
    [{ name: "Home", address: "a".repeat(201) }, "address", "Must be 200 characters or less"],
    [{ name: "Home", address: "<b>Main</b> Street" }, "address", "Invalid format"],
    [{ name: "<script>alert(1)</script>", address: "Main Street" }, "name", "Input contains potentially dangerous content"],
    [{ name: "Home", address: "Main Street", lat: 91, lng: 0 }, "lat", "Invalid format"],
    [{ name: "Home", address: "Main Street", lat: "47", lng: 9 }, "lat", "Invalid format"],
    [{ name: "Home", address: "Main Street", lat: 47 }, "lat", "Latitude and longitude must be given together"],
  ])("400 for %j", async (body, field, message) => {
    const res = await create(alice.cookie, body);
    expect(res.status).toBe(400);
    const out = (await res.json()) as { error: { fields: Record<string, string> } };
    expect(out.error.fields[field]).toBe(message);
  });

  it("refuses an address the geocoder cannot find, at the address field, and saves nothing", async () => {
    const res = await create(alice.cookie, { name: "Lost", address: "Qwxzv Plorg 99, Atlantis" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string; details?: { fields?: Record<string, string> } } };
    expect(JSON.stringify(body)).toContain(routeMessages.addressNotFound);
    const list = (await (await t.call("/api/saved-locations", { cookie: alice.cookie })).json()) as { locations: Loc[] };
    expect(list.locations.map((l) => l.name)).not.toContain("Lost");
    // With coordinates it is saved as given.
    expect((await create(alice.cookie, { name: "Lost", address: "Qwxzv Plorg 99, Atlantis", lat: 47.1, lng: 9.5 })).status).toBe(201);
  });

  it("looks a changed address up again", async () => {
    const loc = (await (await create(alice.cookie, { name: "Depot", address: "Vaduz", lat: 1, lng: 1 })).json()) as Loc;
    const moved = await t.call(`/api/saved-locations/${loc.id}`, { method: "PATCH", cookie: alice.cookie, body: { address: "Schaan" } });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as Loc).lat).toBeCloseTo(47.16, 1);
  });

  it("400 for a bad rename and for malformed JSON", async () => {
    const loc = (await (await create(alice.cookie, { name: "Gym", address: "Sportweg 3, Vaduz", lat: 47.13, lng: 9.52 })).json()) as Loc;
    const res = await t.call(`/api/saved-locations/${loc.id}`, { method: "PATCH", cookie: alice.cookie, body: { name: "" } });
    expect(res.status).toBe(400);
    const broken = await t.call("/api/saved-locations", { cookie: alice.cookie, rawBody: "{", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
  });
});
