/**
 * Scale checks of issue #3 (`npx tsx bench/scale.ts [--quick]`):
 *  1. a 1,000-stop single route from random points: time to the first solution, and its gap
 *     to the 30-second result (target: < 1 s and within 5 %);
 *  2. a 2,000-job, 50-vehicle CVRP: a feasible solution within 60 s under 1 GB of memory (in a
 *     child process, so its peak RSS is its own);
 *  3. a 10,000-job, 100-vehicle CVRP (issue 16, `--only cvrp10000` for just this one): see cvrp10000Case.
 * Writes bench/results/scale.json and prints a summary.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { Rng, solve, validateSolution, type MatrixRow, type Problem } from "../packages/solver/src/index";

const quick = process.argv.includes("--quick");
const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

function randomMatrix(rng: Rng, n: number): number[][] {
  const pts = Array.from({ length: n }, () => [rng.next() * 10000, rng.next() * 10000] as const);
  return pts.map((a) => pts.map((b) => Math.round(Math.hypot(a[0] - b[0], a[1] - b[1]))));
}

/** One vehicle from the depot (location 0) back to it through `stops` random points. */
function routeProblem(seed: number, stops: number): Problem {
  return {
    matrices: { durations: randomMatrix(new Rng(seed), stops + 1) },
    jobs: Array.from({ length: stops }, (_, i) => ({ id: i + 1, location: i + 1 })),
    vehicles: [{ id: 1, start: 0, end: 0 }],
  };
}

function tspCase(): Record<string, number | boolean> {
  const problem = routeProblem(2024, 1000);
  let firstMs = Infinity;
  let firstCost = Infinity;
  const long = quick ? 5000 : 30000;
  const sol = solve(problem, {
    seed: 1,
    timeLimitMs: long,
    onProgress: (e) => {
      if (firstMs === Infinity) {
        firstMs = e.elapsedMs;
        firstCost = e.bestCost;
      }
    },
  });
  const check = validateSolution(problem, sol);
  return {
    stops: 1000,
    firstSolutionMs: Math.round(firstMs),
    firstCost,
    finalCost: check.cost,
    finalTimeS: long / 1000,
    gapFirstToFinalPct: Math.round(((firstCost - check.cost) / check.cost) * 10000) / 100,
    feasible: check.feasible,
  };
}

function cvrpCase(): Record<string, number | boolean | null> {
  const rng = new Rng(7);
  const durations = randomMatrix(rng, 2001);
  const jobs = Array.from({ length: 2000 }, (_, i) => ({ id: i + 1, location: i + 1, delivery: [1 + rng.int(10)] }));
  const total = jobs.reduce((a, j) => a + j.delivery[0]!, 0);
  const capacity = Math.ceil((total / 50) * 1.1);
  const problem: Problem = {
    matrices: { durations },
    jobs,
    vehicles: Array.from({ length: 50 }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [capacity] })),
  };
  const limit = quick ? 15000 : 60000;
  let firstMs = Infinity;
  const sol = solve(problem, { seed: 1, timeLimitMs: limit, onProgress: (e) => (firstMs = Math.min(firstMs, e.elapsedMs)) });
  const check = validateSolution(problem, sol);
  return {
    jobs: 2000,
    vehicles: 50,
    timeLimitS: limit / 1000,
    firstSolutionMs: Math.round(firstMs),
    totalTimeS: Math.round(sol.computingTimeMs) / 1000,
    cost: check.cost,
    unassigned: sol.unassigned.length,
    routes: sol.routes.length,
    feasible: check.feasible && sol.unassigned.length === 0,
    // Run in its own child process (inChild): the OS's peak for this case, building it included.
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1000),
    hugePagesMb: hugePagesMb(),
    iterations: sol.iterations,
  };
}

