import type { planRouteSchema } from "@routepilot/contracts";
import type { z } from "zod";

/** A plan's route (problem.ts's PlanRoute, read from the contract here so that problem.ts may import this file). */
type PlanRoute = z.infer<typeof planRouteSchema>;

/**
 * No avoidable waiting (issue 25). A schedule built from the start of the shift waits wherever it
 * reaches a window before it opens (a van leaving at 07:35 to stand at its first stop until
 * 09:00). The route can leave later by its forward time slack (Savelsbergh, 1992): the least, over
 * its stops and breaks in order, of the waiting up to and including each one plus how much later
 * that one could still start inside the window it starts in. We also stop at the total waiting of
 * the route, so the return time never moves: leaving later only removes waiting, it does not push
 * the day on. A stop or break already late (soft window) has no slack, so lateness never grows;
 * the shift's start is kept because we only leave later, its end because the return does not move.
 *
 * The solver is untouched: this re-times a schedule after the fact, the same way for the engine's
 * routes (toPlanResult) and for routes recomputed after a manual edit (scheduleVehicleRoute).
 */

/** A window as seconds of the plan's day, [open, close]. */
export type SecondsWindow = readonly [number, number];

/** One stop, break or reload of a route in the order it is done, in seconds of the plan's day. */
export interface TimedActivity {
  kind: "stop" | "break" | "reload";
  /** Its index in the route's `stops`, `breaks` or `reloads`. */
  index: number;
  /** Idle time just before it starts (waiting for its window). */
  waiting: number;
  /** When it starts (a stop's service, a break's rest). */
  start: number;
  /** The latest start that breaks nothing (latestStart). */
  latest: number;
}

/**
 * The latest start of an activity that became ready at `ready` and starts at `start` under
 * `windows` (the first window not closed at `ready` is the one used, as the engine and the checker
 * both do): that window's close; no limit without windows; `start` itself when it is already late.
 */
export function latestStart(windows: readonly SecondsWindow[], ready: number, start: number): number {
  if (windows.length === 0) return Number.POSITIVE_INFINITY;
  const used = windows.find((w) => ready <= w[1]);
  return used && start <= used[1] ? used[1] : start;
}

/** How many seconds later the route can leave: its forward time slack, at most its total waiting. */
export function departureSlack(activities: readonly TimedActivity[]): number {
  let waited = 0;
  let slack = Number.POSITIVE_INFINITY;
  for (const a of activities) {
    waited += Math.max(0, a.waiting);
    slack = Math.min(slack, waited + Math.max(0, a.latest - a.start));
  }
  return Math.max(0, Math.min(slack, waited));
}

const later = (iso: string, seconds: number) => (seconds === 0 ? iso : new Date(Date.parse(`${iso}Z`) + Math.round(seconds) * 1000).toISOString().slice(0, 19));

/**
 * `route` leaving departureSlack(activities) later: the start, then each stop, break and reload until the
 * waiting has absorbed the delay (arrival, waiting, departure; a break's start and end). The
 * return, the distance and the driving are unchanged; waiting and duration drop by the delay (from
 * the first stop for a route without a start place), and `costOf` prices the new duration.
 * `activities` must list every stop, break and reload of `route` in the order done. Returns a new route.
 */
export function leaveLater(route: PlanRoute, activities: readonly TimedActivity[], costOf: (durationSeconds: number) => number): PlanRoute {
  const delay = departureSlack(activities);
  if (delay <= 0) return route;
  const stops = route.stops.map((s) => ({ ...s }));
  const breaks = route.breaks.map((b) => ({ ...b }));
  const reloads = route.reloads.map((r) => ({ ...r }));
  let push = delay;
  for (const a of activities) {
    const reached = push;
    push = Math.max(0, push - Math.max(0, a.waiting));
    if (a.kind === "stop") {
      const stop = stops[a.index] as PlanRoute["stops"][number];
      stop.arrival = later(stop.arrival, reached);
      stop.waitingSeconds = Math.max(0, stop.waitingSeconds - (reached - push));
      stop.departure = later(stop.departure, push);
    } else if (a.kind === "reload") {
      const reload = reloads[a.index] as PlanRoute["reloads"][number];
      reload.arrival = later(reload.arrival, reached);
      reload.waitingSeconds = Math.max(0, reload.waitingSeconds - (reached - push));
      reload.departure = later(reload.departure, push);
    } else {
      const rest = breaks[a.index] as PlanRoute["breaks"][number];
      rest.start = later(rest.start, push);
      rest.end = later(rest.end, push);
    }
  }
  // Without a start place the route begins on reaching its first stop.
  const firstPush = route.start !== null ? delay : stops[0] ? Date.parse(`${stops[0].arrival}Z`) / 1000 - Date.parse(`${route.stops[0]!.arrival}Z`) / 1000 : 0;
  const durationSeconds = route.durationSeconds - firstPush;
  return {
    ...route,
    stops,
    breaks,
    reloads,
    start: route.start !== null ? later(route.start, delay) : null,
    durationSeconds,
    waitingSeconds: Math.max(0, route.waitingSeconds - delay),
    costPence: route.stops.length > 0 ? costOf(durationSeconds) : route.costPence,
  };
}
