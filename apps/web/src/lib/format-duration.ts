import { createFormatter } from "@routepilot/contracts";

const BRITISH = createFormatter({ language: "en", timeZone: "UTC", unit: "km" });

/**
 * "1 h 05 min", "12 min", "< 1 min" or "0 min" (none at all: no waiting, no lateness) for a duration
 * in seconds: the formatting layer's `duration` in British English. Components use
 * `useFormat().duration`, which writes the hours in the reader's language.
 */
export function formatDuration(seconds: number): string {
  return BRITISH.duration(seconds);
}

/**
 * The clock time ("HH:MM", 24 h) `offsetSeconds` after a "HH:MM" departure, with "+1d" when it
 * runs past midnight. Used for ETAs, which the server gives in seconds after departure.
 */
export function clockAfter(departure: string, offsetSeconds: number): string {
  const [h, m] = departure.split(":").map(Number);
  const start = ((h ?? 0) * 60 + (m ?? 0)) * 60;
  const total = Math.round((start + offsetSeconds) / 60);
  const days = Math.floor(total / 1440);
  const minutes = total % 1440;
  const text = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
  return days > 0 ? `${text} +${days}d` : text;
}

/** An uptime in seconds as "2 d 3 h", "4 h 5 min", "6 min" or "7 s". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return `${days} d ${hours} h`;
  if (hours > 0) return `${hours} h ${minutes} min`;
  return minutes > 0 ? `${minutes} min` : `${seconds} s`;
}
