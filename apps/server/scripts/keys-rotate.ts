// npm run keys:rotate [-- --force] [-- --batch-size=500]
// Adds a field-encryption key version (at most 3 are kept) and re-encrypts every sealed column
// under it, 500 rows per transaction. A run that stops part-way is continued by the next run.
// PostgreSQL (DATABASE_URL): runs next to the servers; they read the new version within 30 s and
// this waits 35 s before using it. Embedded database (DATA_DIR): stop the server first (PGlite is
// single-process; this refuses while the server answers on its port). See decision 011.
import path from "node:path";
import { openDatabase } from "@routepilot/db";
import { EnvError, loadEnv } from "../src/lib/env";
import { createLogger } from "../src/lib/logger";
import { EncryptionError } from "../src/lib/errors";
import { loadMasterKey } from "../src/modules/security/field-encryption";
import { KeyRotationError, rotateKeys } from "../src/modules/security/key-rotation";

const PROPAGATION_MS = 35_000;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** Whether a RoutePilot server answers on this install's port (the embedded database would be opened twice). */
async function serverAnswers(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<number> {
  const env = loadEnv();
  const logger = createLogger(env.LOG_LEVEL === "debug" ? "debug" : "warn");
  const force = process.argv.includes("--force");
  const batchSize = Number(option("batch-size") ?? 500);
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    console.error("--batch-size must be a whole number of rows (at least 1).");
    return 2;
  }
  if (!env.DATABASE_URL && (await serverAnswers(env.PORT))) {
    console.error(
      `A RoutePilot server answers on port ${env.PORT}. The embedded database (DATA_DIR) is used by one process at a time: stop the server, run npm run keys:rotate, then start it again.`,
    );
    return 1;
  }
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR, "db") });
  try {
    const master = loadMasterKey({ masterKey: env.ENCRYPTION_MASTER_KEY, dataDir: env.DATA_DIR });
    const propagationMs = Number(option("wait-ms") ?? (database.kind === "postgres" ? PROPAGATION_MS : 0));
    if (database.kind === "postgres" && propagationMs > 0) console.log(`Running servers read a new key version within 30 s: waiting ${propagationMs / 1000} s after adding it.`);
    const report = await rotateKeys(database.db, master, logger, { force, batchSize, propagationMs });
    if (report.added === null) {
      const left = Object.entries(report.resumed).map(([column, n]) => `${column}: ${n}`).join(", ");
      console.log(`An earlier rotation was unfinished (${left}): re-encrypted under version ${report.currentVersion}. No version added; run again to rotate.`);
    } else {
      console.log(`Key version ${report.added} added${report.dropped.length > 0 ? `; dropped version ${report.dropped.join(", ")}` : ""}.`);
    }
    for (const t of report.tables) console.log(`  ${t.table}: ${t.rows} rows, ${t.values} values re-encrypted${t.failed > 0 ? `, ${t.failed} could not be decrypted (see the log)` : ""}`);
    const failed = report.tables.reduce((n, t) => n + t.failed, 0);
    return failed > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError || error instanceof KeyRotationError || error instanceof EncryptionError) {
      console.error(`keys:rotate: ${error.message}`);
      process.exit(1);
    }
    console.error(error);
    process.exit(1);
  },
);
