import { createFormatter } from "@routepilot/contracts";
import type { Formatter } from "@/lib/format";

/** How the analytics pages write months, durations and hours, with the reader's formatter (useFormat()). */

/** The weekdays (ISO order, Monday first) as catalogue keys of `analytics`: the full name and the chart axis's short one. */
export const weekdayKeys = [
  { long: "weekday.mon", short: "weekdayShort.mon" },
  { long: "weekday.tue", short: "weekdayShort.tue" },
  { long: "weekday.wed", short: "weekdayShort.wed" },
  { long: "weekday.thu", short: "weekdayShort.thu" },
  { long: "weekday.fri", short: "weekdayShort.fri" },
  { long: "weekday.sat", short: "weekdayShort.sat" },
  { long: "weekday.sun", short: "weekdayShort.sun" },
] as const;

/** "2025-03" → "Mar 2025" (a calendar month: no time zone). */
export function monthLabel(month: string, format: Formatter): string {
  return format.day(month, "monthYear");
}

/** A duration that may be negative (a saving that is a loss): "1 h 05 min", "−12 min", "0 min". */
export const duration = (seconds: number, format: Formatter) => (seconds === 0 ? "0 min" : seconds < 0 ? `−${format.duration(-seconds)}` : format.duration(seconds));

/**
 * An hour of the day the server counted in the reader's time zone (0–23) as a clock time: "09:00",
 * "9:00 AM" where the language writes it so. The hour is a wall time already, so it is written in UTC.
 */
export function hourLabel(hour: number, format: Formatter): string {
  return createFormatter({ language: format.locale, timeZone: "UTC", unit: format.unit }).time(Date.UTC(2000, 0, 1, hour));
}
