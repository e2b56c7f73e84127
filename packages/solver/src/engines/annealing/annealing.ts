import { fitsSomeVehicleAlone } from "../../core/explain-unassigned";
import type { Assignment, SolutionState } from "../../core/solution-state";
import type { Instance } from "../../model/instance";
import type { SolveOptions, Tuning } from "../../model/types";
import { localSearch } from "../../search/local-search";
import { buildNeighbours } from "../../search/neighbours";
import { DEFAULT_RUIN, recreate, ruinRoute, ruinSmallestRoute, ruinStrings } from "../../search/ruin-recreate";
import { capacityRepair, savingsApplies, savingsConstruction } from "../../search/savings";
import { createOperators } from "../../search/operators/registry";
import { SwapStar } from "../../search/operators/swap-star";
import type { Stopping } from "../../search/stopping";
import type { Rng } from "../../util/rng";

/** Share of a time budget after which the search stops and polishes its best solution. */
const FINAL_POLISH_SHARE = 0.99;
/**
 * min_vehicles: share of the time budget given to fleet minimisation (SISR's: the smallest route's
 * requests are left out and the fleet closed one route below the best; the search works them back
 * in under the absences rule). The rest minimises travel with the fewest routes found.
 */
const FLEET_MINIMISATION_SHARE = 0.5;
/** min_vehicles: share of the time budget after which one attempt at a route fewer gives up. */
const FLEET_ATTEMPT_SHARE = 0.15;

/** The annealing search's parameters (the other engines use `neighbours` for their first solution). */
export const DEFAULT_TUNING: Tuning = {
  startTemperature: 1,
  finalTemperature: 0.01,
  averageRemoved: DEFAULT_RUIN.cBar,
  maxStringLength: DEFAULT_RUIN.lMax,
  blinkRate: DEFAULT_RUIN.blink,
  neighbours: 40,
  localSearchOnBest: true,
  routeRemovalRate: 0.02,
  initialSolutions: 1,
  engine: "auto",
};

/** Travel and fixed costs of the routes, without the implicit min_vehicles and balance terms. */
function travelCost(state: SolutionState): number {
  const inst = state.inst;
  if (inst.mode === "min_time") return state.routeCost();
  let c = 0;
  for (const r of state.routes) c += r.fCost[r.tasks.length + 1]! + (r.stops > 0 ? inst.vFixed[r.v]! : 0);
  return c;
}

/**
 * The annealing engine: every problem the other engines do not take (shipments, breaks, several
 * windows, heterogeneous fleets, skills, route limits, open routes, priorities, fixed costs,
 * multi-trip, min_vehicles, balance). A first solution (savings where they apply, else cheapest
 * insertion), then SISR ruin-and-recreate (Christiaens & Vanden Berghe 2020) under simulated
 * annealing with local search on new bests, SISR's fleet minimisation for min_vehicles, and a
 * final polish with every operator.
 */
