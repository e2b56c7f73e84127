import { describe, expect, it } from "vitest";
import { ProviderBusyError } from "../errors";
import { SerialRateLimiter } from "./rate-limiter";

describe("serial rate limiter", () => {
  it("runs tasks in order, one at a time, spaced after each finishes, and survives failures", async () => {
    const limiter = new SerialRateLimiter(30);
    const log: string[] = [];
    const task = (name: string, ms: number, fail = false) => async () => {
      log.push(`start ${name} ${Date.now()}`);
      await new Promise((r) => setTimeout(r, ms));
      log.push(`end ${name} ${Date.now()}`);
      if (fail) throw new Error(name);
      return name;
    };
    const results = await Promise.allSettled([limiter.run(task("a", 20)), limiter.run(task("b", 5, true)), limiter.run(task("c", 5))]);
    expect(results.map((r) => r.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(log.map((l) => l.split(" ").slice(0, 2).join(" "))).toEqual(["start a", "end a", "start b", "end b", "start c", "end c"]);
    const at = (k: number) => Number(log[k]!.split(" ")[2]);
    expect(at(2) - at(1)).toBeGreaterThanOrEqual(29);
    expect(at(4) - at(3)).toBeGreaterThanOrEqual(29);
  });

  it("refuses tasks beyond maxWaiting at once and accepts more once the queue drains", async () => {
    const limiter = new SerialRateLimiter(0, Date.now, 2, "Test");
    const slow = () => new Promise<string>((r) => setTimeout(() => r("ok"), 20));
    const first = limiter.run(slow);
    const second = limiter.run(slow);
    await expect(limiter.run(slow)).rejects.toBeInstanceOf(ProviderBusyError);
    await expect(Promise.all([first, second])).resolves.toEqual(["ok", "ok"]);
    await expect(limiter.run(slow)).resolves.toBe("ok");
  });
});
