import type { Stopping } from "../../search/stopping";

/**
 * What the driver needs of a tour search. ArrayTour provides it; its subclasses bring what
 * differs between the symmetric and the asymmetric TSP (start tour, moves, kick segments).
 */
export interface KickedSearch {
  /** Cost of the current tour, kept up to date by every move. */
  cost: number;
  /** Smallest cost change that counts as an improvement. */
  readonly eps: number;
  initialTour(): void;
  /** Improves around every node until no move improves. */
  optimiseAll(): void;
  /** Improves around the queued nodes until the queue is empty. */
  optimiseQueue(): void;
  /** Perturbs the tour, queueing the nodes it touched. */
  kick(): void;
  /** Starts recording moves for `undo`. */
  startLog(): void;
  /** Restores the tour as it was at `startLog` (the caller restores `cost`). */
  undo(): void;
}

/**
 * The iterated local search of both TSP solvers: start tour, local search from every node, then
 * until `stop` says done: kick, local search around the kick, keep the result when not worse
 * (so the current tour is always the best one), else undo it from the move log — O(changed
 * positions), not O(n). `onImprove` hears the first local optimum, every 256th iteration that
 * improved, and the final cost. Returns the number of kicks (iterations).
 */
export function iteratedLocalSearch(
  search: KickedSearch,
  stop: Stopping,
  onImprove?: (cost: number, iteration: number) => void,
): number {
  search.initialTour();
  search.optimiseAll();
  onImprove?.(search.cost, 0);
  let it = 0;
  while (!stop.done(it)) {
    it++;
    search.startLog();
    const before = search.cost;
    search.kick();
    search.optimiseQueue();
    if (search.cost <= before + search.eps) {
      if (search.cost < before - search.eps && (it & 255) === 0) onImprove?.(search.cost, it);
    } else {
      search.undo();
      search.cost = before;
    }
  }
  onImprove?.(search.cost, it);
  return it;
}
