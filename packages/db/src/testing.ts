import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "./client";

/**
 * A fresh, migrated database for one test file. With TEST_DATABASE_URL set (CI), a new
 * database is created on that PostgreSQL server as a copy of a migrated template (see
 * postgresTemplate) and dropped on close; otherwise an in-memory PGlite is used, loaded from a
 * migrated template (see pgliteTemplate).
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ loadDataDir: await pgliteTemplate() });
  const pg = await import("pg");
  const templateName = await postgresTemplate(serverUrl);
  const name = `rp_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.default.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${templateName}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // The migrator still runs (a no-op on the current template), as on PGlite.
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

/** A short hash of the committed migrations (names, contents and journal). */
function migrationsHash(extra = ""): string {
  const hash = createHash("sha256").update(extra);
  for (const name of readdirSync(migrationsFolder).filter((n) => n.endsWith(".sql")).sort()) hash.update(name).update(readFileSync(path.join(migrationsFolder, name)));
  hash.update(readFileSync(path.join(migrationsFolder, "meta", "_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

let postgresTemplateName: Promise<string> | undefined;

/**
 * A migrated database on the TEST_DATABASE_URL server to copy with `CREATE DATABASE … TEMPLATE`:
 * copying takes a fraction of the time of running every migration, which every test file (and
 * every createTestApp) would otherwise pay. Made once per set of migrations by whichever test
 * process asks first, under an advisory lock so parallel workers wait for it rather than build
 * it twice; built under another name and renamed, so a half-migrated template is never copied.
 */
function postgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplateName ??= (async () => {
    const pg = await import("pg");
    const name = `rp_template_${migrationsHash()}`;
    const admin = new pg.default.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      // Any fixed key: only this function takes it.
      await admin.query("select pg_advisory_lock(2029061129)");
      const found = await admin.query("select 1 from pg_database where datname = $1", [name]);
      if (found.rowCount === 0) {
        const building = `${name}_building`;
        await admin.query(`drop database if exists ${building} with (force)`);
        await admin.query(`create database ${building}`);
        const url = new URL(serverUrl);
        url.pathname = `/${building}`;
        const handle = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 });
        await handle.close();
        await admin.query(`alter database ${building} rename to ${name}`);
      }
      await admin.query("select pg_advisory_unlock(2029061129)");
    } finally {
      await admin.end();
    }
    return name;
  })();
  // A failed attempt is not remembered: the next test file tries again.
  postgresTemplateName.catch(() => (postgresTemplateName = undefined));
  return postgresTemplateName;
}

let template: Promise<Blob> | undefined;

/** The installed PGlite's version (its package.json is not exported: found beside its entry). */
function pgliteVersion(): string {
  let dir = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")) as { version: string }).version;
}

/**
 * A freshly initialised and migrated PGlite data directory, made once per set of migrations
 * and PGlite version and kept in the temporary folder: loading it takes about a fifth of the
 * time of initdb plus every migration, which every test file would otherwise pay. openDatabase
 * still runs the migrator on it (a no-op when the template is current).
 */
function pgliteTemplate(): Promise<Blob> {
  template ??= (async () => {
    const name = `routepilot-pglite-template-${migrationsHash(pgliteVersion())}.tar`;
    const file = path.join(tmpdir(), name);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const { PGlite } = await import("@electric-sql/pglite");
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = new PGlite();
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Written under another name and renamed: files running in parallel never read half a template.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
    // Templates of earlier migration sets are not read again (40 MB each).
    for (const old of readdirSync(tmpdir()).filter((n) => /^routepilot-pglite-template-[0-9a-f]{16}\.tar$/.test(n) && n !== name)) rmSync(path.join(tmpdir(), old), { force: true });
    return dump;
  })();
  return template;
}
