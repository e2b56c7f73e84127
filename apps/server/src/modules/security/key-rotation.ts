import { randomBytes } from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import { ENCRYPTION_MAX_KEY_VERSIONS } from "@routepilot/contracts";
import { encryptionKeys, type Database, type DbOrTx } from "@routepilot/db";
import type { Logger } from "../../lib/logger";
import { writeAuditEvent } from "./audit";
import { EncryptionError } from "../../lib/errors";
import { KeyringEncryption, readKeyring, resealField, wrapKey, type FieldEncryption, type KeyVersion } from "./field-encryption";

/**
 * Every column that holds a sealed field (sealField/openField): the tables the rotation
 * re-encrypts. A new sealed column must be added here, or a rotation that drops its old version
 * would leave it unreadable (the key-rotation test checks the list against the services).
 */
export const SEALED_COLUMNS: readonly { table: string; columns: readonly string[] }[] = [
  { table: "vehicles", columns: ["vin", "insurance_policy"] },
  { table: "fleet_drivers", columns: ["phone", "licence_number"] },
  // Customer contacts (modules/security/contacts.ts, decision 011); their keyed e-mail hashes do not change with rotations.
  { table: "route_stops", columns: ["contact_sealed"] },
  { table: "plans", columns: ["contacts_sealed"] },
  { table: "customer_messages", columns: ["sealed"] },
  { table: "outbox", columns: ["sealed"] },
  // A day's order drafts (issue 25): the rows' contacts and problems.
  { table: "order_drafts", columns: ["sealed"] },
];

/** A refusal the operator can act on (printed by npm run keys:rotate without a stack trace). */
export class KeyRotationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "KeyRotationError";
  }
}

/** The key version a sealed column names, in SQL (JSON.stringify writes `"keyVersion":n`). */
const versionOf = (column: string): SQL => sql`substring(${sql.identifier(column)} from '"keyVersion":([0-9]+)')::int`;

/** How many sealed values each key version holds, per table.column. */
export async function valuesByVersion(db: DbOrTx): Promise<Map<string, Map<number, number>>> {
  const out = new Map<string, Map<number, number>>();
  for (const { table, columns } of SEALED_COLUMNS) {
    for (const column of columns) {
      const result = (await db.execute(sql`
        select ${versionOf(column)} as version, count(*)::int as n from ${sql.identifier(table)}
        where ${sql.identifier(column)} is not null group by 1`)) as unknown as { rows: { version: number | null; n: number }[] };
      out.set(`${table}.${column}`, new Map(result.rows.map((r) => [r.version ?? 0, Number(r.n)])));
    }
  }
  return out;
}

/** The values still sealed under a version other than `current` (an unfinished rotation), per table.column. */
function staleCounts(byVersion: Map<string, Map<number, number>>, current: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const [name, counts] of byVersion) {
    const stale = [...counts].filter(([v]) => v !== current).reduce((sum, [, n]) => sum + n, 0);
    if (stale > 0) out.set(name, stale);
  }
  return out;
}

/**
 * Adds key version max + 1 (random 256 bits, wrapped under the master key) and drops the versions
 * beyond the newest 3. A version that sealed values still use is not dropped unless `force`
 * (those values would read [DECRYPTION_FAILED]). Returns the new version and the dropped ones.
 */
export async function addKeyVersion(db: Database, master: KeyVersion, options: { force?: boolean } = {}): Promise<{ version: number; dropped: number[] }> {
  return db.transaction(async (tx) => {
    // One rotation at a time across processes (PostgreSQL); the primary key refuses a duplicate anyway.
    await tx.execute(sql`lock table ${encryptionKeys} in exclusive mode`);
    const stored = await tx.select({ version: encryptionKeys.version }).from(encryptionKeys);
    // The keyring today: the master key (version 1) until three stored versions push it out.
    const known = [1, ...stored.map((r) => r.version)].sort((a, b) => b - a).slice(0, ENCRYPTION_MAX_KEY_VERSIONS);
    const version = Math.max(...known) + 1;
    const kept = [version, ...known].sort((a, b) => b - a).slice(0, ENCRYPTION_MAX_KEY_VERSIONS);
    const dropped = known.filter((v) => !kept.includes(v)).sort((a, b) => a - b);
    const byVersion = await valuesByVersion(tx);
    for (const v of dropped) {
      const users = [...byVersion].map(([name, counts]) => [name, counts.get(v) ?? 0] as const).filter(([, n]) => n > 0);
      if (users.length > 0 && !options.force) {
        const list = users.map(([name, n]) => `${name}: ${n}`).join(", ");
        throw new KeyRotationError(
          `Key version ${v} is still used by ${users.reduce((s, [, n]) => s + n, 0)} values (${list}). Run npm run keys:rotate again to finish re-encrypting them, or add --force to drop it anyway (those values become unreadable).`,
        );
      }
    }
    await tx.insert(encryptionKeys).values({ version, wrappedKey: wrapKey(master, randomBytes(32)) });
    for (const v of dropped) if (v > 1) await tx.delete(encryptionKeys).where(sql`${encryptionKeys.version} = ${v}`);
    return { version, dropped };
  });
}

