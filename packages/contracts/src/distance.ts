import type { DistanceUnit } from "./preferences";

/**
 * The one distance formatter of RoutePilot: the web app reaches it through
 * `apps/web/src/lib/format-distance.ts` (with the signed-in user's unit), the server for the
 * messages and e-mails it writes with the recipient's unit (`distanceUnitOf` in its preferences
 * service).
 */

export const METERS_PER_MILE = 1609.344;
const FEET_PER_METER = 3.28084;

function formatNumber(value: number, maxFractionDigits: number): string {
  return new Intl.NumberFormat("en-GB", { maximumFractionDigits: maxFractionDigits, minimumFractionDigits: 0 }).format(value);
}

export type FormatDistanceOptions = {
  /** A negative distance (a "saving" that is a loss) keeps its sign, "−1.2 km", instead of showing "—". */
  signed?: boolean;
};

/**
 * Formats a distance in metres for the user's unit: miles ("12.4 mi", short hops in feet)
 * or kilometres ("12.4 km", short hops in metres). One decimal below 100, whole numbers above.
 */
export function formatDistance(meters: number, unit: DistanceUnit, { signed = false }: FormatDistanceOptions = {}): string {
  if (signed && meters < 0) return `−${formatDistance(-meters, unit)}`;
  if (!Number.isFinite(meters) || meters < 0) return "—";
  if (unit === "km") {
    if (meters < 1000) return `${formatNumber(Math.round(meters), 0)} m`;
    const km = meters / 1000;
    return `${formatNumber(km, km < 100 ? 1 : 0)} km`;
  }
  const miles = meters / METERS_PER_MILE;
  if (miles < 0.1) return `${formatNumber(Math.round(meters * FEET_PER_METER), 0)} ft`;
  return `${formatNumber(miles, miles < 100 ? 1 : 0)} mi`;
}
