import { createCipheriv, createDecipheriv, createHmac, hkdfSync, pbkdf2Sync, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ENCRYPTION_KDF_ITERATIONS, ENCRYPTION_MAX_KEY_VERSIONS, ENCRYPTION_SALT_BYTES, encryptionMessages } from "@routepilot/contracts";
import { desc } from "drizzle-orm";
import { encryptionKeys, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../lib/logger";
import { parseMasterKey } from "../../lib/env";
import { EncryptionError } from "../../lib/errors";
import type { EncryptedField, FieldEncryption, KeyVersion } from "../../lib/ports";
export type { EncryptedField, FieldEncryption, KeyVersion } from "../../lib/ports";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const DERIVED_CACHE_LIMIT = 2_000;

/**
 * AES-256-GCM field encryption at rest (DESIGN §8, SPEC §8/§9): each record gets a random
 * 128-bit salt, from which PBKDF2-SHA256 (10,000 iterations) derives the record's key from the
 * master key of the newest version. Older versions (at most 3 are kept) still decrypt; a record
 * under an older version needs re-encryption.
 */
export class KeyringEncryption implements FieldEncryption {
  private keys: Map<number, Buffer>;
  private current: number;
  /** Derived keys by "version:salt": a record read again does not pay the derivation twice. */
  private readonly derived = new Map<string, Buffer>();
  private reloading: Promise<void> | null = null;

  /**
   * `reloadKeyring` reads the keyring again (the encryption_keys table, shared by every process):
   * called when a record names a version this process does not know (another process rotated).
   */
  constructor(
    keyring: KeyVersion[],
    private readonly reloadKeyring?: () => Promise<KeyVersion[]>,
    options: { indexKey?: Buffer } = {},
  ) {
    if (keyring.length === 0) throw new EncryptionError(encryptionMessages.keyNotInitialized);
    this.keys = new Map(keyring.map((k) => [k.version, k.key]));
    this.current = Math.max(...keyring.map((k) => k.version));
    const master = keyring.find((k) => k.version === 1);
    this.indexKey = options.indexKey ?? (master ? deriveIndexKey(master) : null);
  }

  /** The key of keyed hashes (emailHash): derived from the master key, so rotations do not change it. */
  private readonly indexKey: Buffer | null;

  /**
   * Keyed hash (HMAC-SHA256, hex) of a lower-cased, trimmed e-mail address: how a sealed address is
   * compared (unsubscribes) without storing it. Not a plain hash: without the master key a list
   * of guessed addresses cannot be matched against the table.
   */
  emailHash(email: string): string {
    if (!this.indexKey) throw new EncryptionError("No index key: the master key is not loaded");
    return createHmac("sha256", this.indexKey).update(email.trim().toLowerCase()).digest("hex");
  }

  get currentVersion(): number {
    return this.current;
  }

  /** Replaces the keyring (after a rotation); derived keys of dropped versions are forgotten. */
  setKeyring(keyring: KeyVersion[]): void {
    if (keyring.length === 0) throw new EncryptionError(encryptionMessages.keyNotInitialized);
    this.keys = new Map(keyring.map((k) => [k.version, k.key]));
    this.current = Math.max(...keyring.map((k) => k.version));
    for (const id of [...this.derived.keys()]) if (!this.keys.has(Number(id.split(":")[0]))) this.derived.delete(id);
  }

  /** Reads the keyring again (one read at a time); a failed read keeps the keys already held. */
  refresh(): Promise<void> {
    if (!this.reloadKeyring) return Promise.resolve();
    this.reloading ??= this.reloadKeyring()
      .then((keys) => this.setKeyring(keys))
      .finally(() => {
        this.reloading = null;
      });
    return this.reloading;
  }

  /** Whether this version is in the keyring. */
  has(version: number): boolean {
    return this.keys.has(version);
  }

  /**
   * Makes sure every key version these stored columns name is loaded: an unknown one reads the
   * keyring again before a read fails with "Encryption key version {n} not available".
   */
  async prepare(stored: readonly (string | null | undefined)[]): Promise<void> {
    const missing = stored.some((s) => {
      const v = s ? storedKeyVersion(s) : null;
      return v !== null && !this.keys.has(v);
    });
    if (missing) await this.refresh().catch(() => undefined);
  }

  get versions(): number[] {
    return [...this.keys.keys()].sort((a, b) => b - a);
  }

  private deriveKey(version: number, salt: Buffer): Buffer {
    const master = this.keys.get(version);
    if (!master) {
      // Another process may have rotated: read the keyring again for the next request.
      void this.refresh().catch(() => undefined);
      throw new EncryptionError(encryptionMessages.unknownKeyVersion(version));
    }
    const id = `${version}:${salt.toString("base64")}`;
    const cached = this.derived.get(id);
    if (cached) return cached;
    const key = pbkdf2Sync(master, salt, ENCRYPTION_KDF_ITERATIONS, 32, "sha256");
    if (this.derived.size >= DERIVED_CACHE_LIMIT) this.derived.delete(this.derived.keys().next().value!);
    this.derived.set(id, key);
    return key;
  }

  encrypt(plaintext: string): EncryptedField {
    if (plaintext === "") throw new EncryptionError(encryptionMessages.emptyData);
    const salt = randomBytes(ENCRYPTION_SALT_BYTES);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.deriveKey(this.currentVersion, salt), iv);
    const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return {
      data: Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64"),
      salt: salt.toString("base64"),
      keyVersion: this.currentVersion,
      timestamp: new Date().toISOString(),
    };
  }

  /** The plaintext; throws EncryptionError for an unknown key version or a tampered record. */
  decrypt(record: EncryptedField): string {
    const key = this.deriveKey(record.keyVersion, Buffer.from(record.salt, "base64"));
    const raw = Buffer.from(record.data, "base64");
    if (raw.length < IV_BYTES + TAG_BYTES) throw new EncryptionError("Encrypted data is truncated");
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
    } catch {
      throw new EncryptionError("Encrypted data failed its integrity check");
    }
  }

  needsReencryption(record: EncryptedField): boolean {
    return record.keyVersion !== this.currentVersion;
  }

  /** Encrypts and decrypts a probe: false when the keyring cannot round-trip (encryptionHealth 0). */
  selfTest(): boolean {
    try {
      const probe = randomBytes(16).toString("hex");
      return this.decrypt(this.encrypt(probe)) === probe;
    } catch {
      return false;
    }
  }
}

