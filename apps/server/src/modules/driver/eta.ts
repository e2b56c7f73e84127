/**
 * How far a dispatched route is behind (or ahead of) plan, and the expected arrival at each stop
 * still to come (issue 12). Pure: the live map, the late alert and the customer ETA e-mails and
 * tracking page all use it, so they always agree.
 */

export interface EtaStop {
  /** Planned arrival and departure, epoch milliseconds. */
  plannedArrival: number;
  plannedDeparture: number;
  status: "pending" | "arrived" | "done" | "failed";
  arrivedAt: number | null;
  completedAt: number | null;
}

const MINUTE = 60_000;

/**
 * Milliseconds behind plan (positive) or ahead (negative) at `now`; null before the driver has
 * done anything on the route. Stops are in route order.
 *
 * The latest stop the driver reached sets the delay (finished: its completion against its planned
 * departure; arrived: its arrival against planned arrival, or the overrun of its service). The
 * next stop not reached yet can only make it later: if `now` is past its planned arrival plus that
 * delay, the driver is at least `now - plannedArrival` late.
 */
export function routeDelayMs(stops: readonly EtaStop[], now: number): number | null {
  let last = -1;
  stops.forEach((s, i) => {
    if (s.status !== "pending") last = i;
  });
  if (last < 0) return null;
  const reached = stops[last] as EtaStop;
  let delay: number;
  if (reached.status === "arrived") {
    const arrivedLate = (reached.arrivedAt ?? now) - reached.plannedArrival;
    delay = Math.max(arrivedLate, now - reached.plannedDeparture);
  } else {
    delay = (reached.completedAt ?? now) - reached.plannedDeparture;
  }
  const next = stops.slice(last + 1).find((s) => s.status === "pending");
  if (next && now > next.plannedArrival + delay) delay = now - next.plannedArrival;
  return delay;
}

/** Whole minutes behind plan (negative = ahead), or null before the route starts. */
export function routeDelayMinutes(stops: readonly EtaStop[], now: number): number | null {
  const ms = routeDelayMs(stops, now);
  return ms === null ? null : Math.round(ms / MINUTE);
}

/**
 * Expected arrival (epoch ms) at stop `index`: its planned arrival moved by the route's delay,
 * never in the past; null once the stop has been reached.
 */
export function stopEta(stops: readonly EtaStop[], index: number, now: number): number | null {
  const stop = stops[index];
  if (!stop || stop.status !== "pending") return null;
  const delay = routeDelayMs(stops, now) ?? 0;
  return Math.max(now, stop.plannedArrival + delay);
}

/** The half-hour window customers are told: 15 minutes either side of the ETA, on 5-minute marks. */
export function arrivalWindow(eta: number): { start: number; end: number } {
  const five = 5 * MINUTE;
  const start = Math.floor((eta - 15 * MINUTE) / five) * five;
  return { start, end: start + 30 * MINUTE };
}
