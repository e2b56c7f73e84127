/**
 * What a limiter costs per request: one category window, and the four global windows of a tier,
 * on memory, on the embedded database (PGlite) and, with BENCH_DATABASE_URL, on a PostgreSQL
 * server. Run: npx tsx apps/server/src/../bench/rate-limits.bench.ts
 */
import { performance } from "node:perf_hooks";
import { openDatabase } from "@routepilot/db";
import { createLogger } from "../src/lib/logger";
import { CategoryLimiter, GlobalLimiter, type LimiterStore } from "../src/modules/security/rate-limits/index";
import type { ViolationRecorder } from "../src/modules/security/rate-limits/violations";

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const logger = createLogger("silent");
const recorder: ViolationRecorder = { record: async () => undefined };

function summary(samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  const mean = samples.reduce((s, v) => s + v, 0) / samples.length;
  return `mean ${mean.toFixed(3)} ms, p50 ${at(0.5).toFixed(3)} ms, p99 ${at(0.99).toFixed(3)} ms`;
}

async function measure(label: string, consume: (i: number) => Promise<void>) {
  for (let i = 0; i < 50; i++) await consume(i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await consume(i);
    samples.push(performance.now() - started);
  }
  console.log(`${label.padEnd(44)} ${summary(samples)}`);
}

async function run(name: string, store: LimiterStore) {
  // Many subjects, so no key is ever over its limit (the normal case: every request allowed).
  const category = new CategoryLimiter("api_general", { points: 60, durationSeconds: 60, blockSeconds: 120 }, store, recorder, logger, { keyPrefix: "bench_api" });
  const global = new GlobalLimiter(store, recorder, logger);
  const subject = (i: number) => ({ key: `user:bench-${i % 500}`, ip: "203.0.113.1", path: "/api/me" });
  await measure(`${name}: one category window`, (i) => category.consume(subject(i)));
  await measure(`${name}: global, four windows (fleet_pro)`, (i) => global.consume(subject(i), "fleet_pro"));
  category.close();
  global.close();
}

await run("memory", { kind: "memory" });
const pglite = await openDatabase({});
await run("PGlite (rate_limits table)", { kind: "database", db: pglite.db });
await pglite.close();
if (process.env.BENCH_DATABASE_URL) {
  const server = await openDatabase({ databaseUrl: process.env.BENCH_DATABASE_URL });
  await run("PostgreSQL (rate_limits table)", { kind: "database", db: server.db });
  await server.close();
}
