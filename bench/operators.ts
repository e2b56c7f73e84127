/**
 * Per-operator micro-benchmark (`npx tsx bench/operators.ts [instance.vrp]`): evaluations per
 * second of every registered local-search operator on a constructed X-n101-k25 solution
 * (or the given CVRPLIB file). Each operator's line is its "benchmark entry" (CONVENTIONS rule 2).
 */
import { join } from "node:path";
import { SolutionState } from "../packages/solver/src/core/solution-state";
import { compileProblem } from "../packages/solver/src/model/instance";
import { buildNeighbours } from "../packages/solver/src/search/neighbours";
import { createOperators } from "../packages/solver/src/search/operators/registry";
import { recreate } from "../packages/solver/src/search/ruin-recreate";
import { Rng } from "../packages/solver/src/util/rng";
import { defaultInstanceDir } from "./lib/catalogue";
import { readCvrp } from "./lib/instances";

const file = process.argv[2] ?? join(defaultInstanceDir(join(import.meta.dirname, "..")), "cvrp", "X", "X-n101-k25.vrp");
const bench = readCvrp(file, "X", "instance", 0);
const inst = compileProblem(bench.problem);
const state = new SolutionState(inst);
const rng = new Rng(1);
recreate(state, Array.from({ length: inst.nRequests }, (_, q) => q), rng, 0, null);
const nb = buildNeighbours(inst, 40);
const pairs: [number, number][] = [];
for (let i = 0; i < 200_000; i++) {
  const u = rng.int(inst.nTasks);
  pairs.push([u, nb.list[u * nb.k + rng.int(nb.k)]!]);
}
console.log(`${file}: ${inst.nTasks} tasks, ${state.routes.filter((r) => r.stops > 0).length} routes`);
for (const op of createOperators()) {
  const t0 = performance.now();
  let improving = 0;
  for (const [u, v] of pairs) if (op.evaluate(state, u, v) < 0) improving++;
  const ms = performance.now() - t0;
  console.log(`${op.name.padEnd(16)} ${((pairs.length / ms) * 1000).toFixed(0).padStart(10)} (u,v) pairs/s   improving ${improving}`);
}
