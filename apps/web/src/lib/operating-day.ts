import { useSearchParams } from "react-router";
import { createFormatter, type Formatter } from "@routepilot/contracts";

/**
 * The operating day (issue 25): the one day the planner, the fleet overview, Live and the driver
 * app are about. It lives in the address (`?date=YYYY-MM-DD`, so a reload or a shared link keeps
 * it), and the day last chosen on any of those screens is remembered for this tab, so a manager who
 * plans Monday on Saturday evening and opens Live sees Monday. Without either, each screen starts
 * on its natural day: the planner tomorrow, the others today.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const REMEMBERED = "routepilot.operating-day";

/** Whether `value` is a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !DATE.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** A date (default now) as YYYY-MM-DD in the browser's time zone. */
export function localDate(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The day `days` after (or before, when negative) a YYYY-MM-DD day. */
export function shiftDate(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return localDate(new Date(y, m - 1, d + days));
}

const weekdayKeys = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"] as const;
const weekdayPlurals = ["Sundays", "Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays"] as const;

/** The weekday of a day: its key in drivers' working days ("mon") and its plural ("Mondays"). */
export function weekdayOf(day: string): { key: (typeof weekdayKeys)[number]; plural: string } {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const index = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  return { key: weekdayKeys[index]!, plural: weekdayPlurals[index]! };
}

/** British English, for callers without the reader's formatter (a calendar day has no time zone). */
const BRITISH = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });

/**
 * A day in words, "Monday 30 November" (with the year when it is not this year's): what
 * `format.day(day, "weekday")` writes, in British English unless the reader's formatter is given.
 * Components call `useFormat().day(day, "weekday")` themselves; this is for callers without one.
 * @param _today no longer read (the formatter's clock decides "this year"); kept so older calls compile.
 */
export function dayTitle(day: string, _today?: string, format: Formatter = BRITISH): string {
  return format.day(day, "weekday");
}

/** "today", "tomorrow", "yesterday" or null. */
export function relativeDay(day: string, today = localDate()): string | null {
  if (day === today) return "today";
  if (day === shiftDate(today, 1)) return "tomorrow";
  if (day === shiftDate(today, -1)) return "yesterday";
  return null;
}

function remembered(): string | null {
  try {
    const value = sessionStorage.getItem(REMEMBERED);
    return isDay(value) ? value : null;
  } catch {
    return null;
  }
}

function remember(day: string) {
  try {
    sessionStorage.setItem(REMEMBERED, day);
  } catch {
    // Private mode without storage: the address still holds the day.
  }
}

/**
 * The screen's day and a setter: `?date=` when it holds a real date, else the day last chosen in
 * this tab if it is not in the past, else `fallback` ("today" or "tomorrow"). Setting writes the
 * address (replacing the entry: moving between days is not navigation) and remembers the day.
 */
export function useOperatingDay(fallback: "today" | "tomorrow" = "today"): [string, (day: string) => void] {
  const [params, setParams] = useSearchParams();
  const today = localDate();
  const fromUrl = params.get("date");
  const kept = remembered();
  const day = isDay(fromUrl) ? fromUrl : kept && kept >= today ? kept : fallback === "tomorrow" ? shiftDate(today, 1) : today;
  const setDay = (next: string) => {
    if (!isDay(next)) return;
    remember(next);
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        out.set("date", next);
        return out;
      },
      { replace: true },
    );
  };
  return [day, setDay];
}
