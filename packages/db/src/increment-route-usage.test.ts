import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "./client";
import { subscribers, user } from "./schema";
import { createTestDatabase } from "./testing";

type Row = { routes_used: number; monthly_limit: number; overage_routes: number; overage_amount: number; period_start: string | Date };

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.close());

async function increment(userId: string): Promise<Row[]> {
  const result = (await handle.db.execute(sql`select * from increment_route_usage(${userId})`)) as unknown as { rows: Row[] };
  return result.rows;
}

async function periodStart(anchor: string, anchored: boolean, at: string): Promise<string> {
  const result = (await handle.db.execute(
    sql`select to_char(route_usage_period_start(${anchor}::timestamptz, ${anchored}, ${at}::timestamptz) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as p`,
  )) as unknown as { rows: { p: string }[] };
  return result.rows[0]!.p;
}

describe("increment_route_usage", () => {
  it("counts, reports the overage in pence and returns nothing for an unknown user", async () => {
    await handle.db.insert(user).values({ id: "u1", name: "U", email: "u1@example.com" });
    await handle.db.insert(subscribers).values({ userId: "u1", email: "u1@example.com", monthlyRouteLimit: 2 });
    const rows = [await increment("u1"), await increment("u1"), await increment("u1")].map((r) => r[0]!);
    expect(rows.map((r) => [r.routes_used, r.monthly_limit, r.overage_routes, r.overage_amount])).toEqual([
      [1, 2, 0, 0],
      [2, 2, 0, 0],
      [3, 2, 1, 100],
    ]);
    expect(await increment("nobody")).toEqual([]);
  });

  it("starts a new period when the stored one is over", async () => {
    await handle.db.insert(user).values({ id: "u2", name: "U", email: "u2@example.com" });
    await handle.db.insert(subscribers).values({ userId: "u2", email: "u2@example.com", routesUsedThisPeriod: 4, currentPeriodStart: new Date("2020-01-10T00:00:00Z") });
    const [row] = await increment("u2");
    expect(row!.routes_used).toBe(1);
    const [sub] = await handle.db.select().from(subscribers).where(eq(subscribers.userId, "u2"));
    const now = new Date();
    expect(sub!.currentPeriodStart.toISOString()).toBe(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString());
  });

  it("never loses a count under concurrent calls", async () => {
    await handle.db.insert(user).values({ id: "u3", name: "U", email: "u3@example.com" });
    await handle.db.insert(subscribers).values({ userId: "u3", email: "u3@example.com" });
    const results = await Promise.all(Array.from({ length: 20 }, () => increment("u3")));
    expect(results.map((r) => r[0]!.routes_used).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("computes calendar and anchored periods", async () => {
    expect(await periodStart("2025-01-10T00:00Z", false, "2025-03-05T12:00Z")).toBe("2025-03-01T00:00");
    expect(await periodStart("2025-03-02T00:00Z", false, "2025-03-05T12:00Z")).toBe("2025-03-02T00:00");
    expect(await periodStart("2025-01-10T08:00Z", true, "2025-03-05T12:00Z")).toBe("2025-02-10T08:00");
    expect(await periodStart("2025-01-10T08:00Z", true, "2025-03-10T09:00Z")).toBe("2025-03-10T08:00");
    expect(await periodStart("2025-01-10T08:00Z", true, "2025-01-20T09:00Z")).toBe("2025-01-10T08:00");
  });
});
