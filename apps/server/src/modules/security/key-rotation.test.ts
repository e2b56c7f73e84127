import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { authenticationLogs, customerMessages, encryptionKeys, outbox, fleetDrivers, orderDrafts, plans, routeStops, routes, teams, user, vehicles, type DatabaseHandle } from "@routepilot/db";
import { createTestDatabase } from "@routepilot/db/testing";
import { openContact, openContacts, sealContact, sealContacts } from "./contacts";
import { KeyringEncryption, deriveIndexKey, loadMasterKey, openField, readKeyring, sealField, storedKeyVersion, unwrapKey } from "./field-encryption";
import { KeyRotationError, SEALED_COLUMNS, addKeyVersion, rotateKeys, valuesByVersion } from "./key-rotation";
import { outboxValues } from "../../platform/mail/mail";

const KEY_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const master = loadMasterKey({ masterKey: KEY_HEX, dataDir: "/nonexistent" });
const logger = pino({ level: "silent" });
const ROWS = 7;

let handle: DatabaseHandle;
let teamId: string;

async function keyring() {
  return new KeyringEncryption(await readKeyring(handle.db, master));
}

/** Every sealed value, read back with the current keyring. */
async function readAll() {
  const enc = await keyring();
  const v = await handle.db.select().from(vehicles).where(eq(vehicles.teamId, teamId));
  const d = await handle.db.select().from(fleetDrivers).where(eq(fleetDrivers.teamId, teamId));
  const stops = await handle.db.select().from(routeStops);
  const p = await handle.db.select().from(plans).where(eq(plans.teamId, teamId));
  const m = await handle.db.select().from(customerMessages).where(eq(customerMessages.teamId, teamId));
  const mails = await handle.db.select().from(outbox).where(eq(outbox.kind, "customer-message"));
  const drafts = await handle.db.select().from(orderDrafts).where(eq(orderDrafts.teamId, teamId));
  return {
    vins: v.map((r) => openField(enc, r.vin, logger)).sort(),
    policies: v.map((r) => openField(enc, r.insurancePolicy, logger)).sort(),
    phones: d.map((r) => openField(enc, r.phone, logger)).sort(),
    // Customer contacts: stops, the plan's orders and the e-mails (decision 011).
    contacts: stops.map((r) => openContact(enc, r.contactSealed, logger)?.email).sort(),
    planContacts: p.flatMap((r) => [...openContacts(enc, r.contactsSealed, logger)].map(([id, c]) => `${id}:${c.name}`)),
    messages: m.map((r) => openField(enc, r.sealed, logger)).sort(),
    mails: mails.map((r) => (JSON.parse(openField(enc, r.sealed, logger) ?? "{}") as { to?: string }).to).sort(),
    // A day's order drafts: the rows' contacts and problems (issue 25).
    drafts: drafts.map((r) => openField(enc, r.sealed, logger, "order_drafts.sealed")),
    versions: [
      ...v.flatMap((r) => [r.vin, r.insurancePolicy]),
      ...d.flatMap((r) => [r.phone, r.licenceNumber]),
      ...stops.map((r) => r.contactSealed),
      ...p.map((r) => r.contactsSealed),
      ...m.map((r) => r.sealed),
      ...mails.map((r) => r.sealed),
      ...drafts.map((r) => r.sealed),
    ].map((s) => (s === null ? null : storedKeyVersion(s))),
  };
}

