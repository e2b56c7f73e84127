/**
 * Wall-clock times of a team's time zone ↔ instants. A dispatched route's planned times are
 * seconds after its departure ("HH:MM" on the plan's date) in the team's zone (fleet_settings).
 */
import { calendarParts } from "@routepilot/contracts";

/** The zone's offset from UTC at that instant, in milliseconds (positive east of Greenwich). */
export function zoneOffsetMs(epochMs: number, timeZone: string): number {
  const p = calendarParts(epochMs, timeZone);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
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

