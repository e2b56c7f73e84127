import type { SolutionState } from "../../core/solution-state";
import type { Instance } from "../../model/instance";

/**
 * Contract of a local-search move (CONVENTIONS rule 2): `evaluate` looks at moves that bring
 * task u next to its neighbour v and returns the best cost delta (negative = improvement),
 * remembering that move; `apply` performs the remembered move. Evaluation allocates nothing.
 */
export interface Operator {
  readonly name: string;
  supports(inst: Instance): boolean;
  evaluate(state: SolutionState, u: number, v: number): number;
  apply(state: SolutionState): void;
}

/** Positions helper: route tasks a..b (1-based, inclusive), optionally reversed. */
export function slice(tasks: readonly number[], a: number, b: number, reversed = false): number[] {
  if (b < a) return [];
  const out = tasks.slice(a - 1, b);
  return reversed ? out.reverse() : out;
}
