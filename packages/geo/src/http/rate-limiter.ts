import { ProviderBusyError } from "../errors";

/**
 * Runs tasks one at a time, each starting at least `intervalMs` after the previous one
 * *finished*. Counting from the previous answer rather than the previous send keeps the
 * gap the server sees at or above `intervalMs` even when network latency varies.
 * At most `maxWaiting` tasks wait (the running one included); more are refused at once with
 * ProviderBusyError, so a burst can never queue work for ever.
 */
export class SerialRateLimiter {
  private tail: Promise<unknown> = Promise.resolve();
  private lastEnd = -Infinity;
  private waiting = 0;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxWaiting = 60,
    private readonly provider = "geocoder",
  ) {}

  /** Queues `task`; resolves or rejects with its outcome, or rejects with ProviderBusyError when the queue is full. */
  run<T>(task: () => Promise<T>): Promise<T> {
    if (this.waiting >= this.maxWaiting) return Promise.reject(new ProviderBusyError(this.provider, this.waiting));
    this.waiting++;
    const result = this.tail.then(async () => {
      // Loop: timers may fire a millisecond early by the wall clock.
      for (;;) {
        const delay = this.lastEnd + this.intervalMs - this.now();
        if (delay <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
      try {
        return await task();
      } finally {
        this.lastEnd = this.now();
        this.waiting--;
      }
    });
    // The queue continues whether or not this task failed.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