/**
 * How a sensitive column is stored: the record as JSON text, or null. SPEC §5: only non-empty
 * strings are encrypted; null, undefined and "" are stored as null.
 */
export function sealField(encryption: FieldEncryption, value: string | null | undefined): string | null {
  if (value === null || value === undefined || value === "") return null;
  return JSON.stringify(encryption.encrypt(value));
}

function parseRecord(stored: string): EncryptedField | null {
  try {
    const r = JSON.parse(stored) as Partial<EncryptedField> | null;
    if (r && typeof r.data === "string" && typeof r.salt === "string" && typeof r.keyVersion === "number" && typeof r.timestamp === "string") return r as EncryptedField;
  } catch {
    // not a record
  }
  return null;
}

/** A stored column back to its value; one that cannot be decrypted reads [DECRYPTION_FAILED] and is logged. */
export function openField(encryption: FieldEncryption, stored: string | null, logger: Logger, what = "field"): string | null {
  if (stored === null) return null;
  const record = parseRecord(stored);
  try {
    if (!record) throw new EncryptionError("Not an encrypted field record");
    return encryption.decrypt(record);
  } catch (error) {
    logger.error({ field: what, keyVersion: record?.keyVersion, reason: error instanceof Error ? error.message : String(error) }, "field decryption failed");
    return encryptionMessages.decryptionFailed;
  }
}

/**
 * A stored column sealed again under the current version (re-encryption after a rotation);
 * unchanged when it already is. EncryptionError when it cannot be decrypted.
 */
export function resealField(encryption: FieldEncryption, stored: string): string {
  const record = parseRecord(stored);
  if (!record) throw new EncryptionError("Not an encrypted field record");
  if (!encryption.needsReencryption(record)) return stored;
  return JSON.stringify(encryption.encrypt(encryption.decrypt(record)));
}

/** A stored column's key version (null when empty or not a record), for re-encryption. */
export function storedKeyVersion(stored: string | null): number | null {
  return stored === null ? null : (parseRecord(stored)?.keyVersion ?? null);
}

