import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterRes, type RateLimiterAbstract } from "rate-limiter-flexible";
import { penaltySeconds, RATE_LIMIT_VIOLATION_QUIET_SECONDS, type RateLimitRule } from "@routepilot/contracts";
import { rateLimits, type Database } from "@routepilot/db";
import { RateLimitedError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { Limiter, LimitSubject } from "../../../lib/ports";
import type { ViolationRecorder } from "./violations";

/**
 * Where the counts live: in this process (the embedded database has one process), or in the
 * `rate_limits` table, which every process on one PostgreSQL database shares.
 */
export type LimiterStore = { kind: "memory" } | { kind: "database"; db: Database };

/** One stored window of `points` per `durationSeconds` under `keyPrefix`. */
export function createStoreLimiter(store: LimiterStore, opts: { keyPrefix: string; points: number; durationSeconds: number; blockSeconds?: number; clearExpired?: boolean }): RateLimiterAbstract {
  const base = { keyPrefix: opts.keyPrefix, points: opts.points, duration: opts.durationSeconds, blockDuration: opts.blockSeconds ?? 0 };
  if (store.kind === "memory") return new RateLimiterMemory(base);
  return new RateLimiterDrizzle({
    ...base,
    storeClient: store.db,
    schema: rateLimits,
    // Once a subject is over the limit, this process refuses it without asking the database
    // until the window (or the block the store reports) ends.
    inMemoryBlockOnConsumed: opts.points + 1,
    // One limiter per process deletes expired rows (its timer is unref'd; stopLimiter clears it).
    clearExpiredByTimeout: opts.clearExpired ?? false,
  });
}

/** Stops a database limiter's clean-up timer (the library keeps its id on the instance). */
export function stopLimiter(limiter: RateLimiterAbstract): void {
  const timer = (limiter as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })._clearExpiredTimeoutId;
  if (timer) clearTimeout(timer);
  (limiter as unknown as { clearExpiredByTimeout?: boolean }).clearExpiredByTimeout = false;
}

const VIOLATION_COUNTER_POINTS = 1_000_000_000;

/**
 * A SPEC §9 category: `points` per window, then the subject is blocked for
 * base × 2^min(n−1, 5) seconds on its n-th consecutive violation (SPEC "Advanced limits").
 * Violations are counted per subject in the same store under `{category}-violations`, and
 * forgotten RATE_LIMIT_VIOLATION_QUIET_SECONDS after the last block ends. A rule with
 * blockSeconds 0 only refuses until its window ends (the global tier limits).
 */
export class CategoryLimiter implements Limiter {
  readonly category: string;
  readonly rule: RateLimitRule;
  private readonly counter: RateLimiterAbstract;
  private readonly violationCounter: RateLimiterAbstract;
  /** Blocks this process applied: refuse with the right Retry-After and count without a round trip. */
  private readonly blocks = new Map<string, { until: number; violations: number }>();

  constructor(
    category: string,
    rule: RateLimitRule,
    private readonly store: LimiterStore,
    private readonly recorder: ViolationRecorder,
    private readonly logger: Logger,
    options: { keyPrefix?: string; clearExpired?: boolean } = {},
  ) {
    this.category = category;
    this.rule = rule;
    const keyPrefix = options.keyPrefix ?? category;
    this.counter = createStoreLimiter(store, { keyPrefix, points: rule.points, durationSeconds: rule.durationSeconds, clearExpired: options.clearExpired });
    this.violationCounter = createStoreLimiter(store, { keyPrefix: `${category}-violations`, points: VIOLATION_COUNTER_POINTS, durationSeconds: RATE_LIMIT_VIOLATION_QUIET_SECONDS });
  }

  /** Counts `points` for the subject; over the limit → RateLimitedError (429). A store failure lets the request through (logged). */
  async consume(subject: LimitSubject, points = 1): Promise<void> {
    let refused: RateLimiterRes;
    try {
      await this.counter.consume(subject.key, points);
      return;
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) {
        this.logger.error({ err: error, category: this.category }, "rate limiter store failed; request let through");
        return;
      }
      refused = error;
    }
    const now = Date.now();
    const known = this.blocks.get(subject.key);
    if (known && known.until > now) throw this.denial(known.until - now, known.violations);
    if (known) this.blocks.delete(subject.key);
    // Exactly one request crosses the limit (the store's increment is atomic): it is the violation.
    const crossed = refused.consumedPoints > this.rule.points && refused.consumedPoints - points <= this.rule.points;
    if (!crossed) throw this.denial(refused.msBeforeNext, await this.currentViolations(subject.key));
    const violations = await this.nextViolation(subject.key);
    let msBlocked = refused.msBeforeNext;
    if (this.rule.blockSeconds > 0) {
      const seconds = penaltySeconds(this.rule.blockSeconds, violations);
      msBlocked = seconds * 1000;
      try {
        await this.counter.block(subject.key, seconds);
        this.blocks.set(subject.key, { until: now + msBlocked, violations });
        if (this.blocks.size > 10_000) this.forgetEndedBlocks(now);
      } catch (error) {
        this.logger.error({ err: error, category: this.category }, "rate limiter could not store a block");
      }
    }
    await this.recorder.record({ category: this.category, subject, violations, blockedSeconds: Math.max(1, Math.ceil(msBlocked / 1000)) });
    throw this.denial(msBlocked, violations);
  }

  /** Takes `points` back (a request that turned out not to count, e.g. a successful sign-in). */
  async reward(key: string, points = 1): Promise<void> {
    try {
      await this.counter.reward(key, points);
    } catch (error) {
      this.logger.error({ err: error, category: this.category }, "rate limiter reward failed");
    }
  }

  /** Forgets the subject's window (not its violation count). */
  async reset(key: string): Promise<void> {
    this.blocks.delete(key);
    try {
      await this.counter.delete(key);
    } catch (error) {
      this.logger.error({ err: error, category: this.category }, "rate limiter reset failed");
    }
  }

  close(): void {
    stopLimiter(this.counter);
    stopLimiter(this.violationCounter);
  }

  private denial(msBeforeNext: number, violations: number): RateLimitedError {
    return new RateLimitedError(Math.max(1, Math.ceil(msBeforeNext / 1000)), violations, this.category);
  }

  /** The subject's violations so far (0 once forgotten; the memory store may still hold an expired record). */
  private async storedViolations(key: string): Promise<number> {
    const stored = await this.violationCounter.get(key);
    return stored && stored.msBeforeNext > 0 ? stored.consumedPoints : 0;
  }

  private async currentViolations(key: string): Promise<number> {
    try {
      return Math.max(1, await this.storedViolations(key));
    } catch {
      return 1;
    }
  }

  /** The subject's n for this violation; kept until the block ends plus the quiet period. */
  private async nextViolation(key: string): Promise<number> {
    try {
      const n = (await this.storedViolations(key)) + 1;
      const blockSeconds = penaltySeconds(this.rule.blockSeconds, n);
      await this.violationCounter.set(key, n, blockSeconds + RATE_LIMIT_VIOLATION_QUIET_SECONDS);
      return n;
    } catch (error) {
      this.logger.error({ err: error, category: this.category }, "rate limiter could not count a violation");
      return 1;
    }
  }

  private forgetEndedBlocks(now: number): void {
    for (const [key, block] of this.blocks) if (block.until <= now) this.blocks.delete(key);
  }
}
