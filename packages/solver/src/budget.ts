/**
 * The engine's default time budget for a problem of `tasks` tasks (jobs + shipment steps) when the
 * caller sets none (`POST /api/v1/optimize` without `options.time_limit`): 100 ms + 8 ms a task,
 * at most 900 ms, so that an answer of up to 200 tasks leaves within 1 s with the request's own
 * work. Chosen on the literature sets (solver README, "API default"): at this budget the engine's
 * mean gaps on Li & Lim, Solomon and CVRPLIB are at or below VROOM 1.14's recorded `-x 5 -t 2`
 * answers.
 */
export function defaultTimeLimitMs(tasks: number): number {
  return Math.min(900, 100 + 8 * Math.max(0, tasks));
}
