/**
 * Runs tasks one at a time, each starting at least `intervalMs` after the previous one
 * *finished*. Counting from the previous answer rather than the previous send keeps the
 * gap the server sees at or above `intervalMs` even when network latency varies.
 */
export class SerialRateLimiter {
  private tail: Promise<unknown> = Promise.resolve();
  private lastEnd = -Infinity;

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Queues `task`; resolves or rejects with its outcome. */
  run<T>(task: () => Promise<T>): Promise<T> {
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
      }
    });
    // The queue continues whether or not this task failed.
    this.tail = result.catch(() => undefined);
    return result;
  }
}
