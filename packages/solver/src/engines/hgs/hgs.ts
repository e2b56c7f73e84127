import type { SolutionState } from "../../core/solution-state";
import type { ProgressEvent } from "../../model/types";
import type { Stopping } from "../../search/stopping";
import type { Rng } from "../../util/rng";
import type { Cvrp } from "./cvrp";
import { Individual, type Penalties } from "./individual";
import { HgsLocalSearch } from "./local-search";
import { DEFAULT_POPULATION, Population } from "./population";
import { Splitter } from "./split";

/** Iterations without a new best before the population restarts (HGS: 20,000). */
const NO_IMPROVEMENT = 20000;
/** Iterations between penalty adjustments, and its factors and bounds (HGS). */
const PENALTY_PERIOD = 100;
const PENALTY_UP = 1.2;
const PENALTY_DOWN = 0.85;
const PENALTY_MIN = 0.1;
const PENALTY_MAX = 100000;
/**
 * First price of a time unit of time warp, in cost units (travel times are the costs, so it is a
 * ratio). Solomon, one seed (the rule above then steers it): 1 → 0.29 % at 2 s and 0.57 % at 1 s;
 * 3 → 0.28 % at 2 s; 10 → 0.30 % at 2 s and 0.46 % at 1 s; 30 → 0.30 % at 2 s.
 */
const WARP_PENALTY = 10;
/** Repair: an infeasible result is searched again at this multiple of the penalty, half the time. */
const REPAIR_FACTOR = 10;

/**
 * Hybrid genetic search for the plain CVRP (Vidal, "Hybrid genetic search for the CVRP: open-source
 * implementation and SWAP* neighborhood", 2022): giant-tour individuals split into routes, each
 * child of an ordered crossover improved by a local search that prices overloads, infeasible
 * results repaired half the time under a tenfold penalty, the penalty steered towards 20 %
 * feasible results, and a population culled on cost and diversity. `seed`, when given, joins the
 * first population (the caller's constructed solution). Writes the best feasible solution into
 * `state` and returns the number of individuals educated (the iteration count); returns -1 when
 * no feasible solution was found, leaving `state` untouched.
 */
