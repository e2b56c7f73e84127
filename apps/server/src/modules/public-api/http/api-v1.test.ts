import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicApiMessages, routeMessages } from "@routepilot/contracts";
import { apikey, authenticationLogs, subscribers } from "@routepilot/db";
import { runVroomJson } from "../../../../../../packages/solver/src/cli/routepilot-solve";
import { createTestApp, type TestApp } from "../../../test/harness";
import { locateProblem, withRoadMatrices } from "../vroom-problem";

const goldenText = readFileSync(new URL("../../../../../../packages/solver/src/vroom/fixtures/golden-input.json", import.meta.url), "utf8");
const golden = JSON.parse(goldenText) as Record<string, unknown>;
/** The example the docs page serves as a download (coordinates, no matrices: VROOM's documentation example). */
const example = JSON.parse(readFileSync(new URL("../../../../../web/public/examples/vroom-example.json", import.meta.url), "utf8")) as Record<string, unknown>;

type Created = { id: string; key: string; start: string; name: string; expiresAt: string | null };
type Vroom = { code: number; error?: string; summary?: { cost: number; routes: number; computing_times?: unknown }; routes?: { vehicle: number; steps: { type: string; id?: number; location?: number[] }[] }[]; unassigned?: { id: number; reason: string }[] };

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };

async function createKey(cookie: string, body: unknown = { name: "CI", expiresInDays: 30 }) {
  return t.call("/api/api-keys", { cookie, body });
}
async function newKey(cookie: string, name = "CI"): Promise<Created> {
  const res = await createKey(cookie, { name, expiresInDays: 90 });
  expect(res.status).toBe(201);
  return (await res.json()) as Created;
}
function optimize(key: string | null, body: unknown, init: { rawBody?: string } = {}) {
  return t.call("/api/v1/optimize", { ...(init.rawBody ? { rawBody: init.rawBody, headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) } } : { body, headers: key ? { authorization: `Bearer ${key}` } : {} }) });
}
const used = async (userId: string) => (await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!.routesUsedThisPeriod;
/** Computing times differ between runs; everything else is compared. */
const stable = (out: Vroom) => ({ ...out, summary: { ...out.summary!, computing_times: null } });

beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "0" });
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, alice.userId));
});
afterAll(() => t.close());

