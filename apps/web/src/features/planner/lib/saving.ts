import type { DistanceUnit, RouteDetail } from "@routepilot/contracts";
import { formatDistance } from "@/lib/format-distance";

type SavingInput = Pick<RouteDetail, "distanceMeters" | "originalDistanceMeters" | "savingMeters" | "savingPercent">;

/** Percentage saved versus the typed order, one decimal; null when the typed order has no distance. */
export function savingPercent(originalMeters: number | null, optimisedMeters: number): number | null {
  if (originalMeters === null || !(originalMeters > 0)) return null;
  return Math.round(((originalMeters - optimisedMeters) / originalMeters) * 1000) / 10;
}

/**
 * How the result compares with the order the user typed: "Saves 22.2 km (30.5%) versus your
 * order", "Your order was already the shortest", or null when there is nothing to compare.
 */
export function savingSummary(route: SavingInput, unit: DistanceUnit): { text: string; meters: number; percent: number } | null {
  if (route.originalDistanceMeters === null) return null;
  const meters = route.savingMeters ?? route.originalDistanceMeters - route.distanceMeters;
  const percent = route.savingPercent ?? savingPercent(route.originalDistanceMeters, route.distanceMeters) ?? 0;
  if (meters < 1 || percent <= 0) return { text: "Your order was already the shortest", meters: 0, percent: 0 };
  return { text: `Saves ${formatDistance(meters, unit)} (${percent.toLocaleString("en-GB", { maximumFractionDigits: 1 })}%) versus your order`, meters, percent };
}
