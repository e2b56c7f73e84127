import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { HEALTH_LONG_WINDOW_MINUTES, HEALTH_MIGRATIONS_LISTED, HEALTH_SHORT_WINDOW_MINUTES, type HealthDetails } from "@routepilot/contracts";
import { migrationsFolder, outbox, type DbOrTx } from "@routepilot/db";
import type { AppDeps } from "../../lib/context";
import { rowsOf } from "../../lib/sql";

const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));

/** The version in the root package.json. */
function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(repoRoot, "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

/** ROUTEPILOT_COMMIT (set when an image is built), else the checkout's HEAD read from .git, else "unknown". */
function gitCommit(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.ROUTEPILOT_COMMIT?.trim();
  if (given && /^[0-9a-f]{7,40}$/i.test(given)) return given.slice(0, 12).toLowerCase();
  try {
    const gitDir = path.join(repoRoot, ".git");
    const head = readFileSync(path.join(gitDir, "HEAD"), "utf8").trim();
    const ref = /^ref:\s*(.+)$/.exec(head)?.[1];
    if (!ref) return /^[0-9a-f]{40}$/.test(head) ? head.slice(0, 12) : "unknown";
    const loose = path.join(gitDir, ref);
    if (existsSync(loose)) return readFileSync(loose, "utf8").trim().slice(0, 12);
    const packed = readFileSync(path.join(gitDir, "packed-refs"), "utf8");
    const line = packed.split("\n").find((l) => l.endsWith(` ${ref}`));
    return line ? line.slice(0, 12) : "unknown";
  } catch {
    return "unknown";
  }
}

let cachedVersion: { version: string; commit: string } | null = null;
/** Read once per process: the code running does not change under it. */
export function versionInfo(): { version: string; commit: string } {
  cachedVersion ??= { version: packageVersion(), commit: gitCommit() };
  return cachedVersion;
}

/** Outbox messages not delivered: queued (the oldest's time) and failed. */
export async function mailBacklog(db: DbOrTx): Promise<{ queued: number; failed: number; oldestQueuedAt: string | null }> {
  const [row] = await db
    .select({
      queued: sql<number>`count(*) filter (where ${outbox.status} = 'queued')`.mapWith(Number),
      failed: sql<number>`count(*) filter (where ${outbox.status} = 'failed')`.mapWith(Number),
      oldest: sql<Date | null>`min(${outbox.createdAt}) filter (where ${outbox.status} = 'queued')`,
    })
    .from(outbox)
    .where(sql`${outbox.status} <> 'sent'`);
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { queued: row?.queued ?? 0, failed: row?.failed ?? 0, oldestQueuedAt: oldest ? oldest.toISOString() : null };
}

interface JournalEntry {
  tag: string;
  when: number;
}

/** The migrations shipped with this version (packages/db/migrations/meta/_journal.json). */
export function migrationJournal(): JournalEntry[] {
  try {
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries?: JournalEntry[] };
    return journal.entries ?? [];
  } catch {
    return [];
  }
}

/** Drizzle's record of applied migrations (drizzle.__drizzle_migrations), newest first, named by the journal. */
export async function appliedMigrations(db: DbOrTx): Promise<HealthDetails["migrations"]> {
  const journal = migrationJournal();
  const tagOf = new Map(journal.map((e) => [String(e.when), e.tag]));
  const rows = await rowsOf<{ hash: string; created_at: string | number | null; total: string | number }>(
    db,
    sql`select hash, created_at, count(*) over () as total from drizzle.__drizzle_migrations order by created_at desc nulls last, id desc limit ${HEALTH_MIGRATIONS_LISTED}`,
  );
  return {
    known: journal.length,
    applied: Number(rows[0]?.total ?? 0),
    last: rows.map((r) => {
      const when = r.created_at === null ? null : Number(r.created_at);
      return { tag: when === null ? null : (tagOf.get(String(when)) ?? null), hash: r.hash, appliedAt: when === null ? null : new Date(when).toISOString() };
    }),
  };
}

/** pg_database_size of the current database (PGlite answers it too); null when it cannot be read. */
async function databaseSize(db: DbOrTx): Promise<number | null> {
  try {
    const rows = await rowsOf<{ size: string | number }>(db, sql`select pg_database_size(current_database()) as size`);
    const size = Number(rows[0]?.size);
    return Number.isFinite(size) ? size : null;
  } catch {
    return null;
  }
}

/** GET /api/health/details: what an operator needs to see about this process and its database. */
export async function healthDetails(deps: Pick<AppDeps, "database" | "db" | "solver" | "metrics" | "security" | "env">, now: Date = new Date()): Promise<HealthDetails> {
  // The session behind this request was just read from the database: it answers (GET /api/health checks it for load balancers).
  const [sizeBytes, mail, migrations] = await Promise.all([databaseSize(deps.db), mailBacklog(deps.db), appliedMigrations(deps.db)]);
  const at = now.getTime();
  return {
    version: versionInfo(),
    uptimeSeconds: Math.max(0, Math.floor((at - deps.security.startedAt.getTime()) / 1000)),
    startedAt: deps.security.startedAt.toISOString(),
    database: { kind: deps.database.kind, label: deps.database.kind === "pglite" ? "Embedded PGlite" : "PostgreSQL server", sizeBytes },
    solver: { ...deps.solver.stats(), ...deps.metrics.solves.summary(at) },
    requests: { short: deps.metrics.requests.summary(HEALTH_SHORT_WINDOW_MINUTES, at), long: deps.metrics.requests.summary(HEALTH_LONG_WINDOW_MINUTES, at) },
    mail: { ...mail, smtpConfigured: Boolean(deps.env.SMTP_URL) },
    migrations,
  };
}
