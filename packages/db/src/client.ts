import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type every query and service takes: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type DbOrTx = Database | Tx;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; rejects when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… — when set, node-postgres is used; otherwise embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Directory for PGlite data; omitted means in-memory (tests). */
  dataDir?: string | undefined;
  /** Apply committed migrations before returning (default true). */
  migrate?: boolean;
  poolSize?: number;
  /** In-memory PGlite only: start from this dumped data directory (tests' migrated template). */
  loadDataDir?: Blob | undefined;
}

/** Opens PostgreSQL (server or embedded PGlite), applies migrations and returns a handle. */
export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.loadDataDir);
  if (options.migrate !== false) {
    try {
      await handle.migrateFn();
    } catch (error) {
      await handle.close();
      throw error;
    }
  }
  return { db: handle.db, kind: handle.kind, ping: handle.ping, close: handle.close };
}

type InternalHandle = DatabaseHandle & { migrateFn(): Promise<void> };

/** Wraps a driver's database in the common handle: ping, idempotent close, migrate. */
function wrapDatabase(db: Database, kind: DatabaseHandle["kind"], closeClient: () => Promise<void>, migrateFn: () => Promise<void>): InternalHandle {
  let closed = false;
  return {
    db,
    kind,
    ping: async () => {
      if (closed) throw new Error("database is closed");
      await db.execute(sql`select 1`);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await closeClient();
    },
    migrateFn,
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<InternalHandle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  let client: InstanceType<typeof PGlite>;
  if (dataDir) {
    mkdirSync(path.resolve(dataDir), { recursive: true });
    client = new PGlite(path.resolve(dataDir, "pglite"));
  } else {
    client = new PGlite(loadDataDir ? { loadDataDir } : undefined);
  }
  await client.waitReady;
  const db = drizzle({ client, schema });
  return wrapDatabase(db as unknown as Database, "pglite", () => client.close(), () => migrate(db, { migrationsFolder }));
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<InternalHandle> {
  const pg = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const pool = new pg.default.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5000 });
  // An idle client that loses its connection must not crash the process.
  pool.on("error", () => {});
  const db = drizzle({ client: pool, schema });
  return wrapDatabase(db as unknown as Database, "postgres", () => pool.end(), () => migrate(db, { migrationsFolder }));
}
