/**
 * Objective-mode benchmark (`npm run bench:objectives -- [options]`), not part of `npm test`:
 * each instance is solved with objective min_time, min_vehicles and balance (same seed and time
 * limit) and reported with vehicles used, cost, route durations (max, min over the fleet, min over
 * used routes, spread), runtime and iterations per second.
 *   --filter TEXT|/regex/   instances (default: a fixed Solomon + CVRPLIB A/B/P selection)
 *   --time S                time limit per run in seconds (default: Solomon 2 s, A/B/P 1 s)
 *   --seed N                seed (default 1)
 *   --weight W              objective.balanceWeight of the balance runs (default: the engine's, 1)
 *   --out PATH              results file stem (default bench/results/objectives)
 * Feasibility and cost come from validateSolution; durations from the solution's routes.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { objectiveStats, solve, validateSolution, type ObjectiveMode } from "../packages/solver/src/index";
import { nameFilter, parseArgs } from "./lib/args";
import { catalogue, defaultInstanceDir, defaultTimeLimit } from "./lib/catalogue";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const DEFAULT_SELECTION = /^(C101|C201|R101|R201|RC101|RC201|A-n32-k5|A-n80-k10|B-n50-k7|P-n55-k15|P-n101-k4)$/;
const MODES: ObjectiveMode[] = ["min_time", "min_vehicles", "balance"];

interface Row {
  name: string;
  mode: ObjectiveMode;
  feasible: boolean;
  unassigned: number;
  vehicles: number;
  fleet: number;
  cost: number;
  maxDuration: number;
  minDuration: number;
  minUsedDuration: number;
  spread: number;
  maxWork: number;
  minWork: number;
  workSpread: number;
  timeS: number;
  iterationsPerS: number;
}

const round = (x: number): number => Math.round(x * 10) / 10;

function table(rows: Row[]): string {
  const head = "| instance | mode | vehicles | cost | duration max / min (fleet) / min (used) | duration spread | work max / min | work spread | unassigned | time s | iterations/s |";
  const lines = [head, "|---|---|---|---|---|---|---|---|---|---|---|"];
  for (const r of rows) {
    lines.push(
      `| ${r.name} | ${r.mode} | ${r.vehicles}/${r.fleet} | ${r.cost} | ${r.maxDuration} / ${r.minDuration} / ${r.minUsedDuration} | ${r.spread} | ${r.maxWork} / ${r.minWork} | **${r.workSpread}** | ${r.feasible ? r.unassigned : "INFEASIBLE"} | ${r.timeS.toFixed(2)} | ${Math.round(r.iterationsPerS)} |`,
    );
  }
  return lines.join("\n");
}

/** Per mode: mean vehicles, cost and spread relative to min_time on the same instance. */
function summary(rows: Row[]): string {
  const lines = [
    "| mode | runs | feasible | mean vehicles | mean cost vs min_time | mean duration spread vs min_time | mean work spread vs min_time | mean iterations/s vs min_time |",
    "|---|---|---|---|---|---|---|---|",
  ];
  for (const mode of MODES) {
    const mine = rows.filter((r) => r.mode === mode);
    const ratios = (f: (r: Row) => number): number => {
      const xs = mine.map((r) => {
        const base = rows.find((b) => b.name === r.name && b.mode === "min_time")!;
        return f(base) > 0 ? f(r) / f(base) : 1;
      });
      return xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    };
    const pct = (x: number): string => `${x >= 1 ? "+" : ""}${((x - 1) * 100).toFixed(1)} %`;
    lines.push(
      `| ${mode} | ${mine.length} | ${mine.filter((r) => r.feasible && r.unassigned === 0).length}/${mine.length} | ${(mine.reduce((a, r) => a + r.vehicles, 0) / Math.max(1, mine.length)).toFixed(1)} | ${pct(ratios((r) => r.cost))} | ${pct(ratios((r) => r.spread))} | ${pct(ratios((r) => r.workSpread))} | ${pct(ratios((r) => r.iterationsPerS))} |`,
    );
  }
  return lines.join("\n");
}

