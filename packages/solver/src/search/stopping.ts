/**
 * Stopping criterion handed to the search: an iteration budget and/or a time budget read
 * from an injected clock. progress() in [0, 1] drives the annealing temperature; with an
 * iteration budget only, the whole run is deterministic.
 */
export class Stopping {
  private readonly start: number;
  constructor(
    private readonly now: (() => number) | null,
    private readonly timeLimitMs: number,
    private readonly maxIterations: number,
  ) {
    this.start = now ? now() : 0;
  }

  elapsedMs(): number {
    return this.now ? this.now() - this.start : 0;
  }

  progress(iteration: number): number {
    let p = 0;
    if (Number.isFinite(this.maxIterations)) p = iteration / this.maxIterations;
    if (this.now && Number.isFinite(this.timeLimitMs)) p = Math.max(p, this.elapsedMs() / this.timeLimitMs);
    return Math.min(1, p);
  }

  /** Budget spent; with `share` < 1, that share of the time budget (an iteration budget is always whole). */
  done(iteration: number, share = 1): boolean {
    if (iteration >= this.maxIterations) return true;
    return this.now !== null && Number.isFinite(this.timeLimitMs) && this.elapsedMs() >= share * this.timeLimitMs;
  }
}
