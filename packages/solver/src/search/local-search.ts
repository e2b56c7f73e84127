import type { SolutionState } from "../core/solution-state";
import { isVehicleTask } from "../model/instance";
import type { Rng } from "../util/rng";
import type { Neighbours } from "./neighbours";
import { createOperators } from "./operators/registry";
import type { Operator } from "./operators/operator";
import type { Stopping } from "./stopping";

/**
 * Granular first-improvement local search: for each task u (random order) and each of its
 * neighbours v, tries every operator and applies the first improving move. Repeats until
 * no operator improves or the time budget is spent. With `onlyRoutes`, only tasks of those
 * routes are scanned (their moves may still reach other routes). Returns the number of applied moves.
 */
export function localSearch(
  state: SolutionState,
  nb: Neighbours,
  rng: Rng,
  stop: Stopping,
  ops?: Operator[],
  onlyRoutes?: ReadonlySet<number>,
): number {
  const inst = state.inst;
  const operators = (ops ?? createOperators()).filter((o) => o.supports(inst));
  const order: number[] = [];
  if (onlyRoutes) {
    for (const v of onlyRoutes) for (const t of state.routes[v]!.tasks) if (!isVehicleTask(inst.taskKind[t])) order.push(t);
  } else {
    for (let t = 0; t < inst.nTasks; t++) if (!isVehicleTask(inst.taskKind[t])) order.push(t);
  }
  rng.shuffle(order);
  let moves = 0;
  let improved = true;
  const eps = 1e-7 * Math.max(1, inst.maxArcCost);
  while (improved) {
    improved = false;
    if (stop.done(0)) break;
    let checked = 0;
    for (const u of order) {
      if ((++checked & 63) === 0 && stop.done(0)) return moves;
      if (state.taskRoute[u]! < 0) continue;
      // Skip pairs whose two routes are unchanged since u was last scanned (their moves were already rejected).
      const testedAt = state.lsTested[u]!;
      state.lsTested[u] = state.modCounter;
      for (let i = 0; i < nb.k; i++) {
        const v = nb.list[u * nb.k + i]!;
        if (v < 0) break;
        const ru = state.taskRoute[u]!;
        const rv = state.taskRoute[v]!;
        if (rv < 0 || ru < 0) continue;
        if (state.routeModified[ru]! <= testedAt && state.routeModified[rv]! <= testedAt) continue;
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
