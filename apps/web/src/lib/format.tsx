import { createContext, useContext, useMemo, type ReactNode } from "react";
import { createFormatter, type DistanceUnit, type Formatter } from "@routepilot/contracts";

/**
 * The web app's door to the one formatting layer (`createFormatter` in contracts): every page,
 * chart and export formats dates, times, numbers, money, distances and durations with
 * {@link useFormat}, which follows the signed-in user's language, time zone and distance unit
 * (their preferences, composed in `app/layout/preferred-formats.tsx`); signed out, the browser's.
 */

export type { Formatter };

/** The browser's IANA time zone ("Europe/Vaduz"), UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** The browser's first language ("de-CH"), en-GB when there is none (a test, a server). */
export function browserLanguage(): string {
  return (typeof navigator !== "undefined" && (navigator.languages?.[0] ?? navigator.language)) || "en-GB";
}

const FormatContext = createContext<Formatter | null>(null);

/** Gives the components below a formatter; a missing setting is inherited from an outer provider, else the browser's. */
export function FormatProvider({
  language,
  timeZone,
  unit,
  children,
}: {
  language?: string | null;
  timeZone?: string | null;
  unit?: DistanceUnit | null;
  children: ReactNode;
}) {
  const outer = useContext(FormatContext);
  const formatter = useMemo(
    () =>
      createFormatter({
        language: language ?? outer?.locale ?? browserLanguage(),
        timeZone: timeZone ?? outer?.timeZone ?? browserTimeZone(),
        unit: unit ?? outer?.unit ?? "km",
      }),
    [language, timeZone, unit, outer],
  );
  return <FormatContext.Provider value={formatter}>{children}</FormatContext.Provider>;
}

/**
 * The formatter for the person reading. Outside a {@link FormatProvider} (a component rendered
 * alone in a test) it writes British English, kilometres, in the browser's time zone.
 */
export function useFormat(): Formatter {
  const formatter = useContext(FormatContext);
  return formatter ?? createFormatter({ language: "en", timeZone: browserTimeZone(), unit: "km" });
}
