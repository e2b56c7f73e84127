import type { Rng } from "../../util/rng";
import type { Cvrp } from "./cvrp";
import type { Individual, Penalties } from "./individual";

/** HGS's population parameters (Vidal 2022, table 1; sizes chosen for short budgets, below). */
export interface PopulationParams {
  /** Minimum sub-population size. */
  mu: number;
  /** Generation size: a sub-population is culled back to mu when it reaches mu + lambda. */
  lambda: number;
  /** Elite individuals protected by the biased fitness. */
  nbElite: number;
  /** Closest individuals averaged in the diversity contribution. */
  nbClose: number;
  /** Target share of feasible local-search results, steering the penalty. */
  targetFeasible: number;
}

/**
 * HGS uses μ = 25 and λ = 40 for runs of minutes. RoutePilot's budgets are seconds (the planner's
 * default is 1 s; the benchmarks' 0.2–10 s), where a smaller population converges in the few
 * thousand generations there is time for. Measured (one thread, `npm run bench`):
 * μ 25 / λ 40 → μ 12 / λ 20: A/B/P at 0.2 s over seeds 1–3 0.11/0.13/0.08 → 0.06/0.08/0.01 %;
 * 8 X instances (n 105–297) at 10 s 0.79 → 0.46 % (μ 8 / λ 15: 0.54 %).
 */
export const DEFAULT_POPULATION: PopulationParams = { mu: 12, lambda: 20, nbElite: 4, nbClose: 5, targetFeasible: 0.2 };

/**
 * Feasible and infeasible sub-populations sorted by penalised cost, culled by biased fitness
 * (cost rank plus diversity rank, the broken-pairs distance to the closest members), with clones
 * removed first; binary tournaments on biased fitness choose parents.
 */
export class Population {
  readonly feasible: Individual[] = [];
  readonly infeasible: Individual[] = [];
  /** Load feasibility and time-warp feasibility of the last 100 local-search results (1/0). */
  private readonly history: number[] = [];
  private readonly warpHistory: number[] = [];
  best: Individual | null = null;

  constructor(
    private readonly cvrp: Cvrp,
    readonly params: PopulationParams,
  ) {}

  /** Adds a copy owner (the caller keeps `ind`); returns true when it is a new best feasible solution. */
  add(ind: Individual, recordFeasibility: boolean, copy: (ind: Individual) => Individual): boolean {
    if (recordFeasibility) {
      this.history.push(ind.excess < 1e-9 ? 1 : 0);
      if (this.history.length > 100) this.history.shift();
      if (this.cvrp.tw) {
        this.warpHistory.push(ind.warp < 1e-9 ? 1 : 0);
        if (this.warpHistory.length > 100) this.warpHistory.shift();
      }
    }
    const sub = ind.feasible ? this.feasible : this.infeasible;
    const me = copy(ind);
    const n = this.cvrp.n;
    for (const other of sub) {
      const dist = me.brokenPairs(other, n);
      insertSorted(other.proximity, dist, me);
      insertSorted(me.proximity, dist, other);
    }
    let at = sub.length;
    while (at > 0 && sub[at - 1]!.penalised > me.penalised) at--;
    sub.splice(at, 0, me);
    const { mu, lambda } = this.params;
    if (sub.length >= mu + lambda) while (sub.length > mu) this.removeWorst(sub);
    if (me.feasible && (this.best === null || me.penalised < this.best.penalised - 1e-9)) {
      this.best = copy(me);
      return true;
    }
    return false;
  }

  /** Share of results within capacity among the last 100 (0.5 with no history yet). */
  feasibleShare(): number {
    return share(this.history);
  }

  /** Share of results without time warp among the last 100 (0.5 with no history yet). */
  warpFeasibleShare(): number {
    return share(this.warpHistory);
  }

  /** Re-prices the infeasible sub-population after a penalty change and re-sorts it. */
  repriceInfeasible(pen: Penalties): void {
    for (const ind of this.infeasible) ind.penalised = ind.priced(pen);
    this.infeasible.sort((a, b) => a.penalised - b.penalised);
  }

  /** Binary tournament over both sub-populations on biased fitness. */
  tournament(rng: Rng): Individual {
    this.updateBiasedFitness(this.feasible);
    this.updateBiasedFitness(this.infeasible);
    const total = this.feasible.length + this.infeasible.length;
    const pick = (): Individual => {
      const i = rng.int(total);
      return i < this.feasible.length ? this.feasible[i]! : this.infeasible[i - this.feasible.length]!;
    };
    const a = pick();
    const b = pick();
    return a.biasedFitness < b.biasedFitness ? a : b;
  }

  size(): number {
    return this.feasible.length + this.infeasible.length;
  }

  clear(): void {
    this.feasible.length = 0;
    this.infeasible.length = 0;
    this.history.length = 0;
  }

  private updateBiasedFitness(sub: Individual[]): void {
    const size = sub.length;
    if (size === 0) return;
    if (size === 1) {
      sub[0]!.biasedFitness = 0;
      return;
    }
    const { nbClose, nbElite } = this.params;
    // Rank by diversity contribution, most diverse first.
    const ranking = sub.map((ind, i) => ({ div: -ind.closeness(nbClose), i }));
    ranking.sort((a, b) => a.div - b.div || a.i - b.i);
    for (let k = 0; k < size; k++) {
      const divRank = k / (size - 1);
      const fitRank = ranking[k]!.i / (size - 1);
      const ind = sub[ranking[k]!.i]!;
      ind.biasedFitness = size <= nbElite ? fitRank : fitRank + (1 - nbElite / size) * divRank;
    }
  }

  private removeWorst(sub: Individual[]): void {
    this.updateBiasedFitness(sub);
    let worst = 1;
    let worstClone = false;
    let worstFit = -Infinity;
    for (let i = 1; i < sub.length; i++) {
      const ind = sub[i]!;
      const clone = ind.closeness(1) < 1e-9;
      if ((clone && !worstClone) || (clone === worstClone && ind.biasedFitness > worstFit)) {
        worst = i;
        worstClone = clone;
        worstFit = ind.biasedFitness;
      }
    }
    const gone = sub[worst]!;
    sub.splice(worst, 1);
    for (const other of sub) {
      const p = other.proximity;
      for (let k = 0; k < p.length; k++) {
        if (p[k]!.other === gone) {
          p.splice(k, 1);
          break;
        }
      }
    }
  }
}

function insertSorted(list: { dist: number; other: Individual }[], dist: number, other: Individual): void {
  let at = list.length;
  while (at > 0 && list[at - 1]!.dist > dist) at--;
  list.splice(at, 0, { dist, other });
}

function share(history: number[]): number {
  if (history.length === 0) return 0.5;
  let s = 0;
  for (const h of history) s += h;
  return s / history.length;
}
