/**
 * Asymmetric TSP check (`npx tsx bench/asymmetric-tsp.ts`): TSPLIB instances made asymmetric
 * (+1 on every arc i→j with i < j, so a tour's cost changes by at most n) go through the general
 * engine; the tour is then costed on the symmetric matrix and compared with the TSPLIB optimum.
 */
import { join } from "node:path";
import { solve, validateSolution } from "../packages/solver/src/index";
import { catalogue, defaultInstanceDir } from "./lib/catalogue";

const names = process.argv.slice(2).length ? process.argv.slice(2) : ["kroA100", "kroA200", "pcb442"];
const entries = catalogue(defaultInstanceDir(join(import.meta.dirname, ".."))).filter((e) => e.set === "tsplib" && names.includes(e.name));
for (const e of entries) {
  const inst = e.load();
  const m = inst.problem.matrices.durations as number[][];
  const asym = m.map((row, i) => row.map((v, j) => (i < j ? v + 1 : v)));
  const limit = Math.max(1000, inst.n * 10);
  const sol = solve({ ...inst.problem, matrices: { durations: asym } }, { timeLimitMs: limit, seed: 1 });
  const check = validateSolution(inst.problem, sol);
  const gap = ((check.cost - inst.bks) / inst.bks) * 100;
  console.log(`${e.name.padEnd(10)} n=${inst.n} limit=${limit / 1000}s symmetric cost=${check.cost} optimum=${inst.bks} gap=${gap.toFixed(2)}% feasible=${check.feasible}`);
}
