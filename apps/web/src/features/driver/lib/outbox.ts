import type { PositionInput, StopEventInput } from "@routepilot/contracts";
import { ApiError } from "@/lib/api-client";

/**
 * The driver's offline queue (issue 12): every action — a stop event, a proof of delivery, a batch
 * of positions — is stored with a client-generated id before anything is sent, shown as applied at
 * once, and sent in the order it was made. The server is idempotent on the id, so sending the same
 * item twice (the answer lost in a dead zone) has no second effect. An item the server refuses for
 * good (a 4xx other than 408/429) is set aside with the server's message instead of being retried
 * forever; anything else (no network, 5xx, 408, 429) stops the flush and is retried later, so later
 * items never overtake an earlier one. A refused item stays on the phone until the driver sends it
 * again ({@link Outbox.retry}) or discards it ({@link Outbox.dismiss}).
 */

type ItemBase = {
  /** Client-generated (crypto.randomUUID): the event's clientEventId, the proof's id. */
  id: string;
  /** The route's day (YYYY-MM-DD) and id, so an answer can be written into the right cached route. */
  date: string;
  routeId: string;
  /** What the driver did, in their words: "Delivered · Stop 3 Bakery Meier". */
  label: string;
  /** One tap of the driver's can make several items (a proof, then its "done" event): they share this id. */
  action: string;
  createdAt: string;
};

export type EventItem = ItemBase & { kind: "event"; stopId: string; event: StopEventInput };
export type ProofItem = ItemBase & { kind: "proof"; stopId: string; photos: Blob[]; signature: Blob | null; recipientName: string | null };
export type PositionsItem = ItemBase & { kind: "positions"; positions: PositionInput[] };
export type OutboxItem = EventItem | ProofItem | PositionsItem;

/** An item the server refused for good, kept to tell the driver. */
export type RejectedItem = { item: OutboxItem; message: string; rejectedAt: string };

/** Where the queue lives: IndexedDB in the app (idb-storage.ts), memory in tests. Items come back in the order added. */
export interface OutboxStorage {
  add(item: OutboxItem): Promise<void>;
  list(): Promise<OutboxItem[]>;
  remove(id: string): Promise<void>;
  reject(entry: RejectedItem): Promise<void>;
  listRejected(): Promise<RejectedItem[]>;
  dismissRejected(id: string): Promise<void>;
  /** Moves a refused item back to the end of the queue, in one step (nothing is lost or doubled if the page dies half-way). */
  requeue(id: string): Promise<void>;
}

export function memoryOutboxStorage(): OutboxStorage {
  let items: OutboxItem[] = [];
  let rejected: RejectedItem[] = [];
  return {
    add: async (item) => {
      items = [...items, item];
    },
    list: async () => [...items],
    remove: async (id) => {
      items = items.filter((i) => i.id !== id);
    },
    reject: async (entry) => {
      items = items.filter((i) => i.id !== entry.item.id);
      rejected = [...rejected, entry];
    },
    listRejected: async () => [...rejected],
    dismissRejected: async (id) => {
      rejected = rejected.filter((r) => r.item.id !== id);
    },
    requeue: async (id) => {
      const entry = rejected.find((r) => r.item.id === id);
      if (!entry) return;
      rejected = rejected.filter((r) => r !== entry);
      if (!items.some((i) => i.id === id)) items = [...items, entry.item];
    },
  };
}

/** Whether a failed send may succeed later: no network, a server error, a timeout or too many requests. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 0 || error.status >= 500) return true;
  return error.status === 408 || error.status === 429;
}

/** Waits between retries after the 1st, 2nd, … failed flush: 2, 5, 15, 30 s, then every 60 s. */
export const RETRY_DELAYS_MS = [2_000, 5_000, 15_000, 30_000, 60_000] as const;
export function retryDelay(failures: number): number {
  return RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;
}

/** Sends one item; resolves once the server has it (its answer goes to `onSent`). */
export type SendItem = (item: OutboxItem) => Promise<unknown>;

export type FlushResult = { sent: number; rejected: number; error: unknown | null };

/**
 * Sends the queued items in order until the queue is empty or a send fails in a way that may
 * succeed later (then it stops, keeping that item and everything after it).
 */
export async function flushOutbox(storage: OutboxStorage, send: SendItem, onSent?: (item: OutboxItem, answer: unknown) => void | Promise<void>): Promise<FlushResult> {
  let sent = 0;
  let rejected = 0;
  for (const item of await storage.list()) {
    let answer: unknown;
    try {
      answer = await send(item);
    } catch (error) {
      if (isRetryable(error)) return { sent, rejected, error };
      await storage.reject({ item, message: error instanceof Error ? error.message : String(error), rejectedAt: new Date().toISOString() });
      rejected += 1;
      continue;
    }
    await storage.remove(item.id);
    sent += 1;
    await onSent?.(item, answer);
  }
  return { sent, rejected, error: null };
}

