import { randomBytes } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger";
import type { RealtimeBus, RealtimeEnvelope } from "./bus";
import { createPostgresBus, MAX_NOTIFY_BYTES, notifyPayloads, REALTIME_APPLICATION_NAME } from "./postgres-bus";

const serverUrl = process.env.TEST_DATABASE_URL;
const logger = createLogger("silent");

describe("notifyPayloads", () => {
  const message = { topic: "notifications", type: "created", data: { id: "n1" } };

  it("keeps a small envelope as it is", () => {
    expect(notifyPayloads({ userIds: ["a", "b", "a"], message }).map((p) => JSON.parse(p) as unknown)).toEqual([{ userIds: ["a", "b"], message }]);
    expect(notifyPayloads({ userIds: [], message })).toEqual([]);
  });

  it("replaces data too large for NOTIFY with its id and truncated: true", () => {
    const big = { topic: "team:t1", type: "updated", data: { id: "t1", blob: "x".repeat(10_000) } };
    const [payload, ...rest] = notifyPayloads({ userIds: ["a"], message: big });
    expect(rest).toEqual([]);
    expect(JSON.parse(payload!)).toEqual({ userIds: ["a"], message: { topic: "team:t1", type: "updated", data: { id: "t1", truncated: true } } });
    const noId = notifyPayloads({ userIds: ["a"], message: { ...big, data: "y".repeat(9000) } });
    expect((JSON.parse(noId[0]!) as RealtimeEnvelope).message.data).toEqual({ truncated: true });
  });

  it("spreads many users over several payloads, each under the limit, naming every user once", () => {
    const userIds = Array.from({ length: 500 }, (_, i) => `user-${String(i).padStart(4, "0")}-${"u".repeat(24)}`);
    const payloads = notifyPayloads({ userIds, message });
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThanOrEqual(MAX_NOTIFY_BYTES);
    expect(payloads.flatMap((p) => (JSON.parse(p) as RealtimeEnvelope).userIds)).toEqual(userIds);
  });
});

describe.skipIf(!serverUrl)("createPostgresBus (PostgreSQL server)", () => {
  const name = `rp_bus_${randomBytes(6).toString("hex")}`;
  let url: string;
  let a: RealtimeBus;
  let b: RealtimeBus;

  const admin = async <T>(fn: (client: pg.Client) => Promise<T>, database?: string): Promise<T> => {
    const target = new URL(serverUrl!);
    if (database) target.pathname = `/${database}`;
    const client = new pg.Client({ connectionString: target.toString() });
    await client.connect();
    try {
      return await fn(client);
    } finally {
      await client.end();
    }
  };
  const nextOn = (bus: RealtimeBus, topic: string, timeoutMs = 5000) =>
    new Promise<RealtimeEnvelope>((resolve, reject) => {
      const timer = setTimeout(() => (off(), reject(new Error(`no ${topic} message`))), timeoutMs);
      const off = bus.subscribe((e) => {
        if (e.message.topic !== topic) return;
        clearTimeout(timer);
        off();
        resolve(e);
      });
    });

  beforeAll(async () => {
    await admin((c) => c.query(`create database ${name}`));
    const target = new URL(serverUrl!);
    target.pathname = `/${name}`;
    url = target.toString();
    a = await createPostgresBus(url, logger, { reconnectDelaysMs: [50, 100] });
    b = await createPostgresBus(url, logger, { reconnectDelaysMs: [50, 100] });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await admin((c) => c.query(`drop database if exists ${name} with (force)`));
  });

  it("carries a message published on one process to every process, the publisher's included", async () => {
    const onA = nextOn(a, "invitations");
    const onB = nextOn(b, "invitations");
    const envelope = { userIds: ["u1"], message: { topic: "invitations", type: "created", data: { id: "i1" } } };
    await a.publish(envelope);
    expect(await onB).toEqual(envelope);
    expect(await onA).toEqual(envelope);
  });

  it("listens again after its connection is killed", async () => {
    const killed = await admin(
      (c) => c.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = $2", [name, REALTIME_APPLICATION_NAME]),
      "postgres",
    );
    expect(killed.rowCount).toBe(2);
    // Published on b until a has reconnected and hears it.
    const deadline = Date.now() + 5000;
    for (;;) {
      const heard = nextOn(a, "team:t1", 300).then(
        () => true,
        () => false,
      );
      await b.publish({ userIds: ["u1"], message: { topic: "team:t1", type: "updated", data: {} } });
      if (await heard) break;
      if (Date.now() > deadline) throw new Error("the bus did not reconnect");
    }
  });
});