export function hybridGeneticSearch(
  cvrp: Cvrp,
  state: SolutionState,
  rng: Rng,
  stop: Stopping,
  seed: number[][] | null,
  onProgress?: (event: ProgressEvent) => void,
): number {
  const params = DEFAULT_POPULATION;
  const n = cvrp.n;
  const pen: Penalties = { load: Math.max(PENALTY_MIN, Math.min(1000, cvrp.maxCost / Math.max(1e-9, cvrp.maxDemand))), warp: WARP_PENALTY };
  const splitter = new Splitter(cvrp);
  const ls = new HgsLocalSearch(cvrp);
  const pop = new Population(cvrp, params);
  const copy = (ind: Individual): Individual => copyIndividual(cvrp, ind);
  let it = 0;
  const report = (): void => {
    onProgress?.({ iteration: it, elapsedMs: stop.elapsedMs(), bestCost: pop.best!.distance, unassigned: 0 });
  };
  /** Local search, population entry, and the repair of an infeasible result; true on a new best. */
  const educate = (ind: Individual): boolean => {
    ls.run(ind, pen, rng);
    let isBest = pop.add(ind, true, copy);
    if (!ind.feasible && rng.int(2) === 0) {
      ls.run(ind, { load: pen.load * REPAIR_FACTOR, warp: pen.warp * REPAIR_FACTOR }, rng);
      if (ind.feasible) isBest = pop.add(ind, false, copy) || isBest;
    }
    if (isBest) report();
    return isBest;
  };
  const work = new Individual(cvrp);
  const initial = (): void => {
    if (seed) {
      for (let r = 0; r < cvrp.vehicles; r++) work.routes[r] = (seed[r] ?? []).slice();
      work.evaluate(cvrp, pen);
      it++;
      // With windows the seed also joins as it is: the local search may trade its slack for
      // distance (on Solomon's R1 the educated seed often came back late, and no feasible child
      // followed within 2 s). CVRPs keep the measured behaviour of decision 015.
      if (cvrp.tw && work.feasible) pop.add(work, false, copy);
      educate(work);
    }
    // μ random individuals, as PyVRP does (HGS-CVRP: 4μ). At VROOM's 0.2 s budgets, 4μ took half
    // of the run on 60-customer CVRPs; A/B/P at 0.2 s over seeds 1–3 (μ = 25): 0.12/0.15/0.14 %
    // with μ against 0.21/0.21/0.19 % with 4μ. X at 10 s on 8 instances: within one seed's noise.
    const size = params.mu;
    for (let k = 0; k < size && !stop.done(it); k++) {
      for (let i = 0; i < n; i++) work.tour[i] = i + 1;
      rng.shuffle(work.tour);
      splitter.split(work, pen);
      it++;
      educate(work);
    }
  };
  initial();
  let noImprovement = 0;
  const used = new Uint8Array(n + 1);
  while (!stop.done(it)) {
    if (pop.size() < 2) {
      // Budget ran out during the first population except for a member or two: start another.
      initial();
      continue;
    }
    it++;
    crossoverOX(work, pop.tournament(rng), pop.tournament(rng), rng, used);
    splitter.split(work, pen);
    if (educate(work)) noImprovement = 0;
    else noImprovement++;
    if (it % PENALTY_PERIOD === 0) {
      pen.load = adjusted(pen.load, pop.feasibleShare(), params.targetFeasible);
      if (cvrp.tw) pen.warp = adjusted(pen.warp, pop.warpFeasibleShare(), params.targetFeasible);
      pop.repriceInfeasible(pen);
    }
    if (noImprovement >= NO_IMPROVEMENT) {
      // Restart (HGS): a new population; the best solution so far is kept aside.
      pop.clear();
      noImprovement = 0;
      seed = null;
      initial();
    }
  }
  const best = pop.best;
  if (!best) return -1;
  for (let v = 0; v < state.routes.length; v++) {
    const route = v < best.routes.length ? best.routes[v]! : [];
    const tasks = route.map((c) => cvrp.task[c]!);
    state.setRoute(v, tasks);
  }
  return it;
}

/** HGS's penalty rule: up when too few results meet the constraint, down when too many do. */
function adjusted(penalty: number, share: number, target: number): number {
  if (share < target - 0.05 && penalty < PENALTY_MAX) return Math.min(penalty * PENALTY_UP, PENALTY_MAX);
  if (share > target + 0.05 && penalty > PENALTY_MIN) return Math.max(penalty * PENALTY_DOWN, PENALTY_MIN);
  return penalty;
}

/** Ordered crossover (OX) on giant tours: a random slice of parent a, the rest in parent b's order. */
function crossoverOX(child: Individual, a: Individual, b: Individual, rng: Rng, used: Uint8Array): void {
  const n = a.tour.length;
  used.fill(0);
  const start = rng.int(n);
  let end = rng.int(n);
  while (end === start && n > 1) end = rng.int(n);
  let j = start;
  while (j % n !== (end + 1) % n) {
    const c = a.tour[j % n]!;
    child.tour[j % n] = c;
    used[c] = 1;
    j++;
  }
  for (let i = 1; i <= n; i++) {
    const c = b.tour[(end + i) % n]!;
    if (used[c]) continue;
    child.tour[j % n] = c;
    j++;
  }
}

function copyIndividual(cvrp: Cvrp, ind: Individual): Individual {
  const out = new Individual(cvrp);
  out.tour.set(ind.tour);
  for (let r = 0; r < ind.routes.length; r++) out.routes[r] = ind.routes[r]!.slice();
  out.succ.set(ind.succ);
  out.pred.set(ind.pred);
  out.distance = ind.distance;
  out.excess = ind.excess;
  out.warp = ind.warp;
  out.nbRoutes = ind.nbRoutes;
  out.penalised = ind.penalised;
  out.feasible = ind.feasible;
  return out;
}