describe("API keys in settings", () => {
  it("creates a key shown once, lists it without the secret, revokes it; both audited", async () => {
    const res = await createKey(alice.cookie, { name: "  Warehouse sync ", expiresInDays: 30 });
    expect(res.status).toBe(201);
    const created = (await res.json()) as Created;
    expect(created.key).toMatch(/^rp_[A-Za-z]{48}$/);
    expect(created.name).toBe("Warehouse sync");
    expect(created.key.startsWith(created.start)).toBe(true);
    const days = (Date.parse(created.expiresAt!) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    // Stored hashed: the secret is nowhere in the row.
    const [row] = await t.deps.db.select().from(apikey).where(eq(apikey.id, created.id));
    expect(row!.key).not.toContain(created.key.slice(3));
    expect(row!.referenceId).toBe(alice.userId);

    const list = await t.call("/api/api-keys", { cookie: alice.cookie });
    const text = await list.text();
    expect(text).not.toContain(created.key);
    const { keys } = JSON.parse(text) as { keys: { id: string; name: string; lastUsedAt: string | null }[] };
    expect(keys.find((k) => k.id === created.id)).toMatchObject({ name: "Warehouse sync", lastUsedAt: null });

    expect((await t.call(`/api/api-keys/${created.id}`, { method: "DELETE", cookie: bob.cookie })).status).toBe(404);
    expect((await t.call(`/api/api-keys/${created.id}`, { method: "DELETE", cookie: alice.cookie })).status).toBe(204);
    expect((await t.call(`/api/api-keys/${created.id}`, { method: "DELETE", cookie: alice.cookie })).status).toBe(404);
    const after = (await (await t.call("/api/api-keys", { cookie: alice.cookie })).json()) as { keys: { id: string }[] };
    expect(after.keys.map((k) => k.id)).not.toContain(created.id);

    const audit = await t.deps.db.select().from(authenticationLogs).where(eq(authenticationLogs.userId, alice.userId));
    const actions = audit.filter((a) => a.eventType === "api_key").map((a) => (a.details as { action?: string }).action);
    expect(actions).toEqual(expect.arrayContaining(["create", "revoke"]));
  });

  it("never-expiring keys, and 400 for a bad name or expiry; 401 without a session; bob sees only his keys", async () => {
    const never = (await (await createKey(bob.cookie, { name: "Forever", expiresInDays: null })).json()) as Created;
    expect(never.expiresAt).toBeNull();
    const bad = await createKey(alice.cookie, { name: "", expiresInDays: 7 });
    expect(bad.status).toBe(400);
    const body = (await bad.json()) as { error: { fields: Record<string, string> } };
    expect(Object.keys(body.error.fields)).toEqual(expect.arrayContaining(["name", "expiresInDays"]));
    expect((await createKey(alice.cookie, { name: "x".repeat(101), expiresInDays: 30 })).status).toBe(400);
    expect((await t.call("/api/api-keys")).status).toBe(401);
    expect((await t.call("/api/api-keys", { body: { name: "x", expiresInDays: 30 } })).status).toBe(401);
    const aliceKeys = (await (await t.call("/api/api-keys", { cookie: alice.cookie })).json()) as { keys: { id: string }[] };
    expect(aliceKeys.keys.map((k) => k.id)).not.toContain(never.id);
  });

  it("the plugin's own endpoints are closed (no unaudited way around /api/api-keys)", async () => {
    expect((await t.call("/api/auth/api-key/create", { cookie: alice.cookie, body: { name: "sneaky" } })).status).toBe(404);
    expect((await t.call("/api/auth/api-key/list", { cookie: alice.cookie })).status).toBe(404);
  });
});

describe("POST /api/v1/optimize authentication", () => {
  it("401 without a key, with a bad key, a revoked key or an expired key; a session cookie is not enough", async () => {
    const missing = await optimize(null, golden);
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toBe(publicApiMessages.keyMissing);
    expect((await t.call("/api/v1/optimize", { cookie: alice.cookie, body: golden })).status).toBe(401);
    const bad = await optimize(`rp_${"x".repeat(48)}`, golden);
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toBe(publicApiMessages.keyInvalid);

    const revoked = await newKey(alice.cookie, "revoked");
    await t.call(`/api/api-keys/${revoked.id}`, { method: "DELETE", cookie: alice.cookie });
    const r = await optimize(revoked.key, golden);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { error: { message: string } }).error.message).toBe(publicApiMessages.keyRevoked);

    const expired = await newKey(alice.cookie, "expired");
    await t.deps.db.update(apikey).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apikey.id, expired.id));
    const e = await optimize(expired.key, golden);
    expect(e.status).toBe(401);
    const text = await e.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: "UNAUTHENTICATED", message: publicApiMessages.keyExpired } });
    expect(text).not.toMatch(/at .*\.ts/);
  });

  it("a key opens only /api/v1/*: not cookie routes", async () => {
    const { key } = await newKey(alice.cookie);
    const headers = { authorization: `Bearer ${key}` };
    expect((await t.call("/api/me", { headers })).status).toBe(401);
    expect((await t.call("/api/api-keys", { headers })).status).toBe(401);
    expect((await t.call("/api/admin/users", { headers })).status).toBe(401);
    // Better Auth sees no session in a Bearer key (its bearer plugin is not installed).
    expect(await (await t.call("/api/auth/get-session", { headers })).json()).toBeNull();
  });
});

