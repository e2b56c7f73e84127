import { EventEmitter } from "node:events";

/**
 * Realtime messages (issue 10, DESIGN §7): server → client JSON `{ topic, type, data }` on the
 * topics `notifications`, `invitations` and `team:{id}`, delivered to every socket of the users
 * named in `userIds`.
 */
export interface RealtimeMessage {
  topic: string;
  type: string;
  data: unknown;
}

export interface RealtimeEnvelope {
  userIds: string[];
  message: RealtimeMessage;
}

export interface RealtimeBus {
  /**
   * Sends a message to the named users' sockets on every server process. Call it after the
   * change is committed; it never throws (a lost realtime message is recovered by the client's
   * refetch on reconnect).
   */
  publish(envelope: RealtimeEnvelope): Promise<void>;
  /** Called for every published envelope on this process (the WebSocket layer subscribes). */
  subscribe(listener: (envelope: RealtimeEnvelope) => void): () => void;
  close(): Promise<void>;
}

/** One process: an in-memory bus. */
export function createMemoryBus(): RealtimeBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(envelope) {
      emitter.emit("message", envelope);
    },
    subscribe(listener) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}
