import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";
import { createTestDatabase } from "./testing";
import { subscribers, user } from "./schema";
import journal from "../migrations/meta/_journal.json";

describe("database", () => {
  it("applies migrations and enforces the schema", async () => {
    const handle = await createTestDatabase();
    try {
      await handle.ping();
      await handle.db.insert(user).values({ id: "u1", name: "Ana", email: "ana@example.com" });
      await handle.db.insert(subscribers).values({ userId: "u1", email: "ana@example.com" });
      const [row] = await handle.db.select().from(subscribers).where(eq(subscribers.userId, "u1"));
      expect(row).toMatchObject({ subscriptionTier: "free", monthlyRouteLimit: 5, routesUsedThisPeriod: 0, subscriptionStatus: "active" });
      await expect(
        handle.db.insert(subscribers).values({ userId: "u1", email: "dup@example.com" }),
      ).rejects.toThrow();
      await expect(
        handle.db.update(subscribers).set({ subscriptionTier: "gold" }).where(eq(subscribers.userId, "u1")),
      ).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });

  describe("embedded PGlite on disk", () => {
    const dir = mkdtempSync(path.join(tmpdir(), "rp-db-"));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it("keeps data across restarts and re-applies migrations idempotently", async () => {
      const first = await openDatabase({ dataDir: dir });
      await first.db.insert(user).values({ id: "persist", name: "P", email: "p@example.com" });
      await first.close();
      const second = await openDatabase({ dataDir: dir });
      const rows = await second.db.select().from(user);
      expect(rows.map((r) => r.id)).toEqual(["persist"]);
      const applied = (await second.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: unknown[] };
      expect(applied.rows[0]).toEqual({ n: journal.entries.length });
      await second.close();
      await expect(second.ping()).rejects.toThrow();
    });
  });
});
