export type * from "./model/types";
export { InvalidProblemError, SolverInvariantError } from "./model/errors";
export { requireValidProblem } from "./model/require-valid-problem";
export { validateSolution, type SolutionCheck } from "./check/validate-solution";
export { solve } from "./solve";
export { Rng } from "./util/rng";
