import type { DistanceUnit } from "./preferences";
import { createFormatter, type FormatDistanceOptions } from "./format";

export { METERS_PER_MILE, type FormatDistanceOptions } from "./format";

/**
 * A distance in metres in British English for the unit: miles ("12.4 mi", short hops in feet)
 * or kilometres ("12.4 km", short hops in metres). One decimal below 100, whole numbers above.
 * Only for texts that are English whatever the reader's language (contracts' validation
 * messages); everything a person reads in their own formats goes through a `Formatter`
 * (`createFormatter`, the web app's `useFormat()`).
 */
export function formatDistance(meters: number, unit: DistanceUnit, options?: FormatDistanceOptions): string {
  return createFormatter({ language: "en", timeZone: "UTC", unit }).distance(meters, options);
}
