import { mkdtempSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { encryptionMessages } from "@routepilot/contracts";
import { EncryptionError } from "../../lib/errors";
import { parseMasterKey } from "../../lib/env";
import { KeyringEncryption, loadKeyring, openField, sealField, storedKeyVersion } from "./field-encryption";

const tmp = () => mkdtempSync(path.join(tmpdir(), "routepilot-keys-"));
const KEY_HEX = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";

function capture() {
  const lines: string[] = [];
  const logger = pino({ level: "debug" }, new Writable({ write: (chunk: Buffer, _e, done) => (lines.push(chunk.toString()), done()) }));
  return { logger, lines };
}

describe("FieldEncryption", () => {
  it("round-trips with AES-256-GCM, a fresh 128-bit salt per record, and the record fields of SPEC §3", () => {
    const enc = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX, dataDir: tmp() }));
    const a = enc.encrypt("WVWZZZ1JZXW000001");
    const b = enc.encrypt("WVWZZZ1JZXW000001");
    expect(Object.keys(a).sort()).toEqual(["data", "keyVersion", "salt", "timestamp"]);
    expect(Buffer.from(a.salt, "base64")).toHaveLength(16);
    expect(a.keyVersion).toBe(1);
    expect(a.data).not.toContain("WVWZZZ");
    expect(a.data).not.toBe(b.data);
    expect(enc.decrypt(a)).toBe("WVWZZZ1JZXW000001");
    expect(enc.decrypt(b)).toBe("WVWZZZ1JZXW000001");
    expect(enc.selfTest()).toBe(true);
  });

  it("answers the SPEC messages: empty data, no key, unknown key version", () => {
    const enc = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX, dataDir: tmp() }));
    expect(() => enc.encrypt("")).toThrow(new EncryptionError(encryptionMessages.emptyData));
    expect(() => new KeyringEncryption([])).toThrow(encryptionMessages.keyNotInitialized);
    expect(() => enc.decrypt({ ...enc.encrypt("x"), keyVersion: 7 })).toThrow("Encryption key version 7 not available");
  });

  it("a tampered record fails its integrity check; stored fields then read [DECRYPTION_FAILED] and the failure is logged", () => {
    const enc = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX, dataDir: tmp() }));
    const record = enc.encrypt("+44 7700 900123");
    const raw = Buffer.from(record.data, "base64");
    raw.writeUInt8(raw.readUInt8(raw.length - 1) ^ 1, raw.length - 1);
    const tampered = { ...record, data: raw.toString("base64") };
    expect(() => enc.decrypt(tampered)).toThrow(EncryptionError);
    const { logger, lines } = capture();
    expect(openField(enc, JSON.stringify(tampered), logger, "driver.phone")).toBe("[DECRYPTION_FAILED]");
    expect(openField(enc, "not json", logger, "driver.phone")).toBe("[DECRYPTION_FAILED]");
    expect(lines).toHaveLength(2);
    expect(lines.join("")).toContain("driver.phone");
    expect(lines.join("")).not.toContain("7700");
  });

  it("stores only non-empty strings (SPEC §5) and reads them back", () => {
    const enc = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX, dataDir: tmp() }));
    const { logger } = capture();
    expect(sealField(enc, "")).toBeNull();
    expect(sealField(enc, null)).toBeNull();
    expect(sealField(enc, undefined)).toBeNull();
    const stored = sealField(enc, "POL-123")!;
    expect(stored).not.toContain("POL-123");
    expect(storedKeyVersion(stored)).toBe(1);
    expect(openField(enc, stored, logger)).toBe("POL-123");
    expect(openField(enc, null, logger)).toBeNull();
  });

  it("a different master key cannot read the records", () => {
    const dir = tmp();
    const a = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX, dataDir: dir }));
    const b = new KeyringEncryption(loadKeyring({ masterKey: KEY_HEX.replace(/^00/, "01"), dataDir: dir }));
    expect(() => b.decrypt(a.encrypt("secret"))).toThrow(EncryptionError);
  });
});

describe("the keyring", () => {
  it("without ENCRYPTION_MASTER_KEY, makes one 256-bit key in DATA_DIR (mode 600) and keeps it across restarts", () => {
    const dir = tmp();
    const first = loadKeyring({ dataDir: dir });
    expect(first).toHaveLength(1);
    expect(first[0]!.key).toHaveLength(32);
    const file = path.join(dir, "encryption-keys.json");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const again = loadKeyring({ dataDir: dir });
    expect(again[0]!.key.equals(first[0]!.key)).toBe(true);
    const record = new KeyringEncryption(first).encrypt("kept");
    expect(new KeyringEncryption(again).decrypt(record)).toBe("kept");
  });

  it("a record under an older version still decrypts and is marked for re-encryption", () => {
    const [v1] = loadKeyring({ dataDir: tmp() });
    const v2 = { version: 2, key: Buffer.alloc(32, 9), createdAt: new Date().toISOString() };
    const old = new KeyringEncryption([v1!]).encrypt("under v1");
    const both = new KeyringEncryption([v1!, v2]);
    expect(both.currentVersion).toBe(2);
    expect(both.decrypt(old)).toBe("under v1");
    expect(both.needsReencryption(old)).toBe(true);
    expect(both.needsReencryption(both.encrypt("new"))).toBe(false);
    both.setKeyring([v2]);
    expect(() => both.decrypt(old)).toThrow("Encryption key version 1 not available");
  });

  it("ENCRYPTION_MASTER_KEY is 32 bytes, as hex or base64", () => {
    expect(parseMasterKey(KEY_HEX)).toHaveLength(32);
    expect(parseMasterKey(Buffer.alloc(32, 7).toString("base64"))).toHaveLength(32);
    expect(() => parseMasterKey("too-short")).toThrow(/32 bytes/);
  });
});
