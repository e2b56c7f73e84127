import { describe, expect, it } from "vitest";
import { Rng } from "./rng";

describe("Rng.blink", () => {
  it("succeeds with the given rate, without runs longer than chance allows", () => {
    for (const rate of [0.01, 0.1, 0.5]) {
      const rng = new Rng(7);
      const n = 400_000;
      let hits = 0;
      let pairs = 0;
      let prev = false;
      for (let i = 0; i < n; i++) {
        const b = rng.blink(rate);
        if (b) hits++;
        if (b && prev) pairs++;
        prev = b;
      }
      // Binomial standard deviation √(n·p·(1−p)): 5σ bounds.
      const sd = Math.sqrt(n * rate * (1 - rate));
      expect(Math.abs(hits - n * rate)).toBeLessThan(5 * sd);
      // Independent trials: two successes in a row with probability rate².
      const sdPairs = Math.sqrt(n * rate * rate);
      expect(Math.abs(pairs - n * rate * rate)).toBeLessThan(5 * sdPairs + 2);
    }
  });

  it("always blinks at rate 1 and follows the seed", () => {
    const rng = new Rng(3);
    for (let i = 0; i < 10; i++) expect(rng.blink(1)).toBe(true);
    const a = new Rng(11);
    const b = new Rng(11);
    const seqA = Array.from({ length: 1000 }, () => a.blink(0.05));
    const seqB = Array.from({ length: 1000 }, () => b.blink(0.05));
    expect(seqA).toEqual(seqB);
  });
});
