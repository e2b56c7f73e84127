/**
 * Wall-clock times of a team's time zone ↔ instants. A dispatched route's planned times are
 * seconds after its departure ("HH:MM" on the plan's date) in the team's zone (fleet_settings).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // eslint-disable-next-line no-restricted-syntax -- reads calendar parts in a zone; not shown to anyone
    f = new Intl.DateTimeFormat("en-CA", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" });
    formatters.set(timeZone, f);
  }
  return f;
}

function parts(epochMs: number, timeZone: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of formatter(timeZone).formatToParts(new Date(epochMs))) if (p.type !== "literal") out[p.type] = Number(p.value);
  return out;
}

/** The zone's offset from UTC at that instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const p = parts(epochMs, timeZone);
  const asUtc = Date.UTC(p.year as number, (p.month as number) - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/** The instant of `seconds` after midnight of `date` (YYYY-MM-DD) in `timeZone` (DST-safe). */
export function zonedEpoch(date: string, seconds: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d) + seconds * 1000;
  let instant = wall - zoneOffsetMs(wall, timeZone);
  const again = wall - zoneOffsetMs(instant, timeZone);
  if (again !== instant) instant = again;
  return instant;
}

/** Seconds after midnight of "HH:MM". */
export function hhmmSeconds(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60;
}

/** The date (YYYY-MM-DD) at that instant in `timeZone`. */
export function localDate(epochMs: number, timeZone: string): string {
  const p = parts(epochMs, timeZone);
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}