export function annealingEngine(inst: Instance, state: SolutionState, rng: Rng, stop: Stopping, options: SolveOptions): number {
  for (let v = 0; v < inst.nVehicles; v++) if (inst.vBreaks[v]!.length > 0) state.setRoute(v, inst.vBreaks[v]!.slice());
  const all: number[] = [];
  for (let q = 0; q < inst.nRequests; q++) all.push(q);
  const tuning: Tuning = { ...DEFAULT_TUNING, ...options.tuning };
  const nb = buildNeighbours(inst, tuning.neighbours);
  if (savingsApplies(inst)) {
    recreate(state, savingsConstruction(state, nb), rng, 0, null);
    // Capacity nearly all needed (P-n55-k15: 99 %): gather the free room until the left-out fit.
    if (state.unassignedRequests().length > 0) capacityRepair(state, rng);
  } else recreate(state, all, rng, 0, null);
  let bestCost = state.totalCost();
  const report = (iteration: number): void => {
    options.onProgress?.({ iteration, elapsedMs: stop.elapsedMs(), bestCost, unassigned: state.unassignedRequests().length });
  };
  report(0);
  localSearch(state, nb, rng, stop);
  let current = state.totalCost();
  let best: Assignment = state.snapshot();
  // Multi-start: a few more random-order constructions + local search; keep the best start.
  const starts = inst.nTasks <= 300 ? tuning.initialSolutions : 1;
  for (let k = 1; k < starts && !stop.done(0); k++) {
    for (let v = 0; v < inst.nVehicles; v++) state.setRoute(v, inst.vBreaks[v]!.slice());
    recreate(state, all.slice(), rng, 0, null);
    localSearch(state, nb, rng, stop);
    const c = state.totalCost();
    if (c < current) {
      current = c;
      best = state.snapshot();
    }
  }
  state.restore(best);
  if (current < bestCost) {
    bestCost = current;
    report(0);
  }
  // Routes changed by accepted iterations since the last local search (indexed by vehicle).
  const dirty = new Set<number>();
  const lsSpacing = Math.max(1, Math.round(inst.nTasks / 50));
  let lastLocalSearch = -Infinity;
  let assignedTasks = 0;
  for (const r of state.routes) assignedTasks += r.tasks.length;
  const avgArc = Math.max(1e-9, travelCost(state) / Math.max(1, assignedTasks + inst.nVehicles));
  const t0 = tuning.startTemperature * avgArc;
  const tf = Math.min(t0, tuning.finalTemperature * avgArc);
  const params = { ...DEFAULT_RUIN, cBar: tuning.averageRemoved, lMax: tuning.maxStringLength, blink: tuning.blinkRate };
  let it = 0;
  const saved = new Map<number, number[]>();
  // absences[q]: how many iterations request q ended unassigned (SISR fleet-minimisation idea).
  const absences = new Int32Array(inst.nRequests);
  // insertable[q]: some vehicle can serve q alone; others are left out of the fleet rule.
  const insertable = new Uint8Array(inst.nRequests);
  let neverInsertable = 0;
  for (let q = 0; q < inst.nRequests; q++) {
    insertable[q] = fitsSomeVehicleAlone(inst, q) ? 1 : 0;
    neverInsertable += 1 - insertable[q]!;
  }
  // The requests left out that some vehicle could serve (all assigned: no scan, the usual case).
  const leftOut = (): number[] =>
    neverInsertable > 0 || state.assigned < inst.nRequests ? state.unassignedRequests().filter((q) => insertable[q]) : [];
  // Fleet minimisation (min_vehicles): close the fleet one route below the best solution's and
  // leave the smallest route's requests out; each time every request is back in, again.
  let reducing = false;
  // Progress at which the travel phase began: its annealing schedule starts over from there.
  let phaseStart = 0;
  let attemptStart = 0;
  const startReduction = (): void => {
    const k = state.usedRoutes();
    reducing = k >= 2 && inst.mode === "min_vehicles" && phaseStart === 0 && leftOut().length === 0 && !stop.done(it, FLEET_MINIMISATION_SHARE);
    if (!reducing) return;
    attemptStart = stop.progress(it);
    state.routeCap = k - 1;
    saved.clear();
    ruinSmallestRoute(state, rng, saved);
    absences.fill(0);
    current = state.totalCost();
  };
  const endReduction = (): void => {
    reducing = false;
    phaseStart = Math.min(0.99, stop.progress(it));
    state.routeCap = Infinity;
    state.restore(best);
    current = bestCost;
  };
  startReduction();
  // The last 1 % of a time budget polishes the best solution with a full local search (below).
  while (!stop.done(it, FINAL_POLISH_SHARE)) {
    if (reducing && (stop.done(it, FLEET_MINIMISATION_SHARE) || stop.progress(it) - attemptStart > FLEET_ATTEMPT_SHARE)) endReduction();
    it++;
    saved.clear();
    const unassigned = leftOut();
    const removed =
      rng.next() < tuning.routeRemovalRate ? ruinRoute(state, rng, saved) : ruinStrings(state, rng, nb, params, saved, unassigned);
    const reqs = new Set(removed);
    for (const q of unassigned) reqs.add(q);
    recreate(state, [...reqs], rng, params.blink, saved, unassigned.length > 0 ? absences : null);
    const after = leftOut();
    for (const q of after) absences[q]!++;
    const cost = state.totalCost();
    const temp = t0 * Math.pow(tf / t0, Math.max(0, (stop.progress(it) - phaseStart) / (1 - phaseStart)));
    // With unassigned requests, SISR's fleet-minimisation rule: fewer unassigned wins; at equal
    // count, a lower sum of absences (the leftovers are easier ones) or else annealing on cost.
    let accept: boolean;
    if (after.length !== unassigned.length) accept = after.length < unassigned.length || cost < current;
    else if (after.length > 0) {
      const sa = sumAbsences(absences, after);
      const sc = sumAbsences(absences, unassigned);
      accept = sa < sc || cost < current - temp * Math.log(rng.next() + 1e-300);
    } else accept = cost < current - temp * Math.log(rng.next() + 1e-300);
    if (accept) {
      current = cost;
      for (const v of saved.keys()) dirty.add(v);
      if (cost < bestCost - 1e-9) {
        // Large instances find new bests almost every iteration early on: space the local searches out.
        if (tuning.localSearchOnBest && it - lastLocalSearch >= lsSpacing) {
          lastLocalSearch = it;
          localSearch(state, nb, rng, stop, undefined, dirty);
          dirty.clear();
          current = state.totalCost();
        }
        bestCost = current;
        best = state.snapshot();
        report(it);
        if (leftOut().length === 0) startReduction();
      }
    } else {
      for (const [v, tasks] of saved) state.setRoute(v, tasks);
    }
  }
  state.restore(best);
  // New bests found within lsSpacing iterations of a local search were kept without one. The
  // polish rescans every task, with SWAP* too where it applies (too slow per move for the loop).
  if (tuning.localSearchOnBest && !stop.done(it)) {
    state.lsTested.fill(-1);
    localSearch(state, nb, rng, stop, [...createOperators(), new SwapStar()]);
    if (state.totalCost() < bestCost - 1e-9) {
      bestCost = state.totalCost();
      report(it);
    } else state.restore(best);
  }
  return it;
}

function sumAbsences(absences: Int32Array, reqs: readonly number[]): number {
  let s = 0;
  for (const q of reqs) s += absences[q]!;
  return s;
}

