import type { DriverRoute, DriverStop } from "@routepilot/contracts";
import type { OutboxItem } from "@/features/driver/lib/outbox";

const finished = (stop: DriverStop) => stop.status === "done" || stop.status === "failed";

/** A stop as a queued event leaves it (the server does the same once it has the event). */
function applyEvent(stop: DriverStop, item: OutboxItem): DriverStop {
  if (item.kind !== "event" || item.stopId !== stop.id || finished(stop)) return stop;
  const { type, at, reason } = item.event;
  if (type === "arrived") return stop.status === "pending" ? { ...stop, status: "arrived", arrivedAt: at } : stop;
  if (type === "done") return { ...stop, status: "done", arrivedAt: stop.arrivedAt ?? at, completedAt: at };
  return { ...stop, status: "failed", arrivedAt: stop.arrivedAt ?? at, completedAt: at, failureReason: reason ?? null };
}

/**
 * The route as the driver sees it: the server's last answer with everything still waiting in the
 * queue applied (optimistic), so a stop marked delivered in a dead zone shows as delivered.
 */
export function applyPending(route: DriverRoute, pending: OutboxItem[]): DriverRoute {
  const mine = pending.filter((i) => i.routeId === route.id);
  if (mine.length === 0) return route;
  const stops = route.stops.map((stop) => mine.reduce(applyEvent, stop));
  const proofs = new Map<string, DriverStop["proof"]>();
  for (const item of mine) {
    if (item.kind !== "proof") continue;
    const local = [...item.photos.map(() => "photo" as const), ...(item.signature ? ["signature" as const] : [])].map((kind, n) => ({ id: `${item.id}-${n}`, kind, url: "" }));
    proofs.set(item.stopId, [...(proofs.get(item.stopId) ?? []), ...local]);
  }
  const withProof = stops.map((s) => (proofs.has(s.id) ? { ...s, proof: [...s.proof, ...proofs.get(s.id)!] } : s));
  const started = withProof.some((s) => s.status !== "pending");
  const status = withProof.every(finished) ? "completed" : started && route.status === "planned" ? "in_progress" : route.status;
  return { ...route, status, stops: withProof };
}

/** Stop ids with something still waiting to sync. */
export function pendingStopIds(pending: OutboxItem[]): Set<string> {
  return new Set(pending.flatMap((i) => (i.kind === "positions" ? [] : [i.stopId])));
}

/** Replaces one stop with the server's answer. */
export function withStop(route: DriverRoute, stop: DriverStop): DriverRoute {
  return { ...route, stops: route.stops.map((s) => (s.id === stop.id ? stop : s)) };
}

/**
 * How late the route runs, in milliseconds (never negative): the later of how late the last
 * finished stop left and how far past its planned arrival the next stop already is.
 */
export function routeDelayMs(route: DriverRoute, now: number): number {
  let delay = 0;
  const done = route.stops.filter((s) => finished(s) && s.completedAt);
  const last = done.at(-1);
  if (last) delay = Date.parse(last.completedAt!) - Date.parse(last.plannedDeparture);
  const next = route.stops.find((s) => !finished(s));
  if (next && route.status !== "planned") delay = Math.max(delay, now - Date.parse(next.plannedArrival));
  return Math.max(0, delay);
}

/** The expected arrival at a stop not yet finished: its planned arrival moved by the route's delay. */
export function stopEta(stop: DriverStop, delayMs: number): Date | null {
  if (finished(stop)) return null;
  return new Date(Date.parse(stop.plannedArrival) + delayMs);
}

export function nextStop(route: DriverRoute): DriverStop | undefined {
  return route.stops.find((s) => !finished(s));
}

export const isFinished = finished;

/**
 * The route's reloads at its start depot (issue 26) before the stop at `index` (0-based): back to
 * the depot between two trips. A route kept offline from before reloads existed has none.
 */
export function reloadsBefore(route: DriverRoute, index: number): DriverRoute["reloads"] {
  const stop = route.stops[index - 1];
  return stop ? (route.reloads ?? []).filter((r) => r.afterSequence === stop.sequence) : [];
}

export { localDate, shiftDate } from "@/lib/operating-day";