/**
 * 3. (issue 16) a 10,000-job, 100-vehicle CVRP from random points (integer Euclidean durations,
 * demands as in case 2): first solution < 5 s, feasible (0 unassigned) within 60 s, peak RSS of
 * the whole process < 2 GB. The matrix is built with Int32Array rows (4 bytes a cell; plain
 * arrays would take 800 MB). Run in a child process (`--case cvrp10000`) so that its peak RSS
 * (the OS's maxRSS, building the problem included) is its own; `--only cvrp10000` runs just
 * this case and updates its key in scale.json.
 */
function cvrp10000Case(): Record<string, number | boolean | null> {
  const n = 10000;
  const rng = new Rng(10000);
  const xs = new Float64Array(n + 1);
  const ys = new Float64Array(n + 1);
  for (let i = 0; i <= n; i++) {
    xs[i] = rng.next() * 10000;
    ys[i] = rng.next() * 10000;
  }
  const durations: Int32Array[] = [];
  for (let i = 0; i <= n; i++) {
    const row = new Int32Array(n + 1);
    for (let j = 0; j <= n; j++) row[j] = Math.round(Math.hypot(xs[i]! - xs[j]!, ys[i]! - ys[j]!));
    durations.push(row);
  }
  const jobs = Array.from({ length: n }, (_, i) => ({ id: i + 1, location: i + 1, delivery: [1 + rng.int(10)] }));
  const total = jobs.reduce((a, j) => a + j.delivery[0]!, 0);
  const capacity = Math.ceil((total / 100) * 1.1);
  const problem: Problem<MatrixRow> = {
    matrices: { durations },
    jobs,
    vehicles: Array.from({ length: 100 }, (_, k) => ({ id: k + 1, start: 0, end: 0, capacity: [capacity] })),
  };
  const limit = quick ? 20000 : 60000;
  let firstMs = Infinity;
  let firstEventMs = Infinity;
  const start = performance.now();
  const sol = solve(problem, {
    seed: 1,
    timeLimitMs: limit,
    onProgress: (e) => {
      if (firstMs !== Infinity) return;
      firstMs = performance.now() - start;
      firstEventMs = e.elapsedMs;
    },
  });
  const check = validateSolution(problem, sol);
  return {
    jobs: n,
    vehicles: 100,
    timeLimitS: limit / 1000,
    // From the solve() call (compilation included); firstEventMs is the event's own elapsedMs.
    firstSolutionMs: Math.round(firstMs),
    firstEventMs: Math.round(firstEventMs),
    totalTimeS: Math.round(sol.computingTimeMs) / 1000,
    cost: check.cost,
    unassigned: sol.unassigned.length,
    routes: sol.routes.length,
    feasible: check.feasible && sol.unassigned.length === 0,
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1000),
    hugePagesMb: hugePagesMb(),
    iterations: sol.iterations,
  };
}

/**
 * The children's environment: glibc's malloc asks the kernel for transparent huge pages for its
 * large mappings, where V8 puts big typed arrays (decision 017; Linux with glibc 2.35+, ignored
 * elsewhere). `--no-huge-pages` measures without.
 */
function childEnv(): NodeJS.ProcessEnv {
  if (process.argv.includes("--no-huge-pages")) return process.env;
  const tunables = process.env.GLIBC_TUNABLES;
  return { ...process.env, GLIBC_TUNABLES: tunables ? `${tunables}:glibc.malloc.hugetlb=1` : "glibc.malloc.hugetlb=1" };
}

/** Megabytes of this process's memory in transparent huge pages (Linux; null elsewhere). */
function hugePagesMb(): number | null {
  try {
    const kb = /AnonHugePages:\s+(\d+) kB/.exec(readFileSync("/proc/self/smaps_rollup", "utf8"))?.[1];
    return kb === undefined ? null : Math.round(Number(kb) / 1000);
  } catch {
    return null;
  }
}

