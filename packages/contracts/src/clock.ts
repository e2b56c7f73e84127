/**
 * Times of day and calendar dates, the one place that reads them: "HH:MM" (24 h) wall-clock times
 * and the YYYY-MM-DD date of an instant in a time zone. Shared by the contracts' schemas, the
 * server and the web app.
 */

/** "HH:MM", 24 h: 00:00 to 23:59. */
export const HHMM_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes after midnight of an "HH:MM" time (a trailing ":SS" is ignored). Validate with HHMM_PATTERN first. */
export function minutesOfDay(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Seconds after midnight of an "HH:MM" time. */
export function clockToSeconds(hhmm: string): number {
  return minutesOfDay(hhmm) * 60;
}

const calendars = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts (year, month, day, hour, minute, second) of an instant in `timeZone`. */
export function calendarParts(epochMs: number, timeZone: string): Record<"year" | "month" | "day" | "hour" | "minute" | "second", number> {
  let f = calendars.get(timeZone);
  if (!f) {
    // eslint-disable-next-line no-restricted-syntax -- reads calendar parts in a zone; not shown to anyone
    f = new Intl.DateTimeFormat("en-CA", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    calendars.set(timeZone, f);
  }
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of f.formatToParts(new Date(epochMs))) if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  return out;
}

/** The date (YYYY-MM-DD) at that instant in `timeZone`. */
export function localDate(epochMs: number, timeZone: string): string {
  const p = calendarParts(epochMs, timeZone);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
