// The job queue (decision 013): pg-boss on the application's PostgreSQL database. On a PostgreSQL
// server pg-boss keeps its own small pool on DATABASE_URL; on embedded PGlite it talks to the one
// PGlite instance through the `db` adapter below, so the same queue code runs in both.
import PgBoss from "pg-boss";
import type { DatabaseHandle } from "@routepilot/db";
import type { Logger } from "../lib/logger";
import type { JobQueue } from "../lib/ports";
export type { JobQueue } from "../lib/ports";

/** The subset of PGlite this adapter needs (drizzle's PGlite database exposes it as `$client`). */
interface PgliteClient {
  exec(text: string): Promise<{ rows: unknown[] }[]>;
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * pg-boss's custom `db`: statements with parameters go through PGlite's query() (one statement);
 * pg-boss's schema creation and migrations are multi-statement texts without parameters, which only
 * exec() accepts (its result is the last statement's rows, like node-postgres for a single one).
 */
export function pgliteAdapter(client: PgliteClient): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return { rows: results.at(-1)?.rows ?? [] };
    },
  };
}

/** Without its own connection string (tests on a PostgreSQL server), pg-boss shares the app's node-postgres pool. */
interface PgPool {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

function sharedDb(database: DatabaseHandle): PgBoss.Db {
  const client = (database.db as unknown as { $client?: PgliteClient & PgPool }).$client;
  if (!client) throw new Error("the database exposes no client for the job queue");
  if (database.kind === "pglite") return pgliteAdapter(client);
  return { executeSql: (text: string, values?: unknown[]) => client.query(text, values) };
}

export interface QueueOptions {
  database: DatabaseHandle;
  /** postgres://… when the database is a PostgreSQL server (pg-boss opens its own pool on it). */
  databaseUrl?: string | undefined;
  logger: Logger;
}

/** Queue settings shared by every process: the same on API processes and workers. */
const BOSS_SETTINGS = {
  schema: "pgboss",
  // Jobs that are finished stay 7 days in pg-boss's archive before it deletes them.
  archiveCompletedAfterSeconds: 60 * 60,
  deleteAfterDays: 7,
  // Expired (active longer than their expiry) jobs are failed and retried by the supervisor.
  maintenanceIntervalSeconds: 10,
} satisfies PgBoss.ConstructorOptions;

export function createJobQueue(options: QueueOptions): JobQueue {
  let starting: Promise<PgBoss> | null = null;
  let closed = false;
  const start = async (): Promise<PgBoss> => {
    const boss =
      options.database.kind === "postgres" && options.databaseUrl
        ? new PgBoss({ ...BOSS_SETTINGS, connectionString: options.databaseUrl, max: 4, application_name: "routepilot-queue" })
        : new PgBoss({ ...BOSS_SETTINGS, db: sharedDb(options.database) });
    // Errors of pg-boss's own loops (a lost connection while polling) are logged, never thrown.
    boss.on("error", (err) => options.logger.error({ err }, "job queue error"));
    await boss.start();
    return boss;
  };
  return {
    boss() {
      if (closed) return Promise.reject(new Error("the job queue is closed"));
      starting ??= start();
      return starting;
    },
    async close(timeoutMs = 10_000) {
      if (closed) return;
      closed = true;
      if (!starting) return;
      const boss = await starting.catch(() => null);
      await boss?.stop({ graceful: true, wait: true, timeout: Math.max(1000, timeoutMs) });
    },
  };
}
