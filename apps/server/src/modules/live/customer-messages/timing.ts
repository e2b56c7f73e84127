import { createFormatter, defaultPreferences, localDate, minutesOfDay, type Formatter } from "@routepilot/contracts";
import type { EtaStop } from "../../driver/eta";
import { zonedEpoch, zoneOffsetMs } from "../../driver/time";

/**
 * Wall-clock times of a dispatched route in the team's time zone. A plan's times are local to the
 * team ("2026-11-23T09:15" in fleet_settings.time_zone); the customer e-mails, the tracking page and
 * quiet hours need real instants.
 */

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The local calendar date and time (minutes after midnight) of `instant` in `timeZone`. */
export function localParts(instant: number, timeZone: string): { date: string; minutes: number } {
  const wall = Math.floor(instant / MINUTE) * MINUTE + zoneOffsetMs(instant, timeZone);
  return { date: localDate(instant, timeZone), minutes: Math.floor((((wall % DAY) + DAY) % DAY) / MINUTE) };
}

/** The instant (epoch ms) of `seconds` after local midnight of `date` (YYYY-MM-DD) in `timeZone`; seconds may pass 24 h (DST-safe). */
export const zonedInstant = zonedEpoch;

/** A local date (YYYY-MM-DD) plus `days`. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}

/**
 * Quiet hours ("HH:MM"–"HH:MM" local, may wrap midnight; start = end means none): null when `now`
 * is outside them, else the instant they end.
 */
export function quietUntil(now: number, quiet: { start: string; end: string } | null, timeZone: string): number | null {
  if (!quiet) return null;
  const start = minutesOfDay(quiet.start);
  const end = minutesOfDay(quiet.end);
  if (start === end) return null;
  const { date, minutes } = localParts(now, timeZone);
  const inside = start < end ? minutes >= start && minutes < end : minutes >= start || minutes < end;
  if (!inside) return null;
  const endDate = minutes < end ? date : addDays(date, 1);
  return zonedInstant(endDate, end * 60, timeZone);
}

/** A dispatched stop's columns the ETA needs. */
export interface TimedStopRow {
  arrivalS: number;
  departureS: number;
  status: string;
  arrivedAt: Date | null;
  completedAt: Date | null;
}

/**
 * The route's stops (in sequence order) as EtaStops: the departure ("HH:MM" on the plan's date in
 * the team's zone) plus each stop's offset, which is elapsed time (so a DST change mid-route does
 * not move it).
 */
export function etaStops(route: { date: string; departureTime: string; timeZone: string }, stops: readonly TimedStopRow[]): EtaStop[] {
  const departure = zonedInstant(route.date, minutesOfDay(route.departureTime) * 60, route.timeZone);
  return stops.map((s) => ({
    plannedArrival: departure + s.arrivalS * 1000,
    plannedDeparture: departure + s.departureS * 1000,
    status: s.status as EtaStop["status"],
    arrivedAt: s.arrivedAt?.getTime() ?? null,
    completedAt: s.completedAt?.getTime() ?? null,
  }));
}

/**
 * Index of the stop the driver heads to next: the first pending stop after the last one reached,
 * once the driver has finished a stop (or started the route); -1 while the driver is at a stop or
 * has not started.
 */
export function nextStopIndex(stops: readonly { status: string }[], started: boolean): number {
  let last = -1;
  stops.forEach((s, i) => {
    if (s.status !== "pending") last = i;
  });
  if (last < 0 && !started) return -1;
  if (last >= 0 && stops[last]?.status === "arrived") return -1;
  return stops.findIndex((s, i) => i > last && s.status === "pending");
}

/**
 * The formats of a customer e-mail: English (the customer's language setting arrives with the
 * translation work, issue 30) in the team's time zone. These e-mails hold no distance, so the
 * unit is only there because a formatter has one.
 */
function customerFormatter(timeZone: string): Formatter {
  return createFormatter({ language: "en", timeZone, unit: defaultPreferences.distanceUnit });
}

/** "14:05" in the time zone. */
export function clockTime(instant: number, timeZone: string): string {
  return customerFormatter(timeZone).time(instant);
}

/** "Monday 23 November" in the time zone ("Monday, 7 January 2030" when it is not this year's). */
export function longDate(instant: number, timeZone: string): string {
  return customerFormatter(timeZone).date(instant, "weekday");
}
