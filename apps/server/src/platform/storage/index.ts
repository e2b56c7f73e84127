import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { and, asc, eq, gt, like } from "drizzle-orm";
import { storageObjects, type Database } from "@routepilot/db";
import { firstOrThrow } from "../../lib/errors";
import type { Storage, StoredObject } from "../../lib/ports";
export type { ListOptions, Storage, StoredObject } from "../../lib/ports";

export class StorageKeyError extends Error {
  constructor(what: string) {
    super(`Invalid storage ${what}`);
    this.name = "StorageKeyError";
  }
}

const BUCKET = /^[a-z0-9][a-z0-9-]{0,62}$/;
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/;

/** Throws unless the bucket and key are safe: lower-case bucket names, keys of `/`-separated segments without `.`/`..`. */
export function assertSafeKey(bucket: string, key: string): void {
  if (!BUCKET.test(bucket)) throw new StorageKeyError("bucket");
  if (key.length === 0 || key.length > 512) throw new StorageKeyError("key");
  for (const segment of key.split("/")) {
    if (!SEGMENT.test(segment) || segment === "." || segment === "..") throw new StorageKeyError("key");
  }
}

/** A fresh random key under `prefix` (base64url of 16 random bytes). */
export function randomKey(prefix: string): string {
  return `${prefix}/${randomBytes(16).toString("base64url")}`;
}

const row = (r: typeof storageObjects.$inferSelect): StoredObject => ({
  bucket: r.bucket,
  key: r.key,
  contentType: r.contentType,
  sizeBytes: r.sizeBytes,
  sha256: r.sha256,
  createdAt: r.createdAt,
});

/** The local-disk store: files under `root` (DATA_DIR/storage), metadata in storage_objects. */
export function createLocalStorage(options: { db: Database; root: string; secret: string }): Storage {
  const root = path.resolve(options.root);
  const signingKey = createHmac("sha256", options.secret).update("routepilot storage signing").digest();

  const fileOf = (bucket: string, key: string) => {
    assertSafeKey(bucket, key);
    const file = path.resolve(root, bucket, ...key.split("/"));
    if (!file.startsWith(root + path.sep)) throw new StorageKeyError("key");
    return file;
  };

  const info: Storage["info"] = async (bucket, key) => {
    assertSafeKey(bucket, key);
    const [found] = await options.db
      .select()
      .from(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)));
    return found ? row(found) : null;
  };

  const upload: Storage["upload"] = async (bucket, key, bytes, contentType) => {
    const file = fileOf(bucket, key);
    await mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(temp, bytes, { mode: 0o600 });
    try {
      await rename(temp, file);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    const values = { bucket, key, contentType, sizeBytes: bytes.byteLength, sha256: createHash("sha256").update(bytes).digest("hex"), createdAt: new Date() };
    try {
      const saved = firstOrThrow(
        await options.db
          .insert(storageObjects)
          .values(values)
          .onConflictDoUpdate({ target: [storageObjects.bucket, storageObjects.key], set: { contentType, sizeBytes: values.sizeBytes, sha256: values.sha256, createdAt: values.createdAt } })
          .returning(),
        "storage object upsert returned no row",
      );
      return row(saved);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
  };

  const remove: Storage["remove"] = async (bucket, key) => {
    const file = fileOf(bucket, key);
    const deleted = await options.db
      .delete(storageObjects)
      .where(and(eq(storageObjects.bucket, bucket), eq(storageObjects.key, key)))
      .returning({ key: storageObjects.key });
    let existed = false;
    try {
      await stat(file);
      existed = true;
      await rm(file, { force: true });
    } catch {
      // No file: only metadata (or nothing) to remove.
    }
    return deleted.length > 0 || existed;
  };

  const read: Storage["read"] = async (bucket, key) => {
    const found = await info(bucket, key);
    if (!found) return null;
    try {
      return { info: found, bytes: await readFile(fileOf(bucket, key)) };
    } catch {
      return null;
    }
  };

  return {
    upload,
    info,
    read,
    remove,
    async stream(bucket, key) {
      const found = await info(bucket, key);
      if (!found) return null;
      const file = fileOf(bucket, key);
      try {
        await stat(file);
      } catch {
        return null;
      }
      return { info: found, body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array> };
    },
    async list(bucket, opts = {}) {
      if (!BUCKET.test(bucket)) throw new StorageKeyError("bucket");
      const limit = Math.min(Math.max(1, opts.limit ?? 100), 1000);
      const conditions = [eq(storageObjects.bucket, bucket)];
      if (opts.prefix) conditions.push(like(storageObjects.key, `${opts.prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
      if (opts.after) conditions.push(gt(storageObjects.key, opts.after));
      const rows = await options.db
        .select()
        .from(storageObjects)
        .where(and(...conditions))
        .orderBy(asc(storageObjects.key))
        .limit(limit);
      return rows.map(row);
    },
    async copy(bucket, from, to) {
      const found = await read(bucket, from);
      return found ? upload(bucket, to, found.bytes, found.info.contentType) : null;
    },
    async move(bucket, from, to) {
      const found = await read(bucket, from);
      if (!found) return null;
      const moved = await upload(bucket, to, found.bytes, found.info.contentType);
      await remove(bucket, from);
      return moved;
    },
    sign(bucket, key, expiresInSeconds) {
      assertSafeKey(bucket, key);
      const payload = Buffer.from(JSON.stringify({ b: bucket, k: key, e: Math.floor(Date.now() / 1000) + Math.max(1, Math.round(expiresInSeconds)) })).toString("base64url");
      const mac = createHmac("sha256", signingKey).update(payload).digest("base64url");
      return `${payload}.${mac}`;
    },
    verify(token) {
      const [payload, mac, extra] = token.split(".");
      if (!payload || !mac || extra !== undefined) return null;
      const expected = createHmac("sha256", signingKey).update(payload).digest();
      const given = Buffer.from(mac, "base64url");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const parsed = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as { b?: unknown; k?: unknown; e?: unknown };
        if (typeof parsed.b !== "string" || typeof parsed.k !== "string" || typeof parsed.e !== "number") return null;
        if (parsed.e * 1000 < Date.now()) return null;
        assertSafeKey(parsed.b, parsed.k);
        return { bucket: parsed.b, key: parsed.k };
      } catch {
        return null;
      }
    },
  };
}