const expected = {
  vins: Array.from({ length: ROWS }, (_, i) => `VIN-${i}`).sort(),
  policies: Array.from({ length: ROWS }, (_, i) => `POL-${i}`).sort(),
  phones: Array.from({ length: ROWS }, (_, i) => `+44 7700 90${String(i).padStart(4, "0")}`).sort(),
  contacts: Array.from({ length: ROWS }, (_, i) => `c${i}@example.com`).sort(),
  planContacts: ["o1:Ann Customer"],
  messages: Array.from({ length: ROWS }, (_, i) => JSON.stringify({ email: `c${i}@example.com`, subject: "On its way", body: `Hi Customer ${i}` })).sort(),
  mails: Array.from({ length: ROWS }, (_, i) => `c${i}@example.com`).sort(),
  drafts: [JSON.stringify([{ contact: { name: "Dee Draft", email: "dee@example.com" } }, null])],
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const v1 = new KeyringEncryption([master]);
  await handle.db.insert(user).values({ id: "owner", name: "Owner", email: "owner@example.com" });
  const [team] = await handle.db.insert(teams).values({ name: "Fleet", ownerId: "owner" }).returning();
  teamId = team!.id;
  for (let i = 0; i < ROWS; i++) {
    await handle.db.insert(user).values({ id: `driver-${i}`, name: `Driver ${i}`, email: `d${i}@example.com` });
    await handle.db.insert(vehicles).values({
      teamId,
      name: `Van ${i}`,
      shiftStart: "08:00",
      shiftEnd: "17:00",
      vin: sealField(v1, `VIN-${i}`),
      // One vehicle without a policy: null columns stay null.
      insurancePolicy: i === 0 ? null : sealField(v1, `POL-${i}`),
    });
    await handle.db.insert(fleetDrivers).values({ teamId, userId: `driver-${i}`, phone: sealField(v1, `+44 7700 90${String(i).padStart(4, "0")}`), licenceNumber: sealField(v1, `LIC-${i}`) });
  }
  const [plan] = await handle.db
    .insert(plans)
    .values({ teamId, date: "2026-01-05", contactsSealed: sealContacts(v1, [["o1", { name: "Ann Customer", email: "ann@example.com", phone: "+44 20 7946 0000" }]]) })
    .returning();
  await handle.db.insert(orderDrafts).values({
    teamId,
    date: "2026-01-05",
    orders: [{ id: "o1", source: "Row 2", order: { label: "Dee" } }, { id: "o2", source: "Row 3", order: { label: "Eve" } }],
    sealed: sealField(v1, expected.drafts[0]),
  });
  const [route] = await handle.db
    .insert(routes)
    .values({ userId: "owner", teamId, planId: plan!.id, name: "Van 0", start: { label: "Depot", address: null, lat: 51.5, lng: -0.1 }, distanceM: 0, durationS: 0, provider: "test" })
    .returning();
  for (let i = 0; i < ROWS; i++) {
    const email = `c${i}@example.com`;
    const [stop] = await handle.db
      .insert(routeStops)
      .values({ routeId: route!.id, sequence: i + 1, inputIndex: i, label: `Stop ${i}`, lat: 51.5, lng: -0.1, arrivalS: 0, departureS: 0, legDistanceM: 0, legDurationS: 0, contactSealed: sealContact(v1, { name: `Customer ${i}`, email }) })
      .returning();
    await handle.db.insert(customerMessages).values({
      teamId,
      routeStopId: stop!.id,
      kind: "on_its_way",
      status: "sent",
      sealed: sealField(v1, JSON.stringify({ email, subject: "On its way", body: `Hi Customer ${i}` })),
      emailHash: v1.emailHash(email),
    });
    await handle.db.insert(outbox).values(outboxValues(v1, { to: email, subject: "On its way", text: `Hi Customer ${i}`, kind: "customer-message" }));
  }
  expected.policies = expected.policies.filter((p) => p !== "POL-0");
  expected.policies.push(null as unknown as string);
  expected.policies.sort();
});

afterAll(async () => {
  await handle.close();
});

