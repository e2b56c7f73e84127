import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { encryptionMessages, type DriverRoute } from "@routepilot/contracts";
import { customerMessages, customerUnsubscribes, outbox, plans, routeStops } from "@routepilot/db";
import { liveSuite, plainOrders, today } from "../../test/live-fixtures";
import { json } from "../../test/team-fixtures";
import { unsubscribeToken } from "../live/customer-messages/unsubscribe";
import { openContact, stopContact } from "./contacts";
import { plainContactRows, sealPlainContacts } from "./seal-contacts";

const suite = liveSuite("contacts");

/** Every stored row of these tables as text, as a database reader would see it. */
async function rawRows(table: string, where: ReturnType<typeof sql>): Promise<string> {
  const result = (await suite.t.deps.db.execute(sql`select row_to_json(x)::text as row from ${sql.identifier(table)} x where ${where}`)) as unknown as { rows: { row: string }[] };
  return result.rows.map((r) => r.row).join("\n");
}

/** The customer names and addresses the world's plan was given (plainOrders(6), as liveWorld plans them). */
const contacts = plainOrders(6).map((o) => o.contact as { name: string; email: string });

describe("customer contacts at rest (decision 011)", () => {
  it("stores no plain name or address in plans, stops, e-mails or unsubscribes after a plan is created, dispatched and mailed", async () => {
    const { t, w } = suite;
    const stops = await t.deps.db.select().from(routeStops).where(inArray(routeStops.routeId, [w.routeId, w.route2Id]));
    const sent = await t.deps.db.select().from(customerMessages).where(eq(customerMessages.teamId, w.teamId));
    // The dispatch did mail the customers, and every stop kept its contact (sealed).
    expect(sent.length).toBeGreaterThan(0);
    expect(stops.map((s) => openContact(t.deps.encryption, s.contactSealed, t.deps.logger)?.email).sort()).toEqual(contacts.map((c) => c.email).sort());
    // One customer unsubscribes (address typed in capitals).
    const token = await unsubscribeToken(t.deps, w.teamId, contacts[0]!.email.toUpperCase());
    expect((await t.call(`/api/unsubscribe/${token}`, { method: "POST" })).status).toBe(200);

    const raw = [
      await rawRows("plans", sql`id = ${w.planId}`),
      await rawRows("route_stops", sql`route_id in (${w.routeId}, ${w.route2Id})`),
      await rawRows("customer_messages", sql`team_id = ${w.teamId}`),
      await rawRows("customer_unsubscribes", sql`team_id = ${w.teamId}`),
      // The e-mails themselves (migration 0018): sealed in the outbox too.
      await rawRows("outbox", sql`kind = 'customer-message'`),
    ].join("\n");
    expect(raw).toContain("contact_sealed");
    expect(raw).toContain('"sealed":"{');
    for (const c of contacts) {
      expect(raw).not.toContain(c.name);
      expect(raw.toLowerCase()).not.toContain(c.email.toLowerCase());
    }
    expect(raw).not.toMatch(/@example\.com/i);
  });

  it("shows the driver each stop's contact, opened", async () => {
    const { t, w } = suite;
    const res = await t.call(`/api/driver/routes?date=${today()}`, { cookie: w.people.driver.cookie });
    expect(res.status).toBe(200);
    const { routes } = await json<{ routes: DriverRoute[] }>(res);
    const shown = routes.flatMap((r) => r.stops.map((s) => s.contact?.name));
    expect(shown.length).toBeGreaterThan(0);
    for (const name of shown) expect(contacts.map((c) => c.name)).toContain(name);
  });

  it("compares unsubscribed addresses by their keyed hash, whatever their case", async () => {
    const { t, w } = suite;
    const email = contacts[1]!.email.toLowerCase();
    const upper = await unsubscribeToken(t.deps, w.teamId, email.toUpperCase());
    const lower = await unsubscribeToken(t.deps, w.teamId, email);
    expect(await json(await t.call(`/api/unsubscribe/${lower}`))).toMatchObject({ email, unsubscribed: false });
    expect((await t.call(`/api/unsubscribe/${upper}`, { method: "POST" })).status).toBe(200);
    expect(await json(await t.call(`/api/unsubscribe/${lower}`))).toMatchObject({ email, unsubscribed: true });
    const rows = await t.deps.db.select().from(customerUnsubscribes).where(eq(customerUnsubscribes.emailHash, t.deps.encryption.emailHash(email)));
    expect(rows).toMatchObject([{ teamId: w.teamId, email: null }]);
    // Keyed, not a plain SHA-256 of the address.
    expect(rows[0]!.emailHash).not.toBe(createHash("sha256").update(email).digest("hex"));
    expect(rows[0]!.emailHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("seals the rows stored plain before migration 0012 at start, and they keep working", async () => {
    const { t, w } = suite;
    const [stop] = await t.deps.db.select().from(routeStops).where(eq(routeStops.routeId, w.otherRouteId)).limit(1);
    const legacy = { name: "Lena Legacy", email: "lena.legacy@old.example", phone: "+44 20 7946 0999" };
    await t.deps.db.update(routeStops).set({ contact: legacy, contactSealed: null }).where(eq(routeStops.id, stop!.id));
    await t.deps.db.update(plans).set({ legacyContacts: { o1: legacy }, contactsSealed: null }).where(eq(plans.teamId, w.otherTeamId));
    await t.deps.db.insert(customerMessages).values({ teamId: w.otherTeamId, routeStopId: stop!.id, kind: "delivered", email: legacy.email, subject: "Delivered", body: `Hi ${legacy.name}`, status: "sent" });
    await t.deps.db.insert(customerUnsubscribes).values({ teamId: w.otherTeamId, email: legacy.email });
    // A customer e-mail the outbox kept plain before migration 0018.
    await t.deps.db.insert(outbox).values({ to: legacy.email, subject: "Delivered", text: `Hi ${legacy.name}`, html: `<p>Hi ${legacy.name}</p>`, kind: "customer-message", status: "sent" });
    expect(await plainContactRows(t.deps.db)).toBeGreaterThanOrEqual(5);
    // Before the sealing, readers fall back to the plain column.
    expect(stopContact(t.deps.encryption, { contact: legacy, contactSealed: null }, t.deps.logger)).toEqual(legacy);

    const done = await sealPlainContacts(t.deps.db, t.deps.encryption, t.deps.logger, 1);
    expect(done).toMatchObject({ routeStops: 1, customerMessages: 1, customerUnsubscribes: 1, outbox: 1 });
    expect(done.plans).toBeGreaterThanOrEqual(1);
    expect(await plainContactRows(t.deps.db)).toBe(0);
    const raw = [
      await rawRows("route_stops", sql`id = ${stop!.id}`),
      await rawRows("plans", sql`team_id = ${w.otherTeamId}`),
      await rawRows("customer_messages", sql`team_id = ${w.otherTeamId}`),
      await rawRows("customer_unsubscribes", sql`team_id = ${w.otherTeamId}`),
      await rawRows("outbox", sql`kind = 'customer-message'`),
    ].join("\n");
    expect(raw).not.toContain("Lena");
    expect(raw).not.toContain("legacy@old.example");
    const [sealed] = await t.deps.db.select().from(routeStops).where(eq(routeStops.id, stop!.id));
    expect(openContact(t.deps.encryption, sealed!.contactSealed, t.deps.logger)).toEqual(legacy);
    const token = await unsubscribeToken(t.deps, w.otherTeamId, legacy.email.toUpperCase());
    expect(await json(await t.call(`/api/unsubscribe/${token}`))).toMatchObject({ unsubscribed: true });
    // Run again: nothing left to seal.
    expect(await sealPlainContacts(t.deps.db, t.deps.encryption, t.deps.logger)).toEqual({ routeStops: 0, plans: 0, customerMessages: 0, customerUnsubscribes: 0, outbox: 0 });
  });

  it("a contact that cannot be decrypted reads [DECRYPTION_FAILED] and is not mailed", () => {
    const { t } = suite;
    const tampered = JSON.stringify({ ...t.deps.encryption.encrypt('{"name":"A","email":"a@b.example"}'), data: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" });
    expect(openContact(t.deps.encryption, tampered, t.deps.logger)).toEqual({ name: encryptionMessages.decryptionFailed, phone: encryptionMessages.decryptionFailed });
  });
});
