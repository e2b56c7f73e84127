import type { z } from "zod";
import { driverPositionSchema, type DriverPosition, type LiveRoute } from "@routepilot/contracts";
import type { Formatter } from "@/lib/format";
import { i18n } from "@/lib/i18n";

/** A route more than this many minutes behind plan is late (highlighted, announced; the server alerts managers). */
export const LATE_AFTER_MINUTES = 15;

/** Points of a driver's trail kept on the map (the server sends a short trail; live points are appended). */
export const TRAIL_MAX_POINTS = 200;

export function isLate(route: Pick<LiveRoute, "delayMinutes" | "status">): boolean {
  return route.status !== "completed" && route.delayMinutes !== null && route.delayMinutes > LATE_AFTER_MINUTES;
}

/** "18 min behind plan", "3 min ahead of plan", "On plan", "Not started"; numbers written by `format` (useFormat()). */
export function delayText(minutes: number | null, format: Formatter): string {
  if (minutes === null) return i18n.t("live-ops:delay.notStarted");
  if (minutes === 0) return i18n.t("live-ops:delay.onPlan");
  // "7 min", "2 h 05 min", "1 d 11 h" (a route worked a day early is 2,137 minutes ahead).
  const abs = Math.abs(minutes);
  const amount = abs >= 1440 ? i18n.t("live-ops:delay.daysHours", { days: format.number(Math.floor(abs / 1440)), hours: format.number(Math.floor((abs % 1440) / 60)) }) : format.duration(abs * 60);
  return minutes > 0 ? i18n.t("live-ops:delay.behind", { amount }) : i18n.t("live-ops:delay.ahead", { amount });
}

/** An instant's time of day ("14:05") as `format` (useFormat()) writes it, in the reader's time zone; "—" when there is none. */
export function clock(iso: string | null, format: Formatter): string {
  return iso ? format.time(iso) : "—";
}

/** A position as a `driver_position` message carries it: at least who, where and when. */
const positionUpdateSchema = driverPositionSchema.partial({ driverName: true, routeId: true, accuracy: true, heading: true, speed: true, trail: true });
export type PositionUpdate = z.infer<typeof positionUpdateSchema>;

/** The positions of a `driver_position` message's data: one position, a list, or `{ positions }`; [] when it carries none. */
export function positionUpdates(data: unknown): PositionUpdate[] {
  const list = Array.isArray(data) ? data : data && typeof data === "object" && Array.isArray((data as { positions?: unknown }).positions) ? (data as { positions: unknown[] }).positions : [data];
  return list.flatMap((item) => {
    const parsed = positionUpdateSchema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

/**
 * The positions cache after `updates` (oldest first): each known driver moves to the newest
 * position and its trail grows by it (an older or repeated position is ignored). Returns null when
 * an update names a driver the cache does not know yet (the caller refetches the list once).
 */
export function applyPositionUpdates(current: readonly DriverPosition[], updates: readonly PositionUpdate[]): DriverPosition[] | null {
  const next = [...current];
  for (const u of updates) {
    const i = next.findIndex((p) => p.driverUserId === u.driverUserId);
    if (i < 0) return null;
    const was = next[i]!;
    if (Date.parse(u.at) <= Date.parse(was.at)) continue;
    const last = was.trail.at(-1);
    const trail: [number, number][] = last && last[0] === was.lat && last[1] === was.lng ? [...was.trail] : [...was.trail, [was.lat, was.lng]];
    trail.push([u.lat, u.lng]);
    next[i] = {
      ...was,
      routeId: u.routeId !== undefined ? u.routeId : was.routeId,
      lat: u.lat,
      lng: u.lng,
      accuracy: u.accuracy ?? null,
      heading: u.heading ?? null,
      speed: u.speed ?? null,
      at: u.at,
      trail: trail.slice(-TRAIL_MAX_POINTS),
    };
  }
  return next;
}

export const statusLabels = { pending: "stopStatus.pending", arrived: "stopStatus.arrived", done: "stopStatus.done", failed: "stopStatus.failed" } as const satisfies Record<LiveRoute["stops"][number]["status"], string>;

/** Why a stop failed (the contract's reasons), as catalogue keys of `live-ops`. */
export const failureReasonKeys = {
  not_home: "failureReason.not_home",
  wrong_address: "failureReason.wrong_address",
  refused: "failureReason.refused",
  damaged: "failureReason.damaged",
  other: "failureReason.other",
} as const;

/** The fetched positions, except where the cache already holds a newer position of that driver (applied from a message meanwhile). */
export function keepNewer(fetched: DriverPosition[], cached: readonly DriverPosition[] | undefined): DriverPosition[] {
  if (!cached) return fetched;
  return fetched.map((p) => {
    const mine = cached.find((c) => c.driverUserId === p.driverUserId);
    return mine && Date.parse(mine.at) > Date.parse(p.at) ? mine : p;
  });
}
