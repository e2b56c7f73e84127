import { EventEmitter } from "node:events";
import { describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { createLogger } from "../../lib/logger";
import { createMemoryBus } from "./bus";
import { createSocketHub, GOING_AWAY_CLOSE_CODE, SESSION_ENDED_CLOSE_CODE, TRY_AGAIN_LATER_CLOSE_CODE } from "./hub";

/** Just enough of a ws socket for the hub. */
class FakeSocket extends EventEmitter {
  readonly OPEN = 1;
  readyState = 1;
  sent: unknown[] = [];
  closedWith: number | undefined;
  terminated = false;
  pings = 0;
  send(text: string) {
    this.sent.push(JSON.parse(text));
  }
  ping() {
    this.pings += 1;
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
    this.emit("close");
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
    this.emit("close");
  }
}

function setup(options: { maxPerUser?: number; live?: (ids: string[]) => Set<string> } = {}) {
  const bus = createMemoryBus();
  const liveSessions = vi.fn(async (ids: string[]) => (options.live ? options.live(ids) : new Set(ids)));
  const hub = createSocketHub({ bus, logger: createLogger("silent"), heartbeatMs: 60_000, liveSessions, maxPerUser: options.maxPerUser });
  const open = (userId: string, sessionId = `s-${userId}`) => {
    const socket = new FakeSocket();
    hub.add(socket as unknown as WebSocket, { userId, sessionId });
    return socket;
  };
  return { bus, hub, open, liveSessions };
}

describe("socket hub", () => {
  it("says ready, then delivers each envelope once per socket of the named users", async () => {
    const { bus, hub, open } = setup();
    const a1 = open("a");
    const a2 = open("a");
    const b = open("b");
    expect(a1.sent).toEqual([{ topic: "system", type: "ready", data: { userId: "a" } }]);
    await bus.publish({ userIds: ["a", "a", "nobody"], message: { topic: "notifications", type: "created", data: { id: 1 } } });
    expect(a1.sent).toHaveLength(2);
    expect(a2.sent).toHaveLength(2);
    expect(b.sent).toHaveLength(1);
    hub.close();
  });

  it("terminates a socket that did not answer the previous ping, keeps one that did", async () => {
    const { hub, open } = setup();
    const answering = open("a");
    const silent = open("b");
    await hub.heartbeat();
    expect([answering.pings, silent.pings]).toEqual([1, 1]);
    answering.emit("pong");
    await hub.heartbeat();
    expect(silent.terminated).toBe(true);
    expect(answering.terminated).toBe(false);
    expect(hub.count()).toBe(1);
    hub.close();
  });

  it("closes sockets whose session has ended with 4401, in one query for all sockets", async () => {
    const { hub, open, liveSessions } = setup({ live: (ids) => new Set(ids.filter((id) => id !== "gone")) });
    const kept = open("a", "s1");
    const ended = open("a", "gone");
    const other = open("b", "s1");
    await hub.heartbeat();
    expect(liveSessions).toHaveBeenCalledTimes(1);
    expect(liveSessions.mock.calls[0]![0].sort()).toEqual(["gone", "s1"]);
    expect(ended.closedWith).toBe(SESSION_ENDED_CLOSE_CODE);
    expect(kept.closedWith).toBeUndefined();
    expect(other.closedWith).toBeUndefined();
    hub.close();
  });

  it("keeps sockets when the session check fails (database unreachable)", async () => {
    const { hub, open } = setup({
      live: () => {
        throw new Error("connection refused");
      },
    });
    const socket = open("a");
    await hub.heartbeat();
    expect(socket.closedWith).toBeUndefined();
    hub.close();
  });

  it("refuses a user's socket beyond the cap (1013) and closes everything with 1001 on close", () => {
    const { hub, open } = setup({ maxPerUser: 2 });
    const first = open("a");
    open("a");
    const third = open("a");
    expect(third.closedWith).toBe(TRY_AGAIN_LATER_CLOSE_CODE);
    expect(third.sent).toEqual([]);
    expect(hub.count("a")).toBe(2);
    hub.close();
    expect(first.closedWith).toBe(GOING_AWAY_CLOSE_CODE);
    expect(hub.count()).toBe(0);
    const late = open("b");
    expect(late.closedWith).toBe(GOING_AWAY_CLOSE_CODE);
  });
});
