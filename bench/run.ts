/**
 * Benchmark harness (`npm run bench -- [options]`), not part of `npm test`.
 *   --set tsplib,A,B,P,X,solomon,lilim|cvrp|all   sets to run (default all)
 *   --filter TEXT                            only instances whose name contains TEXT (or /regex/)
 *   --time S | n/K | api                     time limit per instance in seconds, n/K seconds for n customers,
 *                                            or the engine's default budget (api: what /api/v1/optimize uses)
 *                                            (default: per-set targets of issue #3)
 *   --seeds 1,2,3                            seeds, one run each (default 1)
 *   --threads N                              workers per run, best of N seeds (default 1)
 *   --max-n N                                skip instances with more than N customers
 *   --objective min_time|min_vehicles        override the instances' objective (Li & Lim as the literature ranks it: min_vehicles)
 *   --engine auto|annealing                  search engine (default auto: plain CVRPs get the genetic search)
 *   --out PATH                               results file stem (default bench/results/latest)
 * Every cost is recomputed from the instance data by validateSolution.
 * Before the first timed run the engine is warmed up (untimed) on generated problems that are not
 * in any set, so the first instance is not measured on cold, unoptimised JavaScript
 * (docs/decisions/014-benchmark-warm-up.md; packages/solver/src/warm-up.ts).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { nameFilter, parseArgs } from "./lib/args";
import { ALL_SETS, catalogue, defaultInstanceDir, defaultTimeLimit } from "./lib/catalogue";
import type { SetName } from "./lib/instances";
import { markdown, routeLine, rowText, summarise } from "./lib/report";
import { defaultTimeLimitMs, warmUp } from "../packages/solver/src/index";
import { runInstance, type RunResult } from "./lib/run-instance";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const setArg = (opts.set ?? "all").split(",").flatMap((s) => (s === "all" ? ALL_SETS : s === "cvrp" ? ["A", "B", "P", "X"] : [s]));
  const sets = new Set(setArg.map((s) => (s.toLowerCase() === "tsplib" ? "tsplib" : s.toLowerCase() === "solomon" ? "solomon" : s.toLowerCase() === "lilim" ? "lilim" : s.toUpperCase())) as SetName[]);
  const matches = nameFilter(opts.filter);
  const seeds = (opts.seeds ?? "1").split(",").map(Number);
  const threads = Number(opts.threads ?? 1);
  const maxN = opts["max-n"] ? Number(opts["max-n"]) : Infinity;
  const outStem = opts.out ?? join(repoRoot, "bench", "results", "latest");
  const dir = defaultInstanceDir(repoRoot);
  const entries = catalogue(dir).filter((e) => sets.has(e.set) && matches(e.name));
  const results: RunResult[] = [];
  const timeOf = parseTime(opts.time);
  const engine = opts.engine === "annealing" ? "annealing" : "auto";
  const objective = opts.objective === "min_vehicles" || opts.objective === "min_time" ? opts.objective : undefined;
  if (opts.objective && !objective) throw new Error(`--objective: expected min_time or min_vehicles, got ${opts.objective}`);
  warmUp();
  for (const e of entries) {
    const inst = e.load();
    if (inst.n > maxN) continue;
    const limit = timeOf ? timeOf(inst.n) : defaultTimeLimit(e.set, inst.n);
    for (const seed of seeds) {
      const r = await runInstance(inst, seed, limit, threads, e.bksVehicles, engine, e.vroom, objective);
      results.push(r);
      console.log(rowText(r));
    }
  }
  const summary = summarise(results);
  console.log("\nset      inst  runs  feasible  mean gap%  median gap%  max gap%  mean time s");
  for (const s of summary) {
    console.log(
      `${s.set.padEnd(8)} ${String(s.instances).padStart(4)} ${String(s.runs).padStart(5)} ${`${s.feasible}/${s.runs}`.padStart(9)} ${s.meanGapPct.toFixed(2).padStart(10)} ${s.medianGapPct.toFixed(2).padStart(12)} ${s.maxGapPct.toFixed(2).padStart(9)} ${s.meanTimeS.toFixed(2).padStart(12)}`,
    );
  }
  for (const s of summary) {
    const line = routeLine(s);
    if (line) console.log(line);
  }
  const meta = {
    command: process.argv.length > 2 ? `npm run bench -- ${process.argv.slice(2).join(" ")}` : "npm run bench",
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`,
    seeds: seeds.join(","),
    threads: String(threads),
    ...(objective ? { objective } : {}),
    "time limit": opts.time ? (opts.time.startsWith("n/") ? `${opts.time} s per instance (n customers)` : `${opts.time} s per instance`) : "per-set defaults: TSPLIB min(10 s, n/100 s), A/B/P 1 s, X 10 s, Solomon 2 s, Li & Lim 1 s",
  };
  mkdirSync(dirname(outStem), { recursive: true });
  writeFileSync(`${outStem}.json`, `${JSON.stringify({ meta, summary, results }, null, 1)}\n`);
  writeFileSync(`${outStem}.md`, markdown(results, summary, meta));
  console.log(`\nwrote ${outStem}.json and ${outStem}.md`);
}

/**
 * `--time 0.2` (seconds), `--time n/1000` (n customers / 1000 seconds) or `--time api` (the
 * engine's default budget for the instance's tasks, defaultTimeLimitMs); undefined: per-set defaults.
 */
function parseTime(arg: string | undefined): ((n: number) => number) | undefined {
  if (!arg) return undefined;
  if (arg === "api") return (n) => defaultTimeLimitMs(n) / 1000;
  const perNode = /^n\/(\d+(?:\.\d+)?)$/.exec(arg);
  if (perNode) return (n) => n / Number(perNode[1]);
  const s = Number(arg);
  if (!(s > 0)) throw new Error(`--time: expected seconds or n/K, got ${arg}`);
  return () => s;
}

await main();
