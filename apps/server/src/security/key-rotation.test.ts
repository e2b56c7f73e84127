import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { authenticationLogs, encryptionKeys, fleetDrivers, teams, user, vehicles, type DatabaseHandle } from "@routepilot/db";
import { createTestDatabase } from "@routepilot/db/testing";
import { FieldEncryption, loadMasterKey, openField, readKeyring, sealField, storedKeyVersion, unwrapKey } from "./field-encryption";
import { KeyRotationError, SEALED_COLUMNS, addKeyVersion, rotateKeys, valuesByVersion } from "./key-rotation";

const KEY_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
const master = loadMasterKey({ masterKey: KEY_HEX, dataDir: "/nonexistent" });
const logger = pino({ level: "silent" });
const ROWS = 7;

let handle: DatabaseHandle;
let teamId: string;

async function keyring() {
  return new FieldEncryption(await readKeyring(handle.db, master));
}

/** Every sealed value, read back with the current keyring. */
async function readAll() {
  const enc = await keyring();
  const v = await handle.db.select().from(vehicles).where(eq(vehicles.teamId, teamId));
  const d = await handle.db.select().from(fleetDrivers).where(eq(fleetDrivers.teamId, teamId));
  return {
    vins: v.map((r) => openField(enc, r.vin, logger)).sort(),
    policies: v.map((r) => openField(enc, r.insurancePolicy, logger)).sort(),
    phones: d.map((r) => openField(enc, r.phone, logger)).sort(),
    versions: [...v.flatMap((r) => [r.vin, r.insurancePolicy]), ...d.flatMap((r) => [r.phone, r.licenceNumber])].map((s) => (s === null ? null : storedKeyVersion(s))),
  };
}

const expected = {
  vins: Array.from({ length: ROWS }, (_, i) => `VIN-${i}`).sort(),
  policies: Array.from({ length: ROWS }, (_, i) => `POL-${i}`).sort(),
  phones: Array.from({ length: ROWS }, (_, i) => `+44 7700 90${String(i).padStart(4, "0")}`).sort(),
};

beforeAll(async () => {
  handle = await createTestDatabase();
  const v1 = new FieldEncryption([master]);
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
  expected.policies = expected.policies.filter((p) => p !== "POL-0");
  expected.policies.push(null as unknown as string);
  expected.policies.sort();
});

afterAll(async () => {
  await handle.close();
});

describe("npm run keys:rotate (rotateKeys)", () => {
  it("lists every column the services seal", () => {
    const fleet = fileURLToPath(new URL("../services/fleet/", import.meta.url));
    const sealedInServices = readdirSync(fleet)
      .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"))
      .flatMap((f) => [...readFileSync(path.join(fleet, f), "utf8").matchAll(/openField\([^)]*"([a-z_]+)\.([a-z_]+)"\)/g)].map((m) => `${m[1]}.${m[2]}`));
    const listed = SEALED_COLUMNS.flatMap((t) => t.columns.map((c) => `${t.table}.${c}`));
    expect(sealedInServices.length).toBeGreaterThan(0);
    for (const column of sealedInServices) expect(listed).toContain(column);
  });

  it("stores version 2 wrapped under the master key, re-encrypts every row under it, and everything stays readable", async () => {
    expect((await readAll()).versions.every((v) => v === null || v === 1)).toBe(true);
    const report = await rotateKeys(handle.db, master, logger, { batchSize: 3 });
    expect(report).toMatchObject({ added: 2, dropped: [], currentVersion: 2 });
    expect(report.tables).toEqual([
      { table: "vehicles", rows: ROWS, values: ROWS * 2 - 1, failed: 0 },
      { table: "fleet_drivers", rows: ROWS, values: ROWS * 2, failed: 0 },
    ]);
    const [row] = await handle.db.select().from(encryptionKeys);
    expect(row!.version).toBe(2);
    expect(unwrapKey(master, row!.wrappedKey)).toHaveLength(32);
    expect(row!.wrappedKey).not.toContain(master.key.toString("base64"));
    const after = await readAll();
    expect(after.vins).toEqual(expected.vins);
    expect(after.policies).toEqual(expected.policies);
    expect(after.phones).toEqual(expected.phones);
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
    const v2 = new FieldEncryption((await readKeyring(handle.db, master)).filter((k) => k.version === 2));
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

    // --force drops a version in use: its values then read [DECRYPTION_FAILED].
    const v5 = new FieldEncryption((await readKeyring(handle.db, master)).filter((k) => k.version === 3));
    await handle.db.update(vehicles).set({ vin: sealField(v5, "VIN-0") }).where(sql`${vehicles.name} = 'Van 0'`);
    expect(await addKeyVersion(handle.db, master, { force: true })).toEqual({ version: 6, dropped: [3] });
    expect((await readAll()).vins).toContain("[DECRYPTION_FAILED]");
  });

  it("a server reads a version another process added when it meets it, before failing", async () => {
    const stale = new FieldEncryption([master], () => readKeyring(handle.db, master));
    const enc = await keyring();
    const stored = sealField(enc, "from another process")!;
    expect(stale.has(enc.currentVersion)).toBe(false);
    await stale.prepare([stored, null]);
    expect(openField(stale, stored, logger)).toBe("from another process");
    const without = new FieldEncryption([master]);
    expect(() => without.decrypt(JSON.parse(stored) as never)).toThrow(`Encryption key version ${enc.currentVersion} not available`);
  });
});