async function main(): Promise<void> {
  const opts = parseArgs(process.argv.slice(2));
  const matches = opts.filter ? nameFilter(opts.filter) : (name: string): boolean => DEFAULT_SELECTION.test(name);
  const seed = Number(opts.seed ?? 1);
  const weight = opts.weight !== undefined ? { balanceWeight: Number(opts.weight) } : {};
  const outStem = opts.out ?? join(repoRoot, "bench", "results", "objectives");
  const entries = catalogue(defaultInstanceDir(repoRoot)).filter((e) => e.set !== "tsplib" && matches(e.name));
  const rows: Row[] = [];
  for (const e of entries) {
    const inst = e.load();
    const limit = opts.time ? Number(opts.time) : defaultTimeLimit(e.set, inst.n);
    for (const mode of MODES) {
      const problem = { ...inst.problem, objective: { ...inst.problem.objective, mode, ...(mode === "balance" ? weight : {}) } };
      const t0 = performance.now();
      const solution = solve(problem, { seed, timeLimitMs: limit * 1000 });
      const timeS = (performance.now() - t0) / 1000;
      const check = validateSolution(problem, solution);
      const stats = objectiveStats(problem, solution);
      const s = inst.costScale;
      const row: Row = {
        name: e.name,
        mode,
        feasible: check.feasible,
        unassigned: solution.unassigned.length,
        vehicles: stats.vehiclesUsed,
        fleet: problem.vehicles.length,
        cost: round(check.cost / s),
        maxDuration: round(stats.maxDuration / s),
        minDuration: round(stats.minDuration / s),
        minUsedDuration: round(stats.minUsedDuration / s),
        spread: round(stats.spread / s),
        maxWork: round(stats.maxWork / s),
        minWork: round(stats.minWork / s),
        workSpread: round(stats.workSpread / s),
        timeS,
        iterationsPerS: solution.iterations / timeS,
      };
      rows.push(row);
      console.log(
        `${e.name.padEnd(11)} ${mode.padEnd(12)} vehicles ${String(row.vehicles).padStart(3)}/${row.fleet}  cost ${String(row.cost).padStart(8)}  max ${String(row.maxDuration).padStart(7)}  min ${String(row.minDuration).padStart(7)}  min used ${String(row.minUsedDuration).padStart(7)}  spread ${String(row.spread).padStart(7)}  work ${row.maxWork}/${row.minWork} spread ${String(row.workSpread).padStart(7)}  ${row.feasible ? `unassigned ${row.unassigned}` : "INFEASIBLE"}  ${timeS.toFixed(2)} s  ${Math.round(row.iterationsPerS)} it/s`,
      );
    }
  }
  const meta = {
    command: process.argv.length > 2 ? `npm run bench:objectives -- ${process.argv.slice(2).join(" ")}` : "npm run bench:objectives",
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus().length} × ${cpus()[0]?.model ?? "unknown"}`,
    seed: String(seed),
    "time limit": opts.time ? `${opts.time} s per run` : "Solomon 2 s, A/B/P 1 s per run",
    "balance weight": opts.weight ?? "1 (default)",
  };
  const md = [
    "# Objective modes: min_time, min_vehicles, balance",
    "",
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    "",
    "Durations and costs in the literature's units (Solomon: distance = time, one decimal). Duration includes waiting (vehicles leave at their shift start); work = travel + setup + service, what balance evens out. Minimums over the fleet count an unused vehicle as 0; spread = max − min over the fleet.",
    "",
    summary(rows),
    "",
    table(rows),
    "",
  ].join("\n");
  console.log(`\n${summary(rows)}`);
  mkdirSync(dirname(outStem), { recursive: true });
  writeFileSync(`${outStem}.json`, `${JSON.stringify({ meta, rows }, null, 1)}\n`);
  writeFileSync(`${outStem}.md`, md);
  console.log(`\nwrote ${outStem}.json and ${outStem}.md`);
}

await main();