/** Runs a case in a child process (same loader flags) and returns the JSON it prints last. */
function inChild(name: string): Record<string, number | boolean | null> {
  const args = [...process.execArgv, fileURLToPath(import.meta.url), "--case", name, ...(quick ? ["--quick"] : [])];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], env: childEnv() });
  if (run.status !== 0) throw new Error(`${name} failed (exit ${run.status})`);
  return JSON.parse(run.stdout.trim().split("\n").pop()!) as Record<string, number | boolean | null>;
}

const caseArg = process.argv[process.argv.indexOf("--case") + 1];
const onlyArg = process.argv.includes("--only") ? process.argv[process.argv.indexOf("--only") + 1] : undefined;
const resultsFile = join(repoRoot, "bench", "results", "scale.json");
if (process.argv.includes("--case") && caseArg === "cvrp10000") {
  console.log(JSON.stringify(cvrp10000Case()));
} else if (process.argv.includes("--case") && caseArg === "cvrp2000") {
  console.log(JSON.stringify(cvrpCase()));
} else if (onlyArg === "cvrp10000") {
  const cvrp10000 = inChild("cvrp10000");
  console.log("10,000-job CVRP:", cvrp10000);
  const previous = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, "utf8")) as Record<string, unknown>) : {};
  writeFileSync(resultsFile, `${JSON.stringify({ ...previous, cvrp10000 }, null, 1)}\n`);
} else {
  const tsp = tspCase();
  console.log("1,000-stop route:", tsp);
  const cvrp = inChild("cvrp2000");
  console.log("2,000-job CVRP:", cvrp);
  const cvrp10000 = inChild("cvrp10000");
  console.log("10,000-job CVRP:", cvrp10000);
  mkdirSync(join(repoRoot, "bench", "results"), { recursive: true });
  writeFileSync(resultsFile, `${JSON.stringify({ date: new Date().toISOString(), quick, tsp, cvrp, cvrp10000 }, null, 1)}\n`);
}

/**
 * 4. (issue 16) a 5,000-stop single route from random points (the dedicated TSP path): the cost
 * after 5 s must be within 3 % of the 60-second result (`--quick`: 2 s and 10 s). Two separate
 * runs with the same seed; costs recomputed by validateSolution. Only in the full run (not with
 * --case/--only); its key `tsp5000` is merged into scale.json.
 */
function tspScaleCase5000(): Record<string, number | boolean> {
  const problem = routeProblem(5000, 5000);
  const [shortMs, longMs] = quick ? [2000, 10000] : [5000, 60000];
  const run = (ms: number): { cost: number; feasible: boolean; iterations: number; firstMs: number } => {
    let firstMs = Infinity;
    const start = performance.now();
    const sol = solve(problem, { seed: 1, timeLimitMs: ms, onProgress: () => (firstMs = Math.min(firstMs, performance.now() - start)) });
    const check = validateSolution(problem, sol);
    return { cost: check.cost, feasible: check.feasible && sol.unassigned.length === 0, iterations: sol.iterations, firstMs };
  };
  const short = run(shortMs);
  const long = run(longMs);
  return {
    stops: 5000,
    shortTimeS: shortMs / 1000,
    shortCost: short.cost,
    longTimeS: longMs / 1000,
    longCost: long.cost,
    gapShortToLongPct: Math.round(((short.cost - long.cost) / long.cost) * 10000) / 100,
    // From the solve() call, compilation included.
    firstSolutionMs: Math.round(short.firstMs),
    shortIterations: short.iterations,
    longIterations: long.iterations,
    feasible: short.feasible && long.feasible,
    // The process's peak so far (earlier cases included).
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1000),
  };
}

if (!process.argv.includes("--case") && !process.argv.includes("--only")) {
  const tsp5000 = tspScaleCase5000();
  console.log("5,000-stop route:", tsp5000);
  const fs = await import("node:fs");
  const file = join(repoRoot, "bench", "results", "scale.json");
  const previous = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
  fs.mkdirSync(dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify({ ...previous, tsp5000 }, null, 1)}\n`);
}
