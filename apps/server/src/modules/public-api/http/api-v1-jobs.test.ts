import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiJobs, subscribers, usageLogs } from "@routepilot/db";
import { publicApiMessages } from "@routepilot/contracts";
import { createTestApp, type TestApp } from "../../../test/harness";
import { startConsumers } from "../../../background/consumers";
import { runApiJob, serverSecretOf, webhookSecret } from "../api-jobs";

const golden = JSON.parse(readFileSync(new URL("../../../../../../packages/solver/src/vroom/fixtures/golden-input.json", import.meta.url), "utf8")) as Record<string, unknown>;

type Job = { id: string; status: string; progress: number; result?: { code: number; error?: string; routes?: { vehicle: number }[] }; finished_at: string | null };

let t: TestApp;
let alice: { cookie: string; userId: string };
let bob: { cookie: string; userId: string };
let aliceKey: string;
let bobKey: string;
let stopConsumers: (() => void) | null = null;
let hooks: Server;
const deliveries: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

const auth = (key: string | null): Record<string, string> => (key ? { authorization: `Bearer ${key}` } : {});
const submit = (key: string | null, body: unknown) => t.call("/api/v1/jobs", { body, headers: auth(key) });
const read = (key: string | null, id: string, method = "GET") => t.call(`/api/v1/jobs/${id}`, { method, headers: auth(key) });
const used = async (userId: string) => (await t.deps.db.select().from(subscribers).where(eq(subscribers.userId, userId)))[0]!.routesUsedThisPeriod;

async function newKey(cookie: string): Promise<string> {
  const res = await t.call("/api/api-keys", { cookie, body: { name: "Jobs", expiresInDays: 30 } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { key: string }).key;
}

async function until(key: string, id: string, done: (job: Job) => boolean): Promise<Job> {
  let job: Job | null = null;
  await expect
    .poll(
      async () => {
        job = (await (await read(key, id)).json()) as Job;
        return done(job);
      },
      { timeout: 60_000, interval: 250 },
    )
    .toBe(true);
  return job!;
}

beforeAll(async () => {
  t = await createTestApp({ ROUTE_OPTIMIZATION_RATE_LIMIT: "0", WEBHOOK_ALLOW_LOOPBACK: "true" });
  alice = await t.signUp("alice@example.com");
  bob = await t.signUp("bob@example.com");
  await t.deps.db.update(subscribers).set({ monthlyRouteLimit: 1000 }).where(eq(subscribers.userId, alice.userId));
  aliceKey = await newKey(alice.cookie);
  bobKey = await newKey(bob.cookie);
  hooks = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk: Buffer) => (body += chunk.toString()));
    req.on("end", () => {
      deliveries.push({ headers: req.headers, body });
      res.end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
}, 120_000);

afterAll(async () => {
  stopConsumers?.();
  await new Promise((resolve) => hooks?.close(resolve));
  await t?.close();
});

describe("POST /api/v1/jobs, GET and DELETE /api/v1/jobs/{id}", () => {
  it("refuses requests without a valid key (401), bad input (400, code 2), too many tasks (413) and private webhooks (400)", async () => {
    expect((await submit(null, golden)).status).toBe(401);
    expect((await submit("rp_notakey", golden)).status).toBe(401);
    const bad = await submit(aliceKey, { jobs: [] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 2, error: expect.stringContaining("vehicles") });
    const many = { vehicles: [{ id: 1, start: [2.35, 48.85] }], jobs: Array.from({ length: 10_001 }, (_, i) => ({ id: i + 1, location: [2.35, 48.85] })) };
    const big = await submit(aliceKey, many);
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: string }).error).toBe(publicApiMessages.tooManyTasks(10_001));
    for (const url of ["http://192.168.1.10/hook", "http://10.0.0.1/x", "ftp://example.com/x", "not a url"]) {
      const res = await submit(aliceKey, { ...golden, webhook_url: url });
      expect(res.status, url).toBe(400);
      expect(((await res.json()) as { code: number }).code).toBe(2);
    }
    expect(await t.deps.db.select().from(apiJobs)).toHaveLength(0);
  });

  it("a queued job can be cancelled; another user's job is 404 to read and to cancel", async () => {
    const res = await submit(aliceKey, golden);
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect((await read(bobKey, id)).status).toBe(404);
    expect((await read(bobKey, id, "DELETE")).status).toBe(404);
    expect((await read(null, id)).status).toBe(401);
    const queued = (await (await read(aliceKey, id)).json()) as Job;
    expect(queued).toMatchObject({ id, status: "queued", progress: 0 });
    const cancelled = await read(aliceKey, id, "DELETE");
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toMatchObject({ id, status: "cancelled" });
    expect((await read(aliceKey, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
  });

  it("a consumer solves the job: VROOM output, the quota charged once per route, never again on a retry; the webhook is signed", async () => {
    stopConsumers = await startConsumers(t.deps);
    const before = await used(alice.userId);
    const res = await submit(aliceKey, { ...golden, webhook_url: `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/done` });
    expect(res.status).toBe(202);
    const { id, webhook_secret: secret } = (await res.json()) as { id: string; webhook_secret: string };
    // Per job: the HMAC of its id under the server secret (43 base64url characters), never stored.
    expect(secret).toBe(webhookSecret(serverSecretOf(t.deps), id));
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const job = await until(aliceKey, id, (j) => j.status === "done");
    expect(job.progress).toBe(1);
    expect(job.result?.code).toBe(0);
    const routes = job.result!.routes!.length;
    expect(routes).toBeGreaterThan(0);
    expect(await used(alice.userId)).toBe(before + routes);
    // A worker that died after charging would run it again: nothing changes, nothing is charged twice.
    await t.deps.db.update(apiJobs).set({ status: "running" }).where(eq(apiJobs.id, id));
    await runApiJob(t.deps, id);
    expect(await used(alice.userId)).toBe(before + routes);
    const logs = await t.deps.db.select().from(usageLogs).where(eq(usageLogs.userId, alice.userId));
    expect(logs.filter((l) => String(l.metadata.route_request_id).startsWith(`api-job:${id}:`))).toHaveLength(routes);
    // The webhook: one delivery, its signature verifies with the secret from the 202 answer.
    await expect.poll(() => deliveries.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const delivery = deliveries[0]!;
    expect(JSON.parse(delivery.body)).toMatchObject({ id, status: "done" });
    const timestamp = String(delivery.headers["x-routepilot-timestamp"]);
    const expected = createHmac("sha256", secret).update(`${timestamp}.${delivery.body}`).digest("hex");
    expect(delivery.headers["x-routepilot-signature"]).toBe(`sha256=${expected}`);
    // The cancelled job stayed cancelled when the consumer reached it.
    const [cancelled] = await t.deps.db.select().from(apiJobs).where(eq(apiJobs.status, "cancelled"));
    expect(cancelled?.chargedAt).toBeNull();
  }, 120_000);

  it("input the engine refuses ends the job as failed with VROOM code 2, nothing charged", async () => {
    const before = await used(alice.userId);
    const res = await submit(aliceKey, { vehicles: [{ id: 1, start_index: 0 }], jobs: [{ id: 1, location_index: 5 }], matrices: { car: { durations: [[0]] } } });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const job = await until(aliceKey, id, (j) => j.status === "failed");
    expect(job.result).toMatchObject({ code: 2 });
    expect(await used(alice.userId)).toBe(before);
  }, 120_000);
});
