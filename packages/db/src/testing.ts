import { randomBytes } from "node:crypto";
import { openDatabase, type DatabaseHandle } from "./client";

/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL set (CI), a new
 * database is created on that PostgreSQL server and dropped on close; otherwise an
 * in-memory PGlite is used.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({});
  const pg = await import("pg");
  const name = `rp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.default.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
