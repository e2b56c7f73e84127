import { describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { Outbox, flushOutbox, isRetryable, memoryOutboxStorage, retryDelay, waitingActions, type OutboxItem } from "@/features/driver/lib/outbox";

const at = "2026-11-23T08:00:00.000Z";
function event(id: string, action = id): OutboxItem {
  return { id, action, kind: "event", date: "2026-11-23", routeId: "r1", stopId: `s-${id}`, label: `Arrived ${id}`, createdAt: at, event: { clientEventId: id, type: "arrived", at } };
}

describe("isRetryable", () => {
  it("retries no network, 5xx, 408 and 429, and gives up on other 4xx", () => {
    expect(isRetryable(new ApiError(0, "NETWORK_ERROR", "x"))).toBe(true);
    expect(isRetryable(new ApiError(503, "X", "x"))).toBe(true);
    expect(isRetryable(new ApiError(408, "X", "x"))).toBe(true);
    expect(isRetryable(new ApiError(429, "X", "x"))).toBe(true);
    expect(isRetryable(new TypeError("Failed to fetch"))).toBe(true);
    expect(isRetryable(new ApiError(400, "X", "x"))).toBe(false);
    expect(isRetryable(new ApiError(404, "X", "x"))).toBe(false);
    expect(isRetryable(new ApiError(409, "X", "x"))).toBe(false);
  });

  it("backs off 2, 5, 15, 30 s, then every 60 s", () => {
    expect([1, 2, 3, 4, 5, 9].map(retryDelay)).toEqual([2000, 5000, 15000, 30000, 60000, 60000]);
  });
});

describe("flushOutbox", () => {
  it("sends in order and empties the queue", async () => {
    const storage = memoryOutboxStorage();
    for (const id of ["a", "b", "c"]) await storage.add(event(id));
    const sent: string[] = [];
    const result = await flushOutbox(storage, async (item) => void sent.push(item.id));
    expect(sent).toEqual(["a", "b", "c"]);
    expect(result).toEqual({ sent: 3, rejected: 0, error: null });
    expect(await storage.list()).toEqual([]);
  });

  it("stops at a failure that may pass, keeping that item and everything after it in order", async () => {
    const storage = memoryOutboxStorage();
    for (const id of ["a", "b", "c"]) await storage.add(event(id));
    const offline = new ApiError(0, "NETWORK_ERROR", "offline");
    const send = vi.fn(async (item: OutboxItem) => {
      if (item.id === "b") throw offline;
    });
    const result = await flushOutbox(storage, send);
    expect(result).toEqual({ sent: 1, rejected: 0, error: offline });
    expect(send).toHaveBeenCalledTimes(2);
    expect((await storage.list()).map((i) => i.id)).toEqual(["b", "c"]);
  });

  it("sets aside an item the server refuses for good, with its message, and goes on", async () => {
    const storage = memoryOutboxStorage();
    for (const id of ["a", "b", "c"]) await storage.add(event(id));
    const result = await flushOutbox(storage, async (item) => {
      if (item.id === "b") throw new ApiError(400, "VALIDATION_ERROR", "This stop is already finished");
    });
    expect(result).toEqual({ sent: 2, rejected: 1, error: null });
    expect(await storage.list()).toEqual([]);
    const rejected = await storage.listRejected();
    expect(rejected.map((r) => [r.item.id, r.message])).toEqual([["b", "This stop is already finished"]]);
    await storage.dismissRejected("b");
    expect(await storage.listRejected()).toEqual([]);
  });

  it("hands each answer to onSent after the item has left the queue", async () => {
    const storage = memoryOutboxStorage();
    await storage.add(event("a"));
    const onSent = vi.fn(async () => expect(await storage.list()).toEqual([]));
    await flushOutbox(storage, async () => ({ ok: 1 }), onSent);
    expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: "a" }), { ok: 1 });
  });
});