describe("npm run keys:rotate (rotateKeys)", () => {
  it("lists every column the services seal", () => {
    const fleet = fileURLToPath(new URL("../fleet/", import.meta.url));
    const sealedInServices = readdirSync(fleet)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) => [...readFileSync(path.join(fleet, f), "utf8").matchAll(/openField\([^)]*"([a-z_]+)\.([a-z_]+)"\)/g)].map((m) => `${m[1]}.${m[2]}`));
    const listed = SEALED_COLUMNS.flatMap((t) => t.columns.map((c) => `${t.table}.${c}`));
    expect(sealedInServices.length).toBeGreaterThan(0);
    for (const column of sealedInServices) expect(listed).toContain(column);
    // Customer contacts are opened in modules/security/contacts.ts and the customer e-mails.
    const contactFiles = [new URL("./contacts.ts", import.meta.url), new URL("../live/customer-messages/index.ts", import.meta.url)];
    const contactColumns = contactFiles.flatMap((f) => [...readFileSync(f, "utf8").matchAll(/openField\([^)]*"([a-z_]+)\.([a-z_]+)"\)/g)].map((m) => `${m[1]}.${m[2]}`));
    expect(contactColumns.sort()).toEqual(["customer_messages.sealed", "plans.contacts_sealed", "route_stops.contact_sealed"]);
    for (const column of contactColumns) expect(listed).toContain(column);
  });

  it("stores version 2 wrapped under the master key, re-encrypts every row under it, and everything stays readable", async () => {
    expect((await readAll()).versions.every((v) => v === null || v === 1)).toBe(true);
    const report = await rotateKeys(handle.db, master, logger, { batchSize: 3 });
    expect(report).toMatchObject({ added: 2, dropped: [], currentVersion: 2 });
    expect(report.tables).toEqual([
      { table: "vehicles", rows: ROWS, values: ROWS * 2 - 1, failed: 0 },
      { table: "fleet_drivers", rows: ROWS, values: ROWS * 2, failed: 0 },
      { table: "route_stops", rows: ROWS, values: ROWS, failed: 0 },
      { table: "plans", rows: 1, values: 1, failed: 0 },
      { table: "customer_messages", rows: ROWS, values: ROWS, failed: 0 },
      { table: "outbox", rows: ROWS, values: ROWS, failed: 0 },
      { table: "order_drafts", rows: 1, values: 1, failed: 0 },
    ]);
    const [row] = await handle.db.select().from(encryptionKeys);
    expect(row!.version).toBe(2);
    expect(unwrapKey(master, row!.wrappedKey)).toHaveLength(32);
    expect(row!.wrappedKey).not.toContain(master.key.toString("base64"));
    const after = await readAll();
    expect(after.vins).toEqual(expected.vins);
    expect(after.policies).toEqual(expected.policies);
    expect(after.phones).toEqual(expected.phones);
    expect(after.contacts).toEqual(expected.contacts);
    expect(after.planContacts).toEqual(expected.planContacts);
    expect(after.messages).toEqual(expected.messages);
    expect(after.drafts).toEqual(expected.drafts);
    expect(after.versions.every((v) => v === null || v === 2)).toBe(true);
    const [audit] = await handle.db.select().from(authenticationLogs).where(eq(authenticationLogs.eventType, "encryption_key_rotation"));
    expect(audit!.details).toMatchObject({ action: "rotate", outcome: "success", metadata: { added: 2 } });
  });

  it("an interrupted run is continued by the next one, which adds no version", async () => {
    const first = await rotateKeys(handle.db, master, logger, { batchSize: 2, maxBatches: 2 });
    expect(first.added).toBe(3);
    const mid = await readAll();
    expect(mid.versions.filter((v) => v === 3).length).toBeGreaterThan(0);
    expect(mid.versions.filter((v) => v === 2).length).toBeGreaterThan(0);
    // Old and new versions both read while the rotation is unfinished.
    expect(mid.vins).toEqual(expected.vins);
    const second = await rotateKeys(handle.db, master, logger, { batchSize: 2 });
    expect(second.added).toBeNull();
    expect(second.currentVersion).toBe(3);
    expect(Object.values(second.resumed).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    const after = await readAll();
    expect(after.versions.every((v) => v === null || v === 3)).toBe(true);
    expect(after.phones).toEqual(expected.phones);
  });

  it("keeps 3 versions: a rotation past three drops the oldest, refusing while rows still use it unless --force", async () => {
    await rotateKeys(handle.db, master, logger);
    expect((await keyring()).versions).toEqual([4, 3, 2]);
    expect((await handle.db.select().from(encryptionKeys)).map((r) => r.version).sort()).toEqual([2, 3, 4]);
    let after = await readAll();
    expect(after.vins).toEqual(expected.vins);
    expect(after.versions.every((v) => v === null || v === 4)).toBe(true);

    // A value still under version 2 (say, written by a process that had not yet read version 3).
    const v2 = new KeyringEncryption((await readKeyring(handle.db, master)).filter((k) => k.version === 2));
    await handle.db.update(vehicles).set({ vin: sealField(v2, "VIN-0") }).where(sql`${vehicles.name} = 'Van 0'`);
    await expect(addKeyVersion(handle.db, master)).rejects.toThrow(KeyRotationError);
    await expect(addKeyVersion(handle.db, master)).rejects.toThrow(/Key version 2 is still used by 1 values \(vehicles\.vin: 1\)/);
    // keys:rotate itself first finishes re-encrypting that value, then a second run rotates.
    expect((await rotateKeys(handle.db, master, logger)).added).toBeNull();
    expect((await rotateKeys(handle.db, master, logger)).added).toBe(5);
    expect((await keyring()).versions).toEqual([5, 4, 3]);
    after = await readAll();
    expect(after).toMatchObject(expected);
    expect((await valuesByVersion(handle.db)).get("fleet_drivers.phone")).toEqual(new Map([[5, ROWS]]));
    expect((await valuesByVersion(handle.db)).get("route_stops.contact_sealed")).toEqual(new Map([[5, ROWS]]));
    // The keyed e-mail hash comes from the master key: unchanged by rotations, though version 1 left the keyring.
    const current = new KeyringEncryption(await readKeyring(handle.db, master), undefined, { indexKey: deriveIndexKey(master) });
    expect(current.has(1)).toBe(false);
    const [message] = await handle.db.select().from(customerMessages).where(eq(customerMessages.teamId, teamId)).limit(1);
    const email = (JSON.parse(openField(current, message!.sealed, logger)!) as { email: string }).email;
    expect(current.emailHash(email.toUpperCase())).toBe(message!.emailHash);

    // --force drops a version in use: its values then read [DECRYPTION_FAILED].
    const v5 = new KeyringEncryption((await readKeyring(handle.db, master)).filter((k) => k.version === 3));
    await handle.db.update(vehicles).set({ vin: sealField(v5, "VIN-0") }).where(sql`${vehicles.name} = 'Van 0'`);
    expect(await addKeyVersion(handle.db, master, { force: true })).toEqual({ version: 6, dropped: [3] });
    expect((await readAll()).vins).toContain("[DECRYPTION_FAILED]");
  });

  it("a server reads a version another process added when it meets it, before failing", async () => {
    const stale = new KeyringEncryption([master], () => readKeyring(handle.db, master));
    const enc = await keyring();
    const stored = sealField(enc, "from another process")!;
    expect(stale.has(enc.currentVersion)).toBe(false);
    await stale.prepare([stored, null]);
    expect(openField(stale, stored, logger)).toBe("from another process");
    const without = new KeyringEncryption([master]);
    expect(() => without.decrypt(JSON.parse(stored) as never)).toThrow(`Encryption key version ${enc.currentVersion} not available`);
  });
});
