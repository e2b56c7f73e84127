import { EventEmitter } from "node:events";
import type { RealtimeBus } from "../../lib/ports";
export type { RealtimeBus, RealtimeEnvelope, RealtimeMessage } from "../../lib/ports";

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