/** How many of the driver's actions are still waiting (positions are not counted: they are not something the driver did). */
export function waitingActions(pending: OutboxItem[]): number {
  return new Set(pending.filter((i) => i.kind !== "positions").map((i) => i.action)).size;
}

export type OutboxState = { pending: OutboxItem[]; rejected: RejectedItem[]; syncing: boolean; lastError: unknown | null };

type OutboxOptions = {
  storage: OutboxStorage;
  send: SendItem;
  onSent?: (item: OutboxItem, answer: unknown) => void | Promise<void>;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

/**
 * The refused items of the same action as `id` (a proof and its "done" event are one tap), in the
 * order they must be sent again: a proof before its event, then as they were made.
 */
export function rejectedOfAction(rejected: RejectedItem[], id: string): RejectedItem[] {
  const action = rejected.find((r) => r.item.id === id)?.item.action;
  if (action === undefined) return [];
  const rank = (r: RejectedItem) => (r.item.kind === "proof" ? 0 : 1);
  return rejected.filter((r) => r.item.action === action).sort((a, b) => rank(a) - rank(b) || a.item.createdAt.localeCompare(b.item.createdAt) || a.rejectedAt.localeCompare(b.rejectedAt));
}

/**
 * The queue with its sync loop: `enqueue` stores an item and flushes; a flush that fails for a
 * reason that may pass retries with {@link retryDelay} backoff; `sync()` (on the browser's
 * `online` and `visibilitychange` events, or the driver's "Sync now") tries at once. Listeners see
 * every change. `start()` and `stop()` may alternate any number of times on one instance (React
 * StrictMode runs an effect, its cleanup and the effect again): a stopped queue keeps storing
 * items, and the next `start()` sends them. One flush runs at a time however often `start()` or
 * `sync()` is called, so nothing is sent twice by this page.
 */
export class Outbox {
  private state: OutboxState = { pending: [], rejected: [], syncing: false, lastError: null };
  private listeners = new Set<(state: OutboxState) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private failures = 0;
  private timer: unknown = null;
  private stopped = false;
  private readonly options: Required<Omit<OutboxOptions, "onSent">> & Pick<OutboxOptions, "onSent">;

  constructor(options: OutboxOptions) {
    this.options = {
      setTimer: (fn, ms) => setTimeout(fn, ms),
      clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      ...options,
    };
  }

  getState(): OutboxState {
    return this.state;
  }

  subscribe(listener: (state: OutboxState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<OutboxState>) {
    this.state = { ...this.state, ...patch };
    this.listeners.forEach((l) => l(this.state));
  }

  private async reload() {
    const [pending, rejected] = await Promise.all([this.options.storage.list(), this.options.storage.listRejected()]);
    this.set({ pending, rejected });
  }

  /** (Re)starts the loop: reads what is stored (after a reload of the page, or while stopped) and sends it. */
  async start(): Promise<void> {
    this.stopped = false;
    await this.reload();
    await this.sync();
  }

  /** Stops retrying (the timer is cleared, `sync()` does nothing) until the next `start()`; a send under way finishes. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== null) this.options.clearTimer(this.timer);
    this.timer = null;
  }

  async enqueue(item: OutboxItem): Promise<void> {
    await this.options.storage.add(item);
    await this.reload();
    void this.sync();
  }

  /** Discards a refused item, together with the other refused items of the same action. */
  async dismiss(id: string): Promise<void> {
    for (const entry of rejectedOfAction(await this.options.storage.listRejected(), id)) await this.options.storage.dismissRejected(entry.item.id);
    await this.reload();
  }

  /** Puts a refused item back in the queue (with the other refused items of its action, a proof first) and sends it. */
  async retry(id: string): Promise<void> {
    for (const entry of rejectedOfAction(await this.options.storage.listRejected(), id)) await this.options.storage.requeue(entry.item.id);
    await this.reload();
    void this.sync();
  }

  /** Flushes now (one flush at a time; a call during a flush runs another one after it). */
  sync(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.timer !== null) {
      this.options.clearTimer(this.timer);
      this.timer = null;
    }
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.run().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      if ((await this.options.storage.list()).length === 0) {
        await this.reload();
        this.failures = 0;
        this.set({ lastError: null });
        return;
      }
      this.set({ syncing: true });
      const result = await flushOutbox(this.options.storage, this.options.send, async (item, answer) => {
        await this.options.onSent?.(item, answer);
        await this.reload();
      });
      await this.reload();
      this.set({ syncing: false, lastError: result.error });
      if (result.error !== null) {
        this.failures += 1;
        // Asked again while this flush ran (back online, a new action): try once more at once.
        if (this.again) continue;
        if (!this.stopped) {
          this.timer = this.options.setTimer(() => {
            this.timer = null;
            void this.sync();
          }, retryDelay(this.failures));
        }
        return;
      }
      this.failures = 0;
    } while (this.again && !this.stopped);
  }
}
