/**
 * Rich-fleet benchmark (`npm run bench:rich -- [options]`), not part of `npm test`: instances
 * generated from the OSM extracts by bench/rich/generate.ts (road matrices from our own router,
 * vans / cars / cargo bikes, two capacity dimensions, skills, breaks, time windows, shipments,
 * open routes, maxStops, priorities, fixed costs; see bench/rich/README.md), solved with one
 * thread, every result checked by the independent checker (validateSolution).
 *   --time S|tenth|long   time limit per run: seconds, a tenth of each instance's long-run budget
 *                         (default), or the long-run budget itself
 *   --seeds N|N,M|N-M     solver seeds: one, a list or a range (default 1)
 *   --filter TEXT|/re/    instances (default all ten)
 *   --label NAME          results go to bench/results/rich-<NAME>.md/.json (default the --time value)
 *   --update-bks          record a result in bench/rich/bks.json when it beats the best known
 *                         (fewer unassigned, then lower cost; checker-feasible only)
 *   --check               no solving: generate each instance twice from scratch and check that the
 *                         bytes are identical, and equal to the cache and to the hash in bks.json
 * Gap = (cost − best-known cost) / best-known cost, costs from the checker, over runs that leave
 * exactly as many orders unassigned as the best-known solution (a run with more is listed as such).
 */
import { readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { solve, validateSolution, warmUp } from "../../packages/solver/src/index";
import { nameFilter, parseArgs } from "../lib/args";
import { cachePath, generateInstance, GENERATOR_VERSION, INSTANCES, loadInstance, RICH_DIR, serialize, sha256, type InstanceSpec } from "./generate";

const FLAGS = ["--check", "--update-bks"];
const BKS_PATH = join(RICH_DIR, "bks.json");
const RESULTS_DIR = join(RICH_DIR, "..", "results");

/** A best-known solution and the run that found it. */
interface BksEntry {
  /** sha256 of the serialised instance the cost belongs to. */
  hash: string;
  cost: number;
  unassigned: number;
  routes: number;
  budgetS: number;
  seed: number;
  date: string;
  command: string;
}

interface BksFile {
  generatorVersion: number;
  rule: string;
  instances: Record<string, BksEntry>;
}

interface RichRun {
  name: string;
  orders: number;
  seed: number;
  timeLimitS: number;
  timeS: number;
  cost: number;
  solverCost: number;
  unassigned: number;
  routes: number;
  feasible: boolean;
  violations: string[];
  iterations: number;
  bksCost: number | null;
  bksUnassigned: number | null;
  /** Null when there is no best known or the run leaves a different number of orders unassigned. */
  gapPct: number | null;
  /** "same" unassigned as the BKS, "more", or "fewer" (a new best known). */
  versusBks: "same" | "more" | "fewer" | "no bks";
}

function readBks(): BksFile {
  if (!existsSync(BKS_PATH)) return { generatorVersion: GENERATOR_VERSION, rule: "", instances: {} };
  return JSON.parse(readFileSync(BKS_PATH, "utf8")) as BksFile;
}

const BKS_RULE =
  "Best feasible (validateSolution) result over the long runs listed per instance, compared by (unassigned count, then checker cost); cost = travel seconds + fixed costs.";

/** Better = fewer unassigned, then lower cost (the comparison of the issue). */
function beats(a: { unassigned: number; cost: number }, b: { unassigned: number; cost: number }): boolean {
  return a.unassigned < b.unassigned || (a.unassigned === b.unassigned && a.cost < b.cost - 1e-9);
}

/** "3" → [3]; "1,2,5" → [1, 2, 5]; "1-3" → [1, 2, 3]. */
function parseSeeds(value: string | undefined): number[] {
  if (!value) return [1];
  const range = /^(\d+)-(\d+)$/.exec(value);
  const seeds = range ? Array.from({ length: Number(range[2]) - Number(range[1]) + 1 }, (_, i) => Number(range[1]) + i) : value.split(",").map(Number);
  if (seeds.length === 0 || !seeds.every((s) => Number.isInteger(s))) throw new Error(`--seeds must be N, a list N,M or a range N-M, not ${value}`);
  return seeds;
}

function timeFor(spec: InstanceSpec, time: string): number {
  if (time === "tenth") return spec.longRunS / 10;
  if (time === "long") return spec.longRunS;
  const s = Number(time);
  if (!(s > 0)) throw new Error(`--time must be seconds, "tenth" or "long", not ${time}`);
  return s;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? (s[m] as number) : ((s[m - 1] as number) + (s[m] as number)) / 2;
};

async function check(specs: readonly InstanceSpec[]): Promise<void> {
  const bks = readBks();
  let ok = true;
  for (const spec of specs) {
    const a = sha256(serialize(await generateInstance(spec)));
    const b = sha256(serialize(await generateInstance(spec)));
    const cached = existsSync(cachePath(spec)) ? sha256(readFileSync(cachePath(spec), "utf8")) : null;
    const recorded = bks.instances[spec.name]?.hash ?? null;
    const same = a === b && (cached === null || cached === a) && (recorded === null || recorded === a);
    ok &&= same;
    console.log(`${same ? "OK  " : "DIFF"} ${spec.name} seed ${spec.seed}: ${a.slice(0, 16)} twice ${a === b ? "equal" : `≠ ${b.slice(0, 16)}`}, cache ${cached === null ? "absent" : cached === a ? "equal" : "DIFFERS"}, bks.json ${recorded === null ? "absent" : recorded === a ? "equal" : "DIFFERS"}`);
  }
  if (!ok) process.exitCode = 1;
}

async function main(): Promise<void> {
  // bench/lib's parseArgs reads "--key value"; the two flags take no value, so they become "--flag=1".
  const opts = parseArgs(process.argv.slice(2).map((a) => (FLAGS.includes(a) ? `${a}=1` : a)));
  const matches = nameFilter(opts.filter);
  const specs = INSTANCES.filter((s) => matches(s.name));
  if ("check" in opts) return check(specs);
  const time = opts.time ?? "tenth";
  const seeds = parseSeeds(opts.seeds);
  const label = opts.label ?? (Number(time) > 0 ? `${time}s` : time);
  const command = `npm run bench:rich -- ${process.argv.slice(2).join(" ")}`;
  const loadBefore = loadavg();
  warmUp();
  const runs: RichRun[] = [];
  for (const spec of specs) {
    const { instance, hash } = await loadInstance(spec);
    const problem = instance.problem;
    for (const seed of seeds) {
      const timeLimitS = timeFor(spec, time);
      const t0 = performance.now();
      const solution = solve(problem, { seed, timeLimitMs: timeLimitS * 1000 });
      const timeS = (performance.now() - t0) / 1000;
      const c = validateSolution(problem, solution);
      const bksFile = readBks();
      const known = bksFile.instances[spec.name];
      const bks = known && known.hash === hash ? known : undefined;
      if (known && !bks) console.warn(`${spec.name}: bks.json belongs to another instance (hash ${known.hash.slice(0, 12)}, this one ${hash.slice(0, 12)}); ignored`);
      const run: RichRun = {
        name: spec.name,
        orders: spec.orders,
        seed,
        timeLimitS,
        timeS,
        cost: c.cost,
        solverCost: solution.cost,
        unassigned: solution.unassigned.length,
        routes: c.routesUsed,
        feasible: c.feasible,
        violations: c.violations.slice(0, 5),
        iterations: solution.iterations,
        bksCost: bks?.cost ?? null,
        bksUnassigned: bks?.unassigned ?? null,
        gapPct: bks && bks.unassigned === solution.unassigned.length ? ((c.cost - bks.cost) / bks.cost) * 100 : null,
        versusBks: !bks ? "no bks" : solution.unassigned.length === bks.unassigned ? "same" : solution.unassigned.length > bks.unassigned ? "more" : "fewer",
      };
      runs.push(run);
      console.log(
        `${spec.name} seed ${seed} ${timeLimitS}s: cost ${c.cost} unassigned ${run.unassigned} routes ${run.routes} feasible ${c.feasible} gap ${run.gapPct === null ? run.versusBks : `${run.gapPct.toFixed(2)} %`} (${timeS.toFixed(1)} s, ${run.iterations} iterations)`,
      );
      if ("update-bks" in opts && c.feasible && (!bks || beats({ unassigned: run.unassigned, cost: c.cost }, bks))) {
        // Re-read just before writing: another runner process may have updated another instance.
        const fresh = readBks();
        fresh.generatorVersion = GENERATOR_VERSION;
        fresh.rule = BKS_RULE;
        const current = fresh.instances[spec.name];
        if (!current || current.hash !== hash || beats({ unassigned: run.unassigned, cost: c.cost }, current)) {
          fresh.instances[spec.name] = { hash, cost: c.cost, unassigned: run.unassigned, routes: run.routes, budgetS: timeLimitS, seed, date: new Date().toISOString(), command };
          const ordered = Object.fromEntries(INSTANCES.filter((s) => fresh.instances[s.name]).map((s) => [s.name, fresh.instances[s.name] as BksEntry]));
          writeFileSync(BKS_PATH, `${JSON.stringify({ ...fresh, instances: ordered }, null, 2)}\n`);
          console.log(`  new best known for ${spec.name}`);
        }
      }
    }
  }
  const loadAfter = loadavg();
  const gaps = runs.filter((r) => r.feasible && r.gapPct !== null).map((r) => r.gapPct as number);
  const summary = {
    runs: runs.length,
    feasible: runs.filter((r) => r.feasible).length,
    compared: gaps.length,
    moreUnassignedThanBks: runs.filter((r) => r.versusBks === "more").length,
    fewerUnassignedThanBks: runs.filter((r) => r.versusBks === "fewer").length,
    unassigned: runs.reduce((a, r) => a + r.unassigned, 0),
    meanGapPct: gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : NaN,
    medianGapPct: median(gaps),
    maxGapPct: gaps.length ? Math.max(...gaps) : NaN,
  };
  const f = (x: number | null, d = 2): string => (x === null || Number.isNaN(x) ? "–" : x.toFixed(d));
  const md = [
    `# Rich-fleet benchmark: ${label}`,
    "",
    `- command: ${command}`,
    `- date: ${new Date().toISOString()}`,
    `- cpu: ${cpus().length} × ${cpus()[0]?.model ?? "unknown"}, node ${process.version}; load average (1/5/15 min) before ${loadBefore.map((x) => x.toFixed(2)).join(" / ")}, after ${loadAfter.map((x) => x.toFixed(2)).join(" / ")}`,
    `- instances: bench/rich/README.md (generator version ${GENERATOR_VERSION}); best known: bench/rich/bks.json; cost and feasibility from validateSolution`,
    `- gap over runs with as many unassigned orders as the best known: mean ${f(summary.meanGapPct)} %, median ${f(summary.medianGapPct)} %, max ${f(summary.maxGapPct)} % (${summary.compared}/${summary.runs} runs compared; ${summary.moreUnassignedThanBks} with more unassigned, ${summary.fewerUnassignedThanBks} with fewer); feasible ${summary.feasible}/${summary.runs}; ${summary.unassigned} orders unassigned in all`,
    "",
    "| instance | orders | seed | time limit (s) | cost | unassigned | routes | feasible | best known (unassigned) | gap % | time (s) | iterations |",
    "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|---:|",
    ...runs.map(
      (r) =>
        `| ${r.name} | ${r.orders} | ${r.seed} | ${r.timeLimitS} | ${r.cost} | ${r.unassigned} | ${r.routes} | ${r.feasible ? "yes" : `NO ${r.violations.join("; ")}`} | ${r.bksCost ?? "–"} (${r.bksUnassigned ?? "–"}) | ${r.gapPct === null ? r.versusBks : f(r.gapPct)} | ${r.timeS.toFixed(1)} | ${r.iterations} |`,
    ),
    "",
  ].join("\n");
  console.log(`\n${md}`);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(join(RESULTS_DIR, `rich-${label}.md`), md);
  writeFileSync(
    join(RESULTS_DIR, `rich-${label}.json`),
    `${JSON.stringify({ command, date: new Date().toISOString(), generatorVersion: GENERATOR_VERSION, loadAverage: { before: loadBefore, after: loadAfter }, summary, runs }, null, 2)}\n`,
  );
}

await main();
