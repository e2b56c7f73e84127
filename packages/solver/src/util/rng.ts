/** Seeded pseudo-random generator (SplitMix32 seeding + xoshiro128**), deterministic across platforms. */
export class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  private blinkRate = -1;
  /** Trials left until the next blink (counting the blinking one). */
  private blinkLeft = 0;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    if ((this.a | this.b | this.c | this.d) === 0) this.a = 1;
  }

  /** Uniform 32-bit unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.b, 5) >>> 0, 7), 9) >>> 0;
    const t = (this.b << 9) >>> 0;
    this.c ^= this.a;
    this.d ^= this.b;
    this.b ^= this.c;
    this.a ^= this.d;
    this.c ^= t;
    this.d = rotl(this.d, 11);
    this.a >>>= 0;
    this.b >>>= 0;
    this.c >>>= 0;
    this.d >>>= 0;
    return result;
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.nextU32() / 4294967296;
  }

  /**
   * One Bernoulli(rate) trial of a sequence, e.g. SISR's blinks: true means skip. Draws the gap
   * to the next success (geometric) instead of a number per trial, since the insertion search
   * asks once per candidate position and one draw per position took a fifth of its time.
   */
  blink(rate: number): boolean {
    if (rate !== this.blinkRate) {
      this.blinkRate = rate;
      this.blinkLeft = this.blinkGap(rate);
    }
    if (--this.blinkLeft > 0) return false;
    this.blinkLeft = this.blinkGap(rate);
    return true;
  }

  private blinkGap(rate: number): number {
    if (rate >= 1) return 1;
    // P(gap = k) = (1 − rate)^(k−1) · rate, k ≥ 1.
    return 1 + Math.floor(Math.log(1 - this.next()) / Math.log(1 - rate));
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  /** In-place Fisher–Yates shuffle. */
  shuffle<T>(array: T[] | Int32Array): void {
    for (let i = array.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const tmp = array[i]!;
      array[i] = array[j]!;
      array[j] = tmp;
    }
  }
}

function rotl(x: number, k: number): number {
  return ((x << k) | (x >>> (32 - k))) >>> 0;
}
