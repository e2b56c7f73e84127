import type { SolutionState } from "../../core/solution-state";
import type { Instance } from "../../model/instance";
import type { SolveOptions } from "../../model/types";
import { localSearch } from "../../search/local-search";
import { buildNeighbours } from "../../search/neighbours";
import { recreate } from "../../search/ruin-recreate";
import { capacityRepair, savingsConstruction } from "../../search/savings";
import type { Stopping } from "../../search/stopping";
import type { Rng } from "../../util/rng";
import { DEFAULT_TUNING } from "../annealing/annealing";
import { withNeighbours, type Cvrp } from "./cvrp";
import { hybridGeneticSearch } from "./hgs";

/**
 * The plain CVRP: savings, capacity repair and a local search give a feasible first solution
 * (the seed of the first population), then the hybrid genetic search. Null, with `state` emptied,
 * when the construction leaves requests out (a fleet too small for them): the annealing search
 * handles partial solutions.
 */
export function geneticEngine(inst: Instance, cvrp: Cvrp, state: SolutionState, rng: Rng, stop: Stopping, options: SolveOptions): number | null {
  const nb = buildNeighbours(inst, DEFAULT_TUNING.neighbours);
  recreate(state, savingsConstruction(state, nb), rng, 0, null);
  if (state.assigned < inst.nRequests) capacityRepair(state, rng);
  if (state.assigned < inst.nRequests) {
    for (let v = 0; v < inst.nVehicles; v++) if (state.routes[v]!.tasks.length > 0) state.setRoute(v, []);
    return null;
  }
  localSearch(state, nb, rng, stop);
  const used = state.routes.filter((r) => r.tasks.length > 0).map((r) => r.tasks.map((t) => t + 1));
  const seed = used.length <= cvrp.vehicles ? used : null;
  const onProgress = options.onProgress;
  onProgress?.({ iteration: 0, elapsedMs: stop.elapsedMs(), bestCost: state.totalCost(), unassigned: 0 });
  const it = hybridGeneticSearch(withNeighbours(cvrp, nb), state, rng, stop, seed, onProgress);
  return Math.max(0, it);
}

