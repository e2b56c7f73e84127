import { compileProblem } from "../model/instance";
import { InvalidProblemError } from "../model/errors";
import type { Problem, RouteSolution } from "../model/types";
import { buildRouteSolution } from "./schedule";

/**
 * The engine's schedule for jobs served in a given order by one vehicle, without searching:
 * arrival, waiting (time windows), service and departure per step, cumulative travel time and
 * distance, and the end. The same schedule `solve` reports, for an order the caller chose
 * (a dragged list, a typed order). An unreachable leg shows as an infinite travel time.
 * Throws InvalidProblemError for a malformed problem or an unknown or repeated job id.
 */
export function scheduleRoute(problem: Problem, jobIds: readonly number[], vehicleIndex = 0): RouteSolution {
  const inst = compileProblem(problem);
  if (vehicleIndex < 0 || vehicleIndex >= inst.nVehicles) throw new InvalidProblemError("vehicleIndex", `no vehicle at index ${vehicleIndex}`);
  // Jobs are compiled first, in their order in `problem.jobs`: task index = job position.
  const taskOf = new Map((problem.jobs ?? []).map((job, t) => [job.id, t]));
  const seen = new Set<number>();
  const tasks = jobIds.map((id) => {
    const t = taskOf.get(id);
    if (t === undefined || seen.has(id)) throw new InvalidProblemError("jobIds", `job ${id} is unknown or listed twice`);
    seen.add(id);
    return t;
  });
  return buildRouteSolution(inst, vehicleIndex, tasks);
}
