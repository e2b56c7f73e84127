/** Thrown for malformed input only; infeasibility is reported in `Solution.unassigned`. */
export class InvalidProblemError extends Error {
  readonly code = "INVALID_PROBLEM";
  /** Path of the offending field, e.g. `jobs[3].timeWindows[0]`. */
  readonly field: string;

  constructor(field: string, message: string) {
    super(`${field}: ${message}`);
    this.name = "InvalidProblemError";
    this.field = field;
  }
}

/** Thrown when an internal invariant is broken (a bug, never bad input). */
export class SolverInvariantError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SolverInvariantError";
  }
}
