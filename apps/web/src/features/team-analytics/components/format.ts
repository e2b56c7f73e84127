/** How team analytics show numbers: percentages, hours and minutes (distances: useFormatDistance). */
export const percent = (share: number | null) => (share === null ? "–" : `${Math.round(share * 100)}%`);
export function hoursMinutes(seconds: number): string {
  const minutes = Math.round(seconds / 60);
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, "0")} min`;
}
export const oneDecimal = (n: number | null) => (n === null ? "–" : n.toLocaleString("en-GB", { maximumFractionDigits: 1 }));
/** A share as a whole percentage for charts and CSV (null stays empty). */
export const asPercent = (share: number | null) => (share === null ? null : Math.round(share * 1000) / 10);
