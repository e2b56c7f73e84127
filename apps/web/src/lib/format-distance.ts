import { createElement, type ReactNode } from "react";
import { FormatProvider, useFormat } from "@/lib/format";
import { METERS_PER_MILE, formatDistance, type DistanceUnit, type FormatDistanceOptions } from "@routepilot/contracts";

/**
 * The one way the web app shows a distance. Components call {@link useFormatDistance} (and
 * {@link useDistanceUnit} for unit labels), which follow the signed-in user's preference given by
 * {@link DistanceUnitProvider}; {@link formatDistance} (the formatter the server's messages use too,
 * from contracts) is for the few places that show a unit chosen on screen (the settings preview).
 */

export { formatDistance, type FormatDistanceOptions };

/** A distance as a number in the unit, to one decimal: the values of a chart whose axis says "km" or "mi". */
export function distanceIn(meters: number, unit: DistanceUnit): number {
  return Math.round((meters / (unit === "km" ? 1000 : METERS_PER_MILE)) * 10) / 10;
}

/** How a unit is written: its symbol ("Driven (mi)"), its name in a heading ("Miles saved") and one of it ("g CO₂ per mile"). */
export const distanceUnitLabels: Record<DistanceUnit, { symbol: string; plural: string; one: string }> = {
  km: { symbol: "km", plural: "Kilometres", one: "km" },
  miles: { symbol: "mi", plural: "Miles", one: "mile" },
};

/** Converts a figure per kilometre (grams of CO₂ per km) to one per unit. */
export function perDistanceUnit(perKm: number, unit: DistanceUnit): number {
  return unit === "km" ? perKm : perKm * (METERS_PER_MILE / 1000);
}

/** Regions that measure roads in miles. */
const MILES_REGIONS = new Set(["US", "GB", "LR", "MM"]);

/**
 * The unit for someone whose preference is unknown (signed out, a shared route's visitor): miles
 * where the browser's region uses them ("en" alone counts as en-US), else kilometres.
 */
export function regionDistanceUnit(language: string | undefined = typeof navigator === "undefined" ? undefined : navigator.language): DistanceUnit {
  let region: string | undefined;
  try {
    region = new Intl.Locale(language || "en-GB").maximize().region;
  } catch {
    region = undefined; // not a language tag
  }
  return region && MILES_REGIONS.has(region) ? "miles" : "km";
}

/**
 * Gives the components below a distance unit (a test, the shared page's visitor); everything
 * else about formats is inherited (see {@link FormatProvider}).
 */
export function DistanceUnitProvider({ unit, children }: { unit: DistanceUnit | null | undefined; children: ReactNode }) {
  return createElement(FormatProvider, { unit: unit ?? regionDistanceUnit(), children });
}

/** The user's distance unit. Outside a provider (a component rendered alone in a test) it is kilometres. */
export function useDistanceUnit(): DistanceUnit {
  return useFormat().unit;
}

/** `format(meters)` in the user's unit and language ("12.4 mi", "850 m", "12,4 km"). */
export function useFormatDistance(): (meters: number, options?: FormatDistanceOptions) => string {
  return useFormat().distance;
}