describe("waitingActions", () => {
  it("counts the driver's actions: a proof and its event are one, positions none", () => {
    const positions: OutboxItem = { id: "p", action: "p", kind: "positions", date: "d", routeId: "r1", label: "l", createdAt: at, positions: [{ lat: 1, lng: 2, at }] };
    expect(waitingActions([event("a", "tap1"), event("b", "tap1"), event("c"), positions])).toBe(2);
  });
});

describe("Outbox", () => {
  function timers() {
    const pending: { fn: () => void; ms: number }[] = [];
    return {
      pending,
      setTimer: (fn: () => void, ms: number) => {
        const t = { fn, ms };
        pending.push(t);
        return t;
      },
      clearTimer: (t: unknown) => {
        const i = pending.indexOf(t as { fn: () => void; ms: number });
        if (i >= 0) pending.splice(i, 1);
      },
    };
  }

  it("keeps actions while offline, retries with backoff, and replays them in order once back", async () => {
    const storage = memoryOutboxStorage();
    let online = false;
    const sent: string[] = [];
    const t = timers();
    const outbox = new Outbox({
      storage,
      send: async (item) => {
        if (!online) throw new ApiError(0, "NETWORK_ERROR", "offline");
        sent.push(item.id);
      },
      ...t,
    });
    const states: number[] = [];
    outbox.subscribe((s) => states.push(s.pending.length));
    await outbox.enqueue(event("a"));
    await outbox.sync();
    await outbox.enqueue(event("b"));
    await outbox.sync();
    expect(outbox.getState().pending.map((i) => i.id)).toEqual(["a", "b"]);
    expect(outbox.getState().lastError).toBeInstanceOf(ApiError);
    // One retry is scheduled at a time, later after each failure.
    expect(t.pending).toHaveLength(1);
    expect(t.pending[0]!.ms).toBeGreaterThan(2000);

    online = true;
    t.pending[0]!.fn();
    await outbox.sync();
    expect(sent).toEqual(["a", "b"]);
    expect(outbox.getState()).toMatchObject({ pending: [], syncing: false, lastError: null });
    expect(states).toContain(2);
    outbox.stop();
  });

  it("replays 100 queued actions exactly once each and in order, even when sync is called again mid-flush", async () => {
    const storage = memoryOutboxStorage();
    const sent: string[] = [];
    let online = false;
    const outbox = new Outbox({
      storage,
      send: async (item) => {
        if (!online) throw new ApiError(0, "NETWORK_ERROR", "offline");
        await new Promise((r) => setTimeout(r, 0));
        sent.push(item.id);
      },
      ...timers(),
    });
    for (let i = 0; i < 100; i++) await outbox.enqueue(event(`e${String(i).padStart(3, "0")}`));
    online = true;
    await Promise.all([outbox.sync(), outbox.sync(), outbox.sync()]);
    expect(sent).toEqual(Array.from({ length: 100 }, (_, i) => `e${String(i).padStart(3, "0")}`));
    expect(outbox.getState().pending).toEqual([]);
  });

  it("start() reads what a previous page left in storage and sends it", async () => {
    const storage = memoryOutboxStorage();
    await storage.add(event("left-over"));
    const send = vi.fn(async () => {});
    const outbox = new Outbox({ storage, send, ...timers() });
    await outbox.start();
    expect(send).toHaveBeenCalledTimes(1);
    expect(outbox.getState().pending).toEqual([]);
  });

  it("sends again after stop() and start() on the same instance (StrictMode runs an effect twice)", async () => {
    const storage = memoryOutboxStorage();
    const sent: string[] = [];
    const outbox = new Outbox({ storage, send: async (item) => void sent.push(item.id), ...timers() });
    await outbox.start();
    outbox.stop();
    // Stopped: the action is kept on the phone, not sent.
    await outbox.enqueue(event("while-stopped"));
    expect(sent).toEqual([]);
    expect(outbox.getState().pending.map((i) => i.id)).toEqual(["while-stopped"]);
    await outbox.start();
    expect(sent).toEqual(["while-stopped"]);
    await outbox.enqueue(event("after-restart"));
    await outbox.sync();
    expect(sent).toEqual(["while-stopped", "after-restart"]);
    expect(outbox.getState().pending).toEqual([]);
  });

  it("sends each item once when start() is called again while a flush runs, and when stop() and start() come in between", async () => {
    const storage = memoryOutboxStorage();
    for (const id of ["a", "b", "c"]) await storage.add(event(id));
    const sent: string[] = [];
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const outbox = new Outbox({
      storage,
      send: async (item) => {
        await gate;
        sent.push(item.id);
      },
      ...timers(),
    });
    const first = outbox.start();
    const second = outbox.start();
    outbox.stop();
    const third = outbox.start();
    await new Promise((r) => setTimeout(r, 0));
    release();
    await Promise.all([first, second, third, outbox.sync()]);
    expect(sent).toEqual(["a", "b", "c"]);
    expect(outbox.getState().pending).toEqual([]);
  });

  it("a stopped queue schedules no retry; start() tries again at once", async () => {
    const storage = memoryOutboxStorage();
    let online = false;
    const sent: string[] = [];
    const t = timers();
    const outbox = new Outbox({
      storage,
      send: async (item) => {
        if (!online) throw new ApiError(0, "NETWORK_ERROR", "offline");
        sent.push(item.id);
      },
      ...t,
    });
    await outbox.start();
    await outbox.enqueue(event("a"));
    await outbox.sync();
    expect(t.pending).toHaveLength(1);
    outbox.stop();
    expect(t.pending).toHaveLength(0);
    online = true;
    await outbox.start();
    expect(sent).toEqual(["a"]);
  });

  it("keeps a refused action (its proof and its event together) to try again, a proof first, or to discard", async () => {
    const storage = memoryOutboxStorage();
    let refuse = true;
    const sent: string[] = [];
    const outbox = new Outbox({
      storage,
      send: async (item) => {
        if (refuse) throw new ApiError(409, "CONFLICT", `Refused ${item.kind}`);
        sent.push(item.id);
      },
      ...timers(),
    });
    const tap = { date: "2026-11-23", routeId: "r1", stopId: "s1", label: "Delivered · stop 1", action: "tap1", createdAt: at };
    await outbox.enqueue({ ...tap, id: "proof1", kind: "proof", photos: [], signature: null, recipientName: "Rita" });
    await outbox.enqueue({ ...tap, id: "done1", kind: "event", event: { clientEventId: "done1", type: "done", at } });
    await outbox.sync();
    expect(outbox.getState().rejected.map((r) => [r.item.id, r.message])).toEqual([
      ["proof1", "Refused proof"],
      ["done1", "Refused event"],
    ]);

    refuse = false;
    await outbox.retry("done1");
    await outbox.sync();
    expect(sent).toEqual(["proof1", "done1"]);
    expect(outbox.getState()).toMatchObject({ pending: [], rejected: [] });

    refuse = true;
    await outbox.enqueue(event("x"));
    await outbox.sync();
    expect(outbox.getState().rejected).toHaveLength(1);
    await outbox.dismiss("x");
    expect(outbox.getState()).toMatchObject({ pending: [], rejected: [] });
    expect(sent).toEqual(["proof1", "done1"]);
  });

  it("shows refused items until dismissed", async () => {
    const storage = memoryOutboxStorage();
    const outbox = new Outbox({ storage, send: async () => Promise.reject(new ApiError(404, "NOT_FOUND", "Stop not found")), ...timers() });
    await outbox.enqueue(event("gone"));
    await outbox.sync();
    expect(outbox.getState().rejected.map((r) => r.message)).toEqual(["Stop not found"]);
    expect(outbox.getState().pending).toEqual([]);
    await outbox.dismiss("gone");
    expect(outbox.getState().rejected).toEqual([]);
  });
});
