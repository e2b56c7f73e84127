import { EventEmitter } from "node:events";
import pg from "pg";
import type { Logger } from "../../lib/logger";
import type { RealtimeBus, RealtimeEnvelope } from "./bus";

/** The LISTEN/NOTIFY channel every server process on one database shares. */
export const REALTIME_CHANNEL = "routepilot_realtime";
/** The LISTEN connection's application_name (pg_stat_activity). */
export const REALTIME_APPLICATION_NAME = "routepilot-realtime";
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay below with room to spare. */
export const MAX_NOTIFY_BYTES = 7800;
/** Waits before each reconnection attempt of the LISTEN connection; the last one repeats. */
const RECONNECT_DELAYS_MS = [1000, 2000, 5000, 10_000];

const bytes = (envelope: RealtimeEnvelope) => Buffer.byteLength(JSON.stringify(envelope), "utf8");

/**
 * Splits an envelope into NOTIFY payloads under {@link MAX_NOTIFY_BYTES}: a message whose data is
 * too large keeps only `data.id` (when there is one) and `truncated: true`, so clients refetch;
 * a long list of users is spread over several payloads.
 */
export function notifyPayloads(envelope: RealtimeEnvelope, limit = MAX_NOTIFY_BYTES): string[] {
  let { message } = envelope;
  const userIds = [...new Set(envelope.userIds)];
  if (userIds.length === 0) return [];
  if (bytes({ userIds: userIds.slice(0, 1), message }) > limit) {
    const data = message.data;
    const id = data && typeof data === "object" && "id" in data ? (data as { id: unknown }).id : undefined;
    message = { topic: message.topic, type: message.type, data: { ...(typeof id === "string" || typeof id === "number" ? { id } : {}), truncated: true } };
  }
  const payloads: string[] = [];
  let chunk: string[] = [];
  for (const userId of userIds) {
    if (chunk.length > 0 && bytes({ userIds: [...chunk, userId], message }) > limit) {
      payloads.push(JSON.stringify({ userIds: chunk, message }));
      chunk = [];
    }
    chunk.push(userId);
  }
  payloads.push(JSON.stringify({ userIds: chunk, message }));
  return payloads;
}

function parseEnvelope(payload: string | undefined): RealtimeEnvelope | null {
  if (!payload) return null;
  try {
    const value = JSON.parse(payload) as Partial<RealtimeEnvelope>;
    if (!Array.isArray(value.userIds) || !value.message || typeof value.message.topic !== "string" || typeof value.message.type !== "string") return null;
    return value as RealtimeEnvelope;
  } catch {
    return null;
  }
}

/**
 * Several processes on one PostgreSQL server: `publish` sends NOTIFY on {@link REALTIME_CHANNEL}
 * and every process (this one included) hears it on a dedicated LISTEN connection and hands it to
 * its subscribers. The connection is re-opened (1, 2, 5, 10 s, then every 10 s) when it drops;
 * meanwhile messages reach this process's sockets only. Resolves once listening.
 */
export async function createPostgresBus(url: string, logger: Logger, options: { reconnectDelaysMs?: number[] } = {}): Promise<RealtimeBus> {
  const delays = options.reconnectDelaysMs ?? RECONNECT_DELAYS_MS;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | null = null;
  let closed = false;
  let attempt = 0;
  let retry: NodeJS.Timeout | null = null;

  const emit = (envelope: RealtimeEnvelope) => {
    try {
      emitter.emit("message", envelope);
    } catch (error) {
      logger.error({ err: error }, "realtime: a subscriber failed");
    }
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, keepAlive: true, application_name: REALTIME_APPLICATION_NAME });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (client === next) client = null;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      if (closed) return;
      logger.warn({ err: error }, "realtime: LISTEN connection lost; reconnecting");
      schedule();
    };
    next.on("notification", (msg) => {
      if (msg.channel !== REALTIME_CHANNEL) return;
      const envelope = parseEnvelope(msg.payload);
      if (envelope) emit(envelope);
      else logger.warn("realtime: ignored a malformed notification");
    });
    next.on("error", onLost);
    next.on("end", () => onLost());
    try {
      await next.connect();
      await next.query(`LISTEN ${REALTIME_CHANNEL}`);
    } catch (error) {
      onLost(error as Error);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    if (attempt > 0) logger.info({ attempts: attempt }, "realtime: LISTEN connection restored");
    attempt = 0;
    client = next;
  };

  function schedule() {
    if (closed || retry) return;
    const delay = delays[Math.min(attempt, delays.length - 1)] ?? 10_000;
    attempt += 1;
    retry = setTimeout(() => {
      retry = null;
      // A failure schedules the next attempt through onLost.
      connect().catch(() => {});
    }, delay);
    retry.unref();
  }

  try {
    await connect();
  } catch (error) {
    closed = true;
    if (retry) clearTimeout(retry);
    throw error;
  }

  return {
    async publish(envelope) {
      for (const payload of notifyPayloads(envelope)) {
        const current = client;
        try {
          if (!current) throw new Error("LISTEN connection is down");
          await current.query("select pg_notify($1, $2)", [REALTIME_CHANNEL, payload]);
        } catch (error) {
          // Other processes miss this one (their clients refetch on reconnect); this process's sockets still get it.
          logger.warn({ err: error, topic: envelope.message.topic }, "realtime: NOTIFY failed; delivered on this process only");
          const local = parseEnvelope(payload);
          if (local) emit(local);
        }
      }
    },
    subscribe(listener) {
      emitter.on("message", listener);
      return () => emitter.off("message", listener);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = null;
      emitter.removeAllListeners();
      const current = client;
      client = null;
      if (current) await current.end().catch(() => {});
    },
  };
}
