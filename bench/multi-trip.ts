/**
 * Multi-trip benchmark (`npm run bench:multi-trip -- [options]`), not part of `npm test`: every
 * Solomon instance with a third of its vehicle capacity and its fleet cut to the best-known number
 * of vehicles, solved once with one trip per vehicle and once with `maxTrips` 3 (reloading at the
 * depot, reload time 10 minutes = 100 units), same seed and time limit. One trip cannot carry the
 * demand, so the single-trip run leaves orders out; the multi-trip run should serve them all.
 *   --filter TEXT|/regex/   instances (default all 56)
 *   --time S                time limit per run in seconds (default 1)
 *   --seed N                seed (default 1)
 *   --out PATH              results file stem (default bench/results/multi-trip)
 * Feasibility, trips and cost come from the independent checker (validateSolution).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { solve, validateSolution, warmUp, type Problem } from "../packages/solver/src/index";
import { nameFilter, parseArgs } from "./lib/args";
import { catalogue, defaultInstanceDir } from "./lib/catalogue";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const TRIPS = 3;
const RELOAD_TIME = 100;

interface Run {
  served: number;
  unassigned: number;
  routes: number;
  reloads: number;
  cost: number;
  feasible: boolean;
  violations: string[];
}

function run(problem: Problem, seed: number, timeS: number): Run {
  const sol = solve(problem, { seed, timeLimitMs: timeS * 1000 });
  const check = validateSolution(problem, sol);
  const reloads = sol.routes.reduce((a, r) => a + r.steps.filter((s) => s.type === "reload").length, 0);
  const served = sol.routes.reduce((a, r) => a + r.steps.filter((s) => s.type === "job").length, 0);
  return { served, unassigned: sol.unassigned.length, routes: check.routesUsed, reloads, cost: check.cost / 10, feasible: check.feasible, violations: check.violations.slice(0, 3) };
}

function main(): void {
  const opts = parseArgs(process.argv.slice(2));
  const timeS = Number(opts.time ?? 1);
  const seed = Number(opts.seed ?? 1);
  const matches = nameFilter(opts.filter);
  const outStem = opts.out ?? join(repoRoot, "bench", "results", "multi-trip");
  const entries = catalogue(defaultInstanceDir(repoRoot)).filter((e) => e.set === "solomon" && matches(e.name));
  warmUp();
  const lines: string[] = [];
  let single = 0;
  let multi = 0;
  let allServed = 0;
  let feasible = 0;
  let total = 0;
  for (const e of entries) {
    const inst = e.load();
    const fleet = inst.problem.vehicles.slice(0, e.bksVehicles);
    const vehicles = fleet.map((v) => ({ ...v, capacity: v.capacity!.map((c) => Math.ceil(c / 3)) }));
    const one = run({ ...inst.problem, vehicles }, seed, timeS);
    const three = run({ ...inst.problem, vehicles: vehicles.map((v) => ({ ...v, maxTrips: TRIPS, reloadTime: RELOAD_TIME })) }, seed, timeS);
    total += inst.n;
    single += one.served;
    multi += three.served;
    if (three.unassigned === 0) allServed++;
    if (three.feasible) feasible++;
    const row = `| ${e.name} | ${e.bksVehicles} | ${vehicles[0]!.capacity![0]} | ${one.served}/${inst.n} | ${three.served}/${inst.n} | ${three.reloads} | ${three.cost.toFixed(1)} | ${inst.bks} | ${three.feasible ? "yes" : `NO ${three.violations.join("; ")}`} |`;
    lines.push(row);
    console.log(row);
  }
  const summary = `${entries.length} instances: one trip serves ${single}/${total} orders, ${TRIPS} trips serve ${multi}/${total}; every order served on ${allServed}/${entries.length}; checker-feasible ${feasible}/${entries.length} (time ${timeS} s, seed ${seed})`;
  console.log(`\n${summary}`);
  const md = [
    "# Multi-trip benchmark",
    "",
    `- command: npm run bench:multi-trip${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`,
    `- date: ${new Date().toISOString()}`,
    `- cpu: ${cpus().length} × ${cpus()[0]?.model ?? "unknown"}, node ${process.version}`,
    `- Solomon instances, capacity ⌈Q/3⌉, fleet = the best-known vehicle count, maxTrips ${TRIPS}, reload time ${RELOAD_TIME} (10 minutes ×10)`,
    `- ${summary}`,
    "",
    "| instance | vehicles | capacity | served, one trip | served, 3 trips | reloads | cost, 3 trips | best-known cost (full capacity, one trip) | feasible (checker) |",
    "|---|---|---|---|---|---|---|---|---|",
    ...lines,
    "",
  ].join("\n");
  mkdirSync(dirname(outStem), { recursive: true });
  writeFileSync(`${outStem}.md`, md);
  console.log(`wrote ${outStem}.md`);
}

main();
