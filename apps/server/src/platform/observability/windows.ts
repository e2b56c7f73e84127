import { HEALTH_LONG_WINDOW_MINUTES, HEALTH_SOLVE_SAMPLES, type RequestWindow } from "@routepilot/contracts";

const MINUTE_MS = 60_000;

/**
 * This process's HTTP answers per minute over the last hour: one bucket per minute (at most 61),
 * so recording costs nothing per request beyond two additions.
 */
export class RequestWindows {
  private readonly buckets = new Map<number, { requests: number; errors: number }>();

  record(status: number, now: number = Date.now()): void {
    const minute = Math.floor(now / MINUTE_MS);
    let bucket = this.buckets.get(minute);
    if (!bucket) {
      bucket = { requests: 0, errors: 0 };
      this.buckets.set(minute, bucket);
      this.trim(minute);
    }
    bucket.requests += 1;
    if (status >= 500) bucket.errors += 1;
  }

  /** Requests and 5xx answers of the last `minutes` minutes (the current minute included). */
  summary(minutes: number, now: number = Date.now()): RequestWindow {
    const current = Math.floor(now / MINUTE_MS);
    let requests = 0;
    let errors = 0;
    for (const [minute, bucket] of this.buckets) {
      if (minute > current - minutes && minute <= current) {
        requests += bucket.requests;
        errors += bucket.errors;
      }
    }
    return {
      minutes,
      requests,
      errors,
      perMinute: Math.round((requests / minutes) * 10) / 10,
      errorRatePercent: requests === 0 ? null : Math.round((errors / requests) * 10_000) / 100,
    };
  }

  private trim(current: number): void {
    for (const minute of this.buckets.keys()) if (minute <= current - HEALTH_LONG_WINDOW_MINUTES) this.buckets.delete(minute);
  }
}

/** The nearest-rank percentile `p` (0–100) of ascending `sorted`; null when empty. */
export function percentile(sorted: readonly number[], p: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

/** Solve times (worker time, ms) of the last hour, the newest HEALTH_SOLVE_SAMPLES of them. */
export class SolveTimes {
  private readonly samples: { at: number; ms: number }[] = [];

  record(ms: number, now: number = Date.now()): void {
    this.samples.push({ at: now, ms });
    if (this.samples.length > HEALTH_SOLVE_SAMPLES) this.samples.splice(0, this.samples.length - HEALTH_SOLVE_SAMPLES);
  }

  summary(now: number = Date.now()): { recentSolves: number; p50Ms: number | null; p95Ms: number | null } {
    const since = now - HEALTH_LONG_WINDOW_MINUTES * MINUTE_MS;
    const sorted = this.samples
      .filter((s) => s.at > since)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    return { recentSolves: sorted.length, p50Ms: round(percentile(sorted, 50)), p95Ms: round(percentile(sorted, 95)) };
  }
}