// ---------------------------------------------------------------------------------------------
// The keyring. Version 1 is the master key: ENCRYPTION_MASTER_KEY, else a file in DATA_DIR made
// on first start. Versions 2 and up (npm run keys:rotate) are random 256-bit keys stored in the
// encryption_keys table, wrapped under the master key, so every process reads the same keyring.

type KeyringFile = { keys: { version: number; key: string; createdAt: string }[] };

const keyringPath = (dataDir: string) => path.join(path.resolve(dataDir), "encryption-keys.json");

function readKeyringFile(file: string): KeyVersion[] {
  const parsed = JSON.parse(readFileSync(file, "utf8")) as KeyringFile;
  return parsed.keys.map((k) => ({ version: k.version, key: Buffer.from(k.key, "base64"), createdAt: k.createdAt }));
}

function writeKeyringFile(file: string, keys: KeyVersion[]): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const body: KeyringFile = { keys: keys.map((k) => ({ version: k.version, key: k.key.toString("base64"), createdAt: k.createdAt })) };
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * The master key, version 1: ENCRYPTION_MASTER_KEY when set (every process of a scaled-out install
 * must share it), else DATA_DIR/encryption-keys.json, created with one random 256-bit key on first
 * start.
 */
export function loadMasterKey(options: { masterKey?: string | undefined; dataDir: string }): KeyVersion {
  if (options.masterKey) return { version: 1, key: parseMasterKey(options.masterKey), createdAt: new Date(0).toISOString() };
  const file = keyringPath(options.dataDir);
  if (existsSync(file)) {
    const master = readKeyringFile(file).find((k) => k.version === 1);
    if (!master || master.key.length !== 32) throw new EncryptionError(`${file} has no 32-byte key of version 1`);
    return master;
  }
  const master = { version: 1, key: randomBytes(32), createdAt: new Date().toISOString() };
  writeKeyringFile(file, [master]);
  return master;
}

/** The keyring of the master key alone (no database: tests, and a server before its first rotation). */
export function loadKeyring(options: { masterKey?: string | undefined; dataDir: string }): KeyVersion[] {
  return [loadMasterKey(options)];
}

/** The key of KeyringEncryption.emailHash: HKDF-SHA256 of the master key (version 1), for this one use. */
export function deriveIndexKey(master: KeyVersion): Buffer {
  return Buffer.from(hkdfSync("sha256", master.key, Buffer.alloc(0), "routepilot customer e-mail index", 32));
}

/** A stored version's key, encrypted under the master key (the record as JSON, like a sealed field). */
export function wrapKey(master: KeyVersion, key: Buffer): string {
  return JSON.stringify(new KeyringEncryption([{ ...master, version: 1 }]).encrypt(key.toString("base64")));
}

/** The key a wrapped_key holds; EncryptionError when the master key is not the one it was wrapped under. */
export function unwrapKey(master: KeyVersion, wrapped: string): Buffer {
  const record = parseRecord(wrapped);
  if (!record) throw new EncryptionError("Not an encrypted field record");
  const key = Buffer.from(new KeyringEncryption([{ ...master, version: 1 }]).decrypt({ ...record, keyVersion: 1 }), "base64");
  if (key.length !== 32) throw new EncryptionError("A wrapped key is not 32 bytes");
  return key;
}

/**
 * The keyring every process shares: the stored versions and the master key (version 1), the
 * newest 3 (SPEC §4). A stored version the master key cannot unwrap is left out and logged: its
 * records then read [DECRYPTION_FAILED] rather than stopping the server.
 */
export async function readKeyring(db: DbOrTx, master: KeyVersion, logger?: Logger): Promise<KeyVersion[]> {
  const rows = await db.select().from(encryptionKeys).orderBy(desc(encryptionKeys.version));
  const stored: KeyVersion[] = [];
  for (const row of rows) {
    if (row.version <= 1) continue;
    try {
      stored.push({ version: row.version, key: unwrapKey(master, row.wrappedKey), createdAt: row.createdAt.toISOString() });
    } catch (error) {
      logger?.error({ keyVersion: row.version, reason: error instanceof Error ? error.message : String(error) }, "encryption key version cannot be unwrapped with the master key");
    }
  }
  return [...stored, master].sort((a, b) => b.version - a.version).slice(0, ENCRYPTION_MAX_KEY_VERSIONS);
}