export interface TableReencryption {
  table: string;
  /** Rows rewritten. */
  rows: number;
  /** Values sealed again under the current version. */
  values: number;
  /** Values that could not be decrypted (left as they are, logged). */
  failed: number;
}

/**
 * Seals every value under a version other than the keyring's current one again, `batchSize` rows
 * per transaction (rows locked while rewritten, so a server writing the same row waits). Rows are
 * picked by their stored version, so a run that stopped part-way is continued by the next one.
 * `maxBatches` stops early (tests interrupt a run with it).
 */
export async function reencryptAll(
  db: Database,
  encryption: FieldEncryption,
  logger: Logger,
  options: { batchSize?: number; maxBatches?: number } = {},
): Promise<TableReencryption[]> {
  const batchSize = options.batchSize ?? 500;
  let batches = 0;
  const report: TableReencryption[] = [];
  for (const { table, columns } of SEALED_COLUMNS) {
    const counts: TableReencryption = { table, rows: 0, values: 0, failed: 0 };
    report.push(counts);
    const stale = sql.join(
      columns.map((c) => sql`(${sql.identifier(c)} is not null and ${versionOf(c)} is distinct from ${encryption.currentVersion})`),
      sql` or `,
    );
    const selected = sql.join([sql.identifier("id"), ...columns.map((c) => sql.identifier(c))], sql`, `);
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      if (options.maxBatches !== undefined && batches >= options.maxBatches) return report;
      batches += 1;
      const last = await db.transaction(async (tx) => {
        const result = (await tx.execute(sql`
          select ${selected} from ${sql.identifier(table)}
          where id > ${after} and (${stale}) order by id limit ${batchSize} for update`)) as unknown as { rows: Record<string, string | null>[] };
        for (const row of result.rows) {
          const updates: SQL[] = [];
          for (const column of columns) {
            const value = row[column];
            if (value === null || value === undefined) continue;
            try {
              const resealed = resealField(encryption, value);
              if (resealed !== value) updates.push(sql`${sql.identifier(column)} = ${resealed}`);
            } catch (error) {
              counts.failed += 1;
              logger.error({ table, column, id: row.id, reason: error instanceof Error ? error.message : String(error) }, "re-encryption: value cannot be decrypted, left as it is");
            }
          }
          if (updates.length === 0) continue;
          await tx.execute(sql`update ${sql.identifier(table)} set ${sql.join(updates, sql`, `)} where id = ${row.id}`);
          counts.rows += 1;
          counts.values += updates.length;
        }
        return result.rows.at(-1)?.id ?? null;
      });
      if (last === null) break;
      after = last;
    }
  }
  return report;
}

export interface RotationReport {
  /** The version added by this run; null when it finished an earlier, interrupted rotation instead. */
  added: number | null;
  dropped: number[];
  currentVersion: number;
  /** Values an earlier run left under an older version, per table.column (what this run resumed). */
  resumed: Record<string, number>;
  tables: TableReencryption[];
}

/**
 * npm run keys:rotate. When values are still sealed under an older version (a rotation that
 * stopped part-way), this run finishes it and adds no version; otherwise it adds a version,
 * waits `propagationMs` (other server processes read the keyring again meanwhile) and re-encrypts
 * everything under it. Writes the audit event encryption_key_rotation.
 */
export async function rotateKeys(
  db: Database,
  master: KeyVersion,
  logger: Logger,
  options: { force?: boolean; batchSize?: number; maxBatches?: number; propagationMs?: number } = {},
): Promise<RotationReport> {
  const before = new KeyringEncryption(await readKeyring(db, master, logger));
  const resumed = staleCounts(await valuesByVersion(db), before.currentVersion);
  let added: number | null = null;
  let dropped: number[] = [];
  if (resumed.size === 0) {
    ({ version: added, dropped } = await addKeyVersion(db, master, { force: options.force ?? false }));
    if (options.propagationMs) await new Promise((resolve) => setTimeout(resolve, options.propagationMs));
  }
  const encryption = new KeyringEncryption(await readKeyring(db, master, logger));
  if (added !== null && encryption.currentVersion !== added) throw new EncryptionError(`Key version ${added} was added but cannot be read back`);
  const tables = await reencryptAll(db, encryption, logger, options);
  const report: RotationReport = { added, dropped, currentVersion: encryption.currentVersion, resumed: Object.fromEntries(resumed), tables };
  await writeAuditEvent(db, logger, {
    eventType: "encryption_key_rotation",
    action: added === null ? "resume" : "rotate",
    outcome: tables.some((t) => t.failed > 0) ? "failure" : "success",
    riskLevel: "medium",
    userId: null,
    userAgent: null,
    ipAddress: null,
    sessionId: null,
    resource: "encryption_keys",
    metadata: { ...report },
  });
  return report;
}
