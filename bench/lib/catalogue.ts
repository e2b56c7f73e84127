/** Lists the benchmark instances per set with their best-known values from bks.json. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readCvrp, readLiLim, readSolomon, readTsplib, type BenchInstance, type SetName } from "./instances";

export const ALL_SETS: SetName[] = ["tsplib", "A", "B", "P", "X", "solomon", "lilim"];

export interface CatalogueEntry {
  set: SetName;
  name: string;
  /** Vehicles of the Solomon DIMACS / Li & Lim BKS, reported beside the solution's. */
  bksVehicles?: number;
  /** VROOM 1.14's recorded answer (`-x 5 -t 2`), where the set ships one (Li & Lim). */
  vroom?: { cost: number; routes: number; wallS: number };
  load: () => BenchInstance;
}

interface Bks {
  tsplib: Record<string, number>;
  cvrp: Record<string, { cost: number; set: string }>;
  vrptw: Record<string, { dimacs_distance: number; dimacs_vehicles: number }>;
}

/** Instance folder: ROUTEPILOT_BENCH_INSTANCES when set, else datasets/bench/instances in the repository. */
export function defaultInstanceDir(repoRoot: string): string {
  const env = process.env.ROUTEPILOT_BENCH_INSTANCES;
  if (env) return env;
  return join(repoRoot, "datasets", "bench", "instances");
}

export function catalogue(dir: string): CatalogueEntry[] {
  if (!existsSync(join(dir, "bks.json"))) throw new Error(`no bks.json in ${dir} (set ROUTEPILOT_BENCH_INSTANCES)`);
  const bks = JSON.parse(readFileSync(join(dir, "bks.json"), "utf8")) as Bks;
  const out: CatalogueEntry[] = [];
  const numeric = (a: string, b: string): number => (parseInt(a.replace(/\D+/g, ""), 10) || 0) - (parseInt(b.replace(/\D+/g, ""), 10) || 0) || a.localeCompare(b);
  const tspNames = Object.keys(bks.tsplib).filter((n) => existsSync(join(dir, "tsplib", `${n}.tsp`)));
  for (const name of tspNames.sort(numeric)) {
    out.push({ set: "tsplib", name, load: () => readTsplib(join(dir, "tsplib", `${name}.tsp`), name, bks.tsplib[name]!) });
  }
  for (const set of ["A", "B", "P", "X"] as const) {
    const folder = join(dir, "cvrp", set);
    if (!existsSync(folder)) continue;
    const names = readdirSync(folder).filter((f) => f.endsWith(".vrp")).map((f) => f.slice(0, -4));
    for (const name of names.sort(numeric)) {
      const b = bks.cvrp[name];
      if (!b) continue;
      const k = set === "X" ? undefined : Number(/-k(\d+)/.exec(name)?.[1]);
      out.push({ set, name, load: () => readCvrp(join(folder, `${name}.vrp`), set, name, b.cost, k) });
    }
  }
  const sol = join(dir, "vrptw", "solomon");
  if (existsSync(sol)) {
    const names = readdirSync(sol).filter((f) => f.endsWith(".txt")).map((f) => f.slice(0, -4));
    for (const name of names.sort()) {
      const b = bks.vrptw[name];
      if (!b) continue;
      out.push({ set: "solomon", name, bksVehicles: b.dimacs_vehicles, load: () => readSolomon(join(sol, `${name}.txt`), name, b.dimacs_distance) });
    }
  }
  const pd = join(dir, "pdptw");
  if (existsSync(join(pd, "lilim-bks.json"))) {
    const lilim = JSON.parse(readFileSync(join(pd, "lilim-bks.json"), "utf8")) as LiLimBks;
    for (const name of Object.keys(lilim.bks).sort()) {
      const b = lilim.bks[name]!;
      const v = lilim.vroom_1_14[name];
      out.push({
        set: "lilim",
        name,
        bksVehicles: b.vehicles,
        ...(v ? { vroom: { cost: v.cost_x100, routes: v.routes, wallS: v.wall_s } } : {}),
        load: () => readLiLim(join(pd, "lilim", `${name}.json`), name, b.cost_x100_on_integer_matrix),
      });
    }
  }
  return out;
}

interface LiLimBks {
  bks: Record<string, { vehicles: number; cost_x100_on_integer_matrix: number }>;
  vroom_1_14: Record<string, { cost_x100: number; routes: number; wall_s: number }>;
}

/** Default time limit per set, in seconds (issue #3 targets). */
export function defaultTimeLimit(set: SetName, n: number): number {
  switch (set) {
    case "tsplib":
      return Math.min(10, n / 100);
    case "X":
      return 10;
    case "solomon":
      return 2;
    case "lilim":
      return 1;
    default:
      return 1;
  }
}
