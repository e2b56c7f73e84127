import type { WebSocket } from "ws";
import type { Logger } from "../../lib/logger";
import type { RealtimeBus, RealtimeEnvelope, RealtimeMessage } from "./bus";
import type { SocketHub, SocketOwner } from "../../lib/ports";
export type { SocketHub, SocketOwner } from "../../lib/ports";

/** Close code for a socket whose session has ended (signed out, revoked, expired). */
export const SESSION_ENDED_CLOSE_CODE = 4401;
/** Close code when the server goes away (shutdown): the client reconnects, perhaps to another process. */
export const GOING_AWAY_CLOSE_CODE = 1001;
/** Close code for a socket refused because its user already has {@link SocketHubOptions.maxPerUser} open. */
export const TRY_AGAIN_LATER_CLOSE_CODE = 1013;
/** Open sockets one user may hold on one process (tabs, devices); more are refused. */
export const MAX_SOCKETS_PER_USER = 32;

export interface SocketHubOptions {
  bus: RealtimeBus;
  logger: Logger;
  heartbeatMs: number;
  /** Default {@link MAX_SOCKETS_PER_USER}. */
  maxPerUser?: number;
  /** Of these session ids, the ones that still exist and have not expired. */
  liveSessions(sessionIds: string[]): Promise<Set<string>>;
}

interface Entry extends SocketOwner {
  socket: WebSocket;
  alive: boolean;
}

export function createSocketHub(options: SocketHubOptions): SocketHub {
  const { bus, logger } = options;
  const byUser = new Map<string, Set<Entry>>();
  let closed = false;

  const send = (entry: Entry, message: RealtimeMessage | string) => {
    if (entry.socket.readyState !== entry.socket.OPEN) return;
    entry.socket.send(typeof message === "string" ? message : JSON.stringify(message));
  };

  const remove = (entry: Entry) => {
    const set = byUser.get(entry.userId);
    if (!set) return;
    set.delete(entry);
    if (set.size === 0) byUser.delete(entry.userId);
  };

  const deliver = (envelope: RealtimeEnvelope) => {
    const text = JSON.stringify(envelope.message);
    for (const userId of new Set(envelope.userIds)) {
      for (const entry of byUser.get(userId) ?? []) send(entry, text);
    }
  };
  const unsubscribe = bus.subscribe(deliver);

  const all = () => [...byUser.values()].flatMap((set) => [...set]);

  const heartbeat = async () => {
    const entries = all();
    for (const entry of entries) {
      if (!entry.alive) {
        logger.debug({ userId: entry.userId }, "realtime: socket missed a heartbeat; terminated");
        entry.socket.terminate();
        remove(entry);
        continue;
      }
      entry.alive = false;
      try {
        entry.socket.ping();
      } catch {
        // The socket is closing; its close event removes it.
      }
    }
    const open = entries.filter((e) => e.socket.readyState === e.socket.OPEN);
    if (open.length === 0) return;
    let live: Set<string>;
    try {
      live = await options.liveSessions([...new Set(open.map((e) => e.sessionId))]);
    } catch (error) {
      // The database is unreachable: keep the sockets; the next heartbeat checks again.
      logger.warn({ err: error }, "realtime: could not check sessions");
      return;
    }
    for (const entry of open) {
      if (live.has(entry.sessionId)) continue;
      entry.socket.close(SESSION_ENDED_CLOSE_CODE, "session ended");
      remove(entry);
    }
  };

  const timer = setInterval(() => void heartbeat(), options.heartbeatMs);
  timer.unref();

  return {
    add(socket, owner) {
      if (closed) {
        socket.close(GOING_AWAY_CLOSE_CODE, "server shutting down");
        return;
      }
      let set = byUser.get(owner.userId);
      if (set && set.size >= (options.maxPerUser ?? MAX_SOCKETS_PER_USER)) {
        socket.close(TRY_AGAIN_LATER_CLOSE_CODE, "too many connections");
        return;
      }
      const entry: Entry = { ...owner, socket, alive: true };
      if (!set) byUser.set(owner.userId, (set = new Set()));
      set.add(entry);
      socket.on("pong", () => (entry.alive = true));
      socket.on("close", () => remove(entry));
      socket.on("error", (error) => logger.debug({ err: error, userId: owner.userId }, "realtime: socket error"));
      // Whatever the client sends is ignored: this channel is server → client only.
      send(entry, { topic: "system", type: "ready", data: { userId: owner.userId } });
    },
    count(userId) {
      if (userId) return byUser.get(userId)?.size ?? 0;
      return all().length;
    },
    heartbeat,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      unsubscribe();
      const entries = all();
      byUser.clear();
      for (const entry of entries) entry.socket.close(GOING_AWAY_CLOSE_CODE, "server shutting down");
      // A client that does not answer the closing handshake must not hold the shutdown up.
      setTimeout(() => entries.forEach((entry) => entry.socket.terminate()), 1000).unref();
    },
  };
}
