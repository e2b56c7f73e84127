import type { RouteDetail } from "@routepilot/contracts";
import type { Formatter } from "@/lib/format";

type SavingInput = Pick<RouteDetail, "distanceMeters" | "originalDistanceMeters" | "savingMeters" | "savingPercent"> & { unassigned?: readonly unknown[]; stops?: readonly unknown[] };

/** Percentage saved versus the typed order, one decimal; null when the typed order has no distance. */
export function savingPercent(originalMeters: number | null, optimisedMeters: number): number | null {
  if (originalMeters === null || !(originalMeters > 0)) return null;
  return Math.round(((originalMeters - optimisedMeters) / originalMeters) * 1000) / 10;
}

/**
 * How the result compares with the order the user typed — always the same planned stops (the
 * server leaves dropped stops out of both): "Saves 22.2 km (30.5%) versus your order", "Your
 * order was already the shortest", or that no saving can be computed (the typed order has a leg
 * no route connects). With dropped stops the text says the comparison is over the stops planned.
 * The distance and percentage are written by `format` (the reader's unit and language).
 */
export function savingSummary(route: SavingInput, format: Formatter): { text: string; meters: number; percent: number } {
  const dropped = route.unassigned?.length ?? 0;
  const planned = route.stops?.length ?? 0;
  const yours = dropped > 0 ? `your order of the same ${planned} stop${planned === 1 ? "" : "s"}` : "your order";
  if (route.originalDistanceMeters === null) return { text: "No saving can be computed: your order has a leg no route connects", meters: 0, percent: 0 };
  const meters = route.savingMeters ?? route.originalDistanceMeters - route.distanceMeters;
  const percent = route.savingPercent ?? savingPercent(route.originalDistanceMeters, route.distanceMeters) ?? 0;
  if (meters < 1 || percent <= 0) return { text: `${yours[0]!.toUpperCase()}${yours.slice(1)} was already the shortest`, meters: 0, percent: 0 };
  return { text: `Saves ${format.distance(meters)} (${format.percent(percent, 1)}) versus ${yours}`, meters, percent };
}
