import type { SolutionState } from "../core/solution-state";
import { KIND_BREAK } from "../model/instance";
import type { Rng } from "../util/rng";
import type { Neighbours } from "./neighbours";
import { createOperators } from "./operators/registry";
import type { Operator } from "./operators/operator";
import type { Stopping } from "./stopping";

/**
 * Granular first-improvement local search: for each task u (random order) and each of its
 * neighbours v, tries every operator and applies the first improving move. Repeats until
 * no operator improves or the time budget is spent. Returns the number of applied moves.
 */
export function localSearch(state: SolutionState, nb: Neighbours, rng: Rng, stop: Stopping, ops?: Operator[]): number {
  const inst = state.inst;
  const operators = (ops ?? createOperators()).filter((o) => o.supports(inst));
  const order: number[] = [];
  for (let t = 0; t < inst.nTasks; t++) if (inst.taskKind[t] !== KIND_BREAK) order.push(t);
  rng.shuffle(order);
  let moves = 0;
  let improved = true;
  const eps = 1e-7 * Math.max(1, inst.maxArcCost);
  while (improved) {
    improved = false;
    if (stop.done(0)) break;
    for (const u of order) {
      if (state.taskRoute[u]! < 0) continue;
      for (let i = 0; i < nb.k; i++) {
        const v = nb.list[u * nb.k + i]!;
        if (v < 0) break;
        if (state.taskRoute[v]! < 0 || state.taskRoute[u]! < 0) continue;
        for (const op of operators) {
          if (op.evaluate(state, u, v) < -eps) {
            op.apply(state);
            moves++;
            improved = true;
            break;
          }
        }
      }
    }
  }
  return moves;
}
