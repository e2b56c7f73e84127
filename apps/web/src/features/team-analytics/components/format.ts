import type { Formatter } from "@/lib/format";
import { i18n } from "@/lib/i18n";

/** How team analytics write their figures with the reader's formatter (useFormat()); distances: `format.distance`. */

/** A share (0–1) as a whole percentage ("33%"), "–" when there is none. */
export const percent = (share: number | null, format: Formatter) => (share === null ? "–" : format.percent(share * 100, 0));

/** Always hours and minutes: "10 h 00 min", "0 h 45 min". */
export function hoursMinutes(seconds: number, format: Formatter): string {
  const minutes = Math.round(seconds / 60);
  return i18n.t("team-analytics:hoursMinutes", { hours: format.number(Math.floor(minutes / 60)), minutes: String(minutes % 60).padStart(2, "0") });
}

/** A figure to one decimal at most ("0.4"), "–" when there is none. */
export const oneDecimal = (n: number | null, format: Formatter) => (n === null ? "–" : format.number(n, 1));

/** A share as a percentage to one decimal, as a number for charts and CSV (null stays empty). */
export const asPercent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
