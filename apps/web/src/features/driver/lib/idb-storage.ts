import { openDB, type DBSchema, type IDBPDatabase } from "idb";
import type { z } from "zod";
import type { driverRoutesResponseSchema } from "@routepilot/contracts";
import type { OutboxItem, OutboxStorage, RejectedItem } from "@/features/driver/lib/outbox";

export type DriverRoutesResponse = z.infer<typeof driverRoutesResponseSchema>;

/**
 * The driver app's IndexedDB (idb), one database per signed-in user so a shared phone never sends
 * one driver's queue with another's session: the day's routes as last read (the app opens them
 * with no network) and the offline queue (Blobs for photos and signatures are stored as they are).
 */
interface DriverDb extends DBSchema {
  routes: { key: string; value: DriverRoutesResponse };
  outbox: { key: number; value: { seq?: number; item: OutboxItem } ; indexes: { id: string } };
  rejected: { key: string; value: RejectedItem };
}

const dbs = new Map<string, Promise<IDBPDatabase<DriverDb>>>();

function driverDb(userId: string): Promise<IDBPDatabase<DriverDb>> {
  let db = dbs.get(userId);
  if (!db) {
    db = openDB<DriverDb>(`routepilot-driver-${userId}`, 1, {
      upgrade(database) {
        database.createObjectStore("routes");
        const outbox = database.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true });
        outbox.createIndex("id", "item.id", { unique: true });
        database.createObjectStore("rejected", { keyPath: "item.id" });
      },
    });
    dbs.set(userId, db);
  }
  return db;
}

export const indexedDbAvailable = () => typeof indexedDB !== "undefined";

/** The queue in IndexedDB, in the order the driver acted (an auto-increment key). */
export function idbOutboxStorage(userId: string): OutboxStorage {
  const db = () => driverDb(userId);
  return {
    add: async (item) => {
      await (await db()).add("outbox", { item });
    },
    list: async () => (await (await db()).getAll("outbox")).map((row) => row.item),
    remove: async (id) => {
      const d = await db();
      const key = await d.getKeyFromIndex("outbox", "id", id);
      if (key !== undefined) await d.delete("outbox", key);
    },
    reject: async (entry) => {
      const d = await db();
      const tx = d.transaction(["outbox", "rejected"], "readwrite");
      const key = await tx.objectStore("outbox").index("id").getKey(entry.item.id);
      if (key !== undefined) await tx.objectStore("outbox").delete(key);
      await tx.objectStore("rejected").put(entry);
      await tx.done;
    },
    listRejected: async () => (await db()).getAll("rejected"),
    dismissRejected: async (id) => {
      await (await db()).delete("rejected", id);
    },
    requeue: async (id) => {
      const d = await db();
      const tx = d.transaction(["outbox", "rejected"], "readwrite");
      const entry = await tx.objectStore("rejected").get(id);
      if (entry) {
        await tx.objectStore("rejected").delete(id);
        // A new auto-increment key: the item goes to the end of the queue, after what the driver did since.
        if ((await tx.objectStore("outbox").index("id").getKey(id)) === undefined) await tx.objectStore("outbox").add({ item: entry.item });
      }
      await tx.done;
    },
  };
}

/** The day's routes as last read from the server (or patched by an answer since). */
export interface RouteStore {
  get(date: string): Promise<DriverRoutesResponse | undefined>;
  put(date: string, value: DriverRoutesResponse): Promise<void>;
}

export function idbRouteStore(userId: string): RouteStore {
  return {
    get: async (date) => (await driverDb(userId)).get("routes", date),
    put: async (date, value) => {
      await (await driverDb(userId)).put("routes", value, date);
    },
  };
}

export function memoryRouteStore(): RouteStore {
  const map = new Map<string, DriverRoutesResponse>();
  return { get: async (date) => map.get(date), put: async (date, value) => void map.set(date, value) };
}
