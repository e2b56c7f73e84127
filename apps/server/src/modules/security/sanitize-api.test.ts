import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { messages } from "@routepilot/contracts";
import { contactMessages, savedLocations } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await t.signUp("markup@example.com"));
});
afterAll(() => t.close());

describe("stored free text: markup outside the SPEC §5 allow-list is refused (400, nothing written)", () => {
  it("saved location names", async () => {
    const bad = await t.call("/api/saved-locations", { cookie, body: { name: "<img src=x>", address: "1 Main Street, Vaduz" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: { code: "VALIDATION_ERROR", message: messages.dangerous, key: "messages.dangerous", fields: { name: messages.dangerous }, fieldKeys: { name: { key: "messages.dangerous" } } },
    });
    expect(await t.deps.db.$count(savedLocations)).toBe(0);
    const ok = await t.call("/api/saved-locations", { cookie, body: { name: "Mum & Dad <b>home</b>", address: "1 Main Street, Vaduz", lat: 47.14, lng: 9.52 } });
    expect(ok.status).toBe(201);
    const created = (await ok.json()) as { id: string; name: string };
    expect(created.name).toBe("Mum & Dad <b>home</b>");
    const rename = await t.call(`/api/saved-locations/${created.id}`, { method: "PATCH", cookie, body: { name: "<svg><a>x</a></svg>" } });
    expect(rename.status).toBe(400);
  });

  it("the contact form", async () => {
    const res = await t.call("/api/contact", { body: { name: "Ana", email: "ana@example.com", message: "Hello there <style>body{display:none}</style>" } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({ message: messages.dangerous });
    expect(await t.deps.db.$count(contactMessages)).toBe(0);
  });
});
