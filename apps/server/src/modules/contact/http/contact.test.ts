import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages } from "@routepilot/db";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = { name: "Ana Courier", email: "ana@example.com", topic: "sales", message: "We run 12 vans in Vaduz and would like a demo." };

describe("POST /api/contact", () => {
  it("stores a message from a signed-out visitor", async () => {
    const res = await t.call("/api/contact", { body: valid });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const rows = await t.deps.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id, name: "Ana Courier", email: "ana@example.com", topic: "sales", userId: null });
  });

  it("links the message to a signed-in user", async () => {
    const { cookie, userId } = await t.signUp("member@example.com");
    const res = await t.call("/api/contact", { cookie, body: { ...valid, topic: undefined } });
    expect(res.status).toBe(201);
    const rows = await t.deps.db.select().from(contactMessages);
    expect(rows.find((r) => r.userId === userId)?.topic).toBe("general");
  });

  it.each([
    [{ ...valid, name: "" }, "name", "This field is required"],
    [{ ...valid, email: "nope" }, "email", "Invalid format"],
    [{ ...valid, message: "short" }, "message", "Must be at least 10 characters"],
    [{ ...valid, message: "<script>alert('hi there')</script>" }, "message", "Input contains potentially dangerous content"],
    [{ ...valid, topic: "spam" }, "topic", null],
  ])("400 for %j", async (body, field, message) => {
    const before = (await t.deps.db.select().from(contactMessages)).length;
    const res = await t.call("/api/contact", { body });
    expect(res.status).toBe(400);
    const out = (await res.json()) as { error: { fields: Record<string, string> } };
    if (message) expect(out.error.fields[field]).toBe(message);
    else expect(out.error.fields[field]).toMatch(/\w+/);
    expect((await t.deps.db.select().from(contactMessages)).length).toBe(before);
  });

  it("rejects malformed JSON and oversized bodies without a 500", async () => {
    expect((await t.call("/api/contact", { rawBody: "{", headers: { "content-type": "application/json" } })).status).toBe(400);
    expect((await t.call("/api/contact", { rawBody: JSON.stringify({ ...valid, message: "x".repeat(2_000_000) }), headers: { "content-type": "application/json" } })).status).toBe(413);
  });
});

describe("POST /api/contact rate limit (SPEC §9 contact_form)", () => {
  it("accepts 3 messages a minute from one address, then 429 with Retry-After for 15 minutes and nothing stored", async () => {
    const limited = await createTestApp({ CONTACT_RATE_LIMIT: "3", TRUST_PROXY: "1" });
    try {
      const from = (ip: string) => ({ body: valid, headers: { "x-forwarded-for": ip } });
      for (let i = 0; i < 3; i++) expect((await limited.call("/api/contact", from("203.0.113.5"))).status).toBe(201);
      const denied = await limited.call("/api/contact", from("203.0.113.5"));
      expect(denied.status).toBe(429);
      expect(Number(denied.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      expect(await denied.json()).toMatchObject({ allowed: false, remainingAttempts: 0, violations: 1 });
      // A signed-in sender on the same address is the same sender: still blocked.
      const { cookie } = await limited.signUp("writer@example.com");
      expect((await limited.call("/api/contact", { ...from("203.0.113.5"), cookie })).status).toBe(429);
      expect((await limited.deps.db.select().from(contactMessages)).length).toBe(3);
      // Another address is not affected.
      expect((await limited.call("/api/contact", from("198.51.100.8"))).status).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
