import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase } from "@routepilot/db/testing";
import { assertSafeKey, createLocalStorage, randomKey, StorageKeyError, type Storage } from "./index";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let root: string;
let storage: Storage;
beforeAll(async () => {
  database = await createTestDatabase();
  root = mkdtempSync(path.join(tmpdir(), "routepilot-storage-"));
  storage = createLocalStorage({ db: database.db, root, secret: "a-test-secret-of-at-least-32-characters" });
});
afterAll(async () => {
  await database.close();
  rmSync(root, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

describe("local storage", () => {
  it("uploads, reads, streams and describes an object", async () => {
    const saved = await storage.upload("proofs", "team-1/a.png", bytes("hello"), "image/png");
    expect(saved).toMatchObject({ bucket: "proofs", key: "team-1/a.png", contentType: "image/png", sizeBytes: 5 });
    expect(saved.sha256).toBe("2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
    expect(existsSync(path.join(root, "proofs", "team-1", "a.png"))).toBe(true);
    expect((await storage.read("proofs", "team-1/a.png"))?.bytes.toString()).toBe("hello");
    const streamed = await storage.stream("proofs", "team-1/a.png");
    expect(await new Response(streamed?.body).text()).toBe("hello");
    expect(await storage.info("proofs", "team-1/a.png")).toMatchObject({ sizeBytes: 5 });
    // No temporary file is left behind.
    expect(readdirSync(path.join(root, "proofs", "team-1"))).toEqual(["a.png"]);
  });

  it("replaces an object uploaded again under the same key", async () => {
    await storage.upload("proofs", "team-1/b.txt", bytes("one"), "text/plain");
    await storage.upload("proofs", "team-1/b.txt", bytes("second"), "text/plain");
    expect((await storage.read("proofs", "team-1/b.txt"))?.bytes.toString()).toBe("second");
    expect((await storage.info("proofs", "team-1/b.txt"))?.sizeBytes).toBe(6);
  });

  it("lists 100 keys by default, in order, by prefix and page", async () => {
    for (let i = 0; i < 105; i++) await storage.upload("many", `p/${String(i).padStart(3, "0")}`, bytes("x"), "text/plain");
    await storage.upload("many", "q_other", bytes("x"), "text/plain");
    const first = await storage.list("many", { prefix: "p/" });
    expect(first).toHaveLength(100);
    expect(first[0]?.key).toBe("p/000");
    const rest = await storage.list("many", { prefix: "p/", after: first[99]?.key });
    expect(rest.map((o) => o.key)).toEqual(["p/100", "p/101", "p/102", "p/103", "p/104"]);
    // "_" in a prefix is literal, not a LIKE wildcard.
    expect((await storage.list("many", { prefix: "q_" })).map((o) => o.key)).toEqual(["q_other"]);
    expect(await storage.list("many", { prefix: "p_" })).toEqual([]);
    expect(await storage.list("many", { limit: 3 })).toHaveLength(3);
  });

  it("copies, moves and removes", async () => {
    await storage.upload("proofs", "c/original", bytes("data"), "application/octet-stream");
    expect(await storage.copy("proofs", "c/original", "c/copy")).toMatchObject({ key: "c/copy", sizeBytes: 4 });
    expect(await storage.move("proofs", "c/copy", "c/moved")).toMatchObject({ key: "c/moved" });
    expect(await storage.info("proofs", "c/copy")).toBeNull();
    expect((await storage.read("proofs", "c/moved"))?.bytes.toString()).toBe("data");
    expect(await storage.remove("proofs", "c/moved")).toBe(true);
    expect(await storage.read("proofs", "c/moved")).toBeNull();
    expect(existsSync(path.join(root, "proofs", "c", "moved"))).toBe(false);
    expect(await storage.remove("proofs", "c/moved")).toBe(false);
    expect(await storage.copy("proofs", "c/none", "c/x")).toBeNull();
  });

  it("refuses keys that could leave the store", async () => {
    for (const key of ["../etc/passwd", "a/../../b", "/abs", "a//b", ".", "a/./b", "a\\b", "", "a/..", "x".repeat(600), "ü"]) {
      expect(() => assertSafeKey("proofs", key), key).toThrow(StorageKeyError);
      await expect(storage.upload("proofs", key, bytes("x"), "text/plain")).rejects.toThrow(StorageKeyError);
    }
    for (const bucket of ["../x", "Proofs", "", "a/b"]) expect(() => assertSafeKey(bucket, "k")).toThrow(StorageKeyError);
    expect(() => assertSafeKey("proofs", "team/photo.v2.jpg")).not.toThrow();
    expect(readdirSync(root).sort()).toEqual(["many", "proofs"]);
  });

  it("signs time-limited tokens that name one object", async () => {
    const token = storage.sign("proofs", "team-1/a.png", 60);
    expect(storage.verify(token)).toEqual({ bucket: "proofs", key: "team-1/a.png" });
    const [payload, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ b: "proofs", k: "team-2/x.png", e: Math.floor(Date.now() / 1000) + 60 })).toString("base64url");
    expect(storage.verify(`${forged}.${mac}`)).toBeNull();
    expect(storage.verify(`${payload}.AAAA`)).toBeNull();
    expect(storage.verify("nonsense")).toBeNull();
    const other = createLocalStorage({ db: database.db, root, secret: "another-secret-of-at-least-32-characters" });
    expect(other.verify(token)).toBeNull();
    const short = storage.sign("proofs", "team-1/a.png", 5);
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now + 10_000);
    try {
      expect(storage.verify(short)).toBeNull();
    } finally {
      clock.mockRestore();
    }
  });

  it("makes random keys under a prefix", () => {
    const key = randomKey("team-1");
    expect(key).toMatch(/^team-1\/[A-Za-z0-9_-]{22}$/);
    expect(() => assertSafeKey("proofs", key)).not.toThrow();
  });
});
