import { formatDuration } from "@/lib/format-duration";

export const weekdayNames = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** "2025-03" → "Mar 2025". */
export function monthLabel(month: string): string {
  const [y, m] = month.split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, 1)).toLocaleDateString("en-GB", { month: "short", year: "numeric", timeZone: "UTC" });
}

export const duration = (seconds: number) => (seconds === 0 ? "0 min" : seconds < 0 ? `−${formatDuration(-seconds)}` : formatDuration(seconds));
export const hourLabel = (hour: number) => `${String(hour).padStart(2, "0")}:00`;