describe("POST /api/v1/optimize", () => {
  let key: string;
  beforeAll(async () => {
    key = (await newKey(alice.cookie, "solver")).key;
  });

  it("answers our golden file like the CLI (same seed and time limit) and counts one route per vehicle route", async () => {
    const before = await used(alice.userId);
    const res = await optimize(key, { ...golden, options: { seed: 1, time_limit: 1 } });
    expect(res.status).toBe(200);
    const api = (await res.json()) as Vroom;
    const cli = (await runVroomJson(goldenText, { limitSeconds: 1, threads: 1, seed: 1 })) as Vroom;
    expect(api.code).toBe(0);
    expect(stable(api)).toEqual(stable(cli));
    const expected = JSON.parse(readFileSync(new URL("../../../../../../packages/solver/src/vroom/fixtures/golden-output.json", import.meta.url), "utf8")) as Vroom;
    expect(stable(api)).toEqual(stable(expected));
    expect(await used(alice.userId)).toBe(before + api.routes!.length);
    const [row] = await t.deps.db.select().from(apikey).where(eq(apikey.referenceId, alice.userId)).orderBy(apikey.createdAt);
    expect(row).toBeDefined();
  });

  it("solves the docs' example file as-is (coordinates, no matrices): locations echoed, quota exact, last use stamped", async () => {
    const created = await newKey(alice.cookie, "example");
    const before = await used(alice.userId);
    const res = await optimize(created.key, example);
    expect(res.status).toBe(200);
    const out = (await res.json()) as Vroom;
    expect(out.code).toBe(0);
    const served = out.routes!.flatMap((r) => r.steps.filter((s) => s.type !== "start" && s.type !== "end" && s.type !== "break"));
    expect(served.length + out.unassigned!.length).toBe(8);
    for (const s of out.routes!.flatMap((r) => r.steps)) expect(s.location).toHaveLength(2);
    expect(out.summary!.routes).toBe(out.routes!.length);
    expect(await used(alice.userId)).toBe(before + out.routes!.length);
    const list = (await (await t.call("/api/api-keys", { cookie: alice.cookie })).json()) as { keys: { id: string; lastUsedAt: string | null }[] };
    expect(list.keys.find((k) => k.id === created.id)!.lastUsedAt).not.toBeNull();
  });

  it("the docs' example gives the CLI's answer on the same matrices, seed and time limit", async () => {
    const res = await optimize(key, { ...example, options: { seed: 1, time_limit: 1 } });
    expect(res.status).toBe(200);
    const api = (await res.json()) as Vroom;
    // The CLI reads matrices only: give it the ones the routing provider builds for the example's coordinates.
    const filled = await withRoadMatrices({ geo: t.deps.geo, logger: t.deps.logger }, locateProblem(example)!);
    const cli = (await runVroomJson(JSON.stringify(filled), { limitSeconds: 1, threads: 1, seed: 1 })) as Vroom;
    const withoutLocations = (out: Vroom) => JSON.parse(JSON.stringify(stable(out), (k, v: unknown) => (k === "location" ? undefined : v))) as unknown;
    expect(withoutLocations(api)).toEqual(withoutLocations(cli));
  });

  it("invalid VROOM input → 400 with code 2 naming the field; nothing counted", async () => {
    const before = await used(alice.userId);
    const cases: [unknown, RegExp][] = [
      [{ vehicles: [{ id: 1 }], jobs: [{ id: 1, location_index: 1 }] }, /matrices\.car\.durations/],
      [{ vehicles: [{ id: 1, start_index: 0 }], jobs: [{ id: 1 }], matrices: { car: { durations: [[0]] } } }, /jobs\[0\]\.location_index/],
      [{ vehicles: "none" }, /vehicles/],
      [{ vehicles: [{ id: 1, start: [200, 10] }], jobs: [{ id: 1, location: [2.3, 48.8] }] }, /vehicles\[0\]\.start/],
      [{ ...golden, options: { time_limit: 11 } }, /options\.time_limit/],
      [{ vehicles: [{ id: 1, start: [2.3, 48.8], profile: "rocket" }], jobs: [{ id: 1, location: [2.3, 48.9] }] }, /vehicles\[0\]\.profile/],
    ];
    for (const [body, field] of cases) {
      const res = await optimize(key, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const out = (await res.json()) as Vroom;
      expect(out.code).toBe(2);
      expect(out.error).toMatch(field);
    }
    const malformed = await optimize(key, null, { rawBody: "{ not json" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as Vroom).code).toBe(2);
    expect(await used(alice.userId)).toBe(before);
  });

  it("max_trips and reload_time (issue 26): a van that carries 2 jobs serves 6 by going back to its start, with steps of type reload; one route counted", async () => {
    const before = await used(alice.userId);
    const depot = [2.3522, 48.8566];
    const jobs = Array.from({ length: 6 }, (_, i) => ({ id: i + 1, location: [2.3522 + 0.01 * (i + 1), 48.8566 + 0.004 * (i % 2)], delivery: [1], service: 60 }));
    const res = await optimize(key, { vehicles: [{ id: 7, start: depot, end: depot, capacity: [2], max_trips: 3, reload_time: 600 }], jobs, options: { seed: 1, time_limit: 1 } });
    expect(res.status).toBe(200);
    const out = (await res.json()) as { code: number; unassigned: unknown[]; routes: { steps: { type: string; id?: number; location?: number[]; service: number; load: number[] }[] }[] };
    expect(out.code).toBe(0);
    expect(out.unassigned).toEqual([]);
    const steps = out.routes[0]!.steps;
    expect(steps.filter((s) => s.type === "job")).toHaveLength(6);
    const reloads = steps.filter((s) => s.type === "reload");
    expect(reloads).toHaveLength(2);
    for (const r of reloads) {
      expect(r.id).toBeUndefined();
      expect(r.service).toBe(600);
      expect(r.location).toEqual(depot);
      expect(r.load).toEqual([2]);
    }
    // Never first or last, and the jobs count as the route's stops: one route of quota.
    expect(steps.at(1)!.type).not.toBe("reload");
    expect(steps.at(-2)!.type).not.toBe("reload");
    expect(await used(alice.userId)).toBe(before + 1);

    // Without max_trips the same van carries 2 of the 6.
    const single = (await (await optimize(key, { vehicles: [{ id: 7, start: depot, end: depot, capacity: [2] }], jobs, options: { seed: 1, time_limit: 1 } })).json()) as Vroom;
    expect(single.unassigned).toHaveLength(4);
  });

  it("400 with code 2 for max_trips that is not a whole number from 1 to 10, a negative reload_time, or more than one trip without a start", async () => {
    const before = await used(alice.userId);
    const base = { jobs: [{ id: 1, location: [2.36, 48.86] }] };
    const cases: [Record<string, unknown>, string | RegExp][] = [
      [{ id: 1, start: [2.35, 48.85], max_trips: 0 }, `vehicles[0].max_trips: ${publicApiMessages.maxTrips}`],
      [{ id: 1, start: [2.35, 48.85], max_trips: 11 }, `vehicles[0].max_trips: ${publicApiMessages.maxTrips}`],
      [{ id: 1, start: [2.35, 48.85], max_trips: 2.5 }, `vehicles[0].max_trips: ${publicApiMessages.maxTrips}`],
      [{ id: 1, start: [2.35, 48.85], max_trips: "2" }, `vehicles[0].max_trips: ${publicApiMessages.maxTrips}`],
      [{ id: 1, start: [2.35, 48.85], max_trips: 2, reload_time: -5 }, `vehicles[0].reload_time: ${publicApiMessages.reloadTime}`],
      [{ id: 1, end: [2.35, 48.85], max_trips: 2 }, /vehicles\[0\]\.start/],
    ];
    for (const [vehicle, message] of cases) {
      const res = await optimize(key, { ...base, vehicles: [vehicle] });
      expect(res.status, JSON.stringify(vehicle)).toBe(400);
      const out = (await res.json()) as Vroom;
      expect(out.code).toBe(2);
      if (typeof message === "string") expect(out.error).toBe(message);
      else expect(out.error).toMatch(message);
    }
    expect(await used(alice.userId)).toBe(before);
  });

  it("201 tasks → 413 pointing at /api/v1/jobs; 10,001 → 413", async () => {
    const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i, location_index: 0 }));
    const sync = await optimize(key, { vehicles: [{ id: 1, start_index: 0 }], jobs: jobs(201), matrices: { car: { durations: [[0]] } } });
    expect(sync.status).toBe(413);
    expect(await sync.json()).toEqual({ code: 2, error: publicApiMessages.tooManyForSync(201) });
    const huge = await optimize(key, { vehicles: [{ id: 1, start_index: 0 }], jobs: jobs(10_001), matrices: { car: { durations: [[0]] } } });
    expect(huge.status).toBe(413);
    expect(await huge.json()).toEqual({ code: 2, error: publicApiMessages.tooManyTasks(10_001) });
  });

  it("over the monthly quota without a payment method → 402 with the planner's message, nothing counted", async () => {
    const carol = await t.signUp("carol@example.com");
    const { key: carolKey } = await newKey(carol.cookie);
    await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 3, routesUsedThisPeriod: 3 }).where(eq(subscribers.userId, carol.userId));
    const res = await optimize(carolKey, golden);
    expect(res.status).toBe(402);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(routeMessages.overQuota(3));
    expect(await used(carol.userId)).toBe(3);
  });
});

describe("the owner's tier limits", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ GLOBAL_RATE_LIMIT: "true", ROUTE_OPTIMIZATION_RATE_LIMIT: "0" });
  });
  afterAll(() => limited.close());

  it("a free owner's key gets 429 with the SPEC body past 5 requests in a second", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.UTC(2026, 5, 1, 12)));
    try {
      const dave = await limited.signUp("dave@example.com");
      const created = (await (await limited.call("/api/api-keys", { cookie: dave.cookie, body: { name: "burst", expiresInDays: 30 } })).json()) as Created;
      vi.setSystemTime(new Date(Date.UTC(2026, 5, 1, 13)));
      const statuses: number[] = [];
      let denied: Record<string, unknown> | null = null;
      for (let i = 0; i < 6; i++) {
        const res = await limited.call("/api/v1/optimize", { body: { vehicles: "none" }, headers: { authorization: `Bearer ${created.key}` } });
        statuses.push(res.status);
        if (res.status === 429) denied = (await res.json()) as Record<string, unknown>;
      }
      expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
      expect(denied).toMatchObject({ allowed: false, remaining: 0, error: { code: "RATE_LIMITED" } });
    } finally {
      vi.useRealTimers();
    }
  });
});
