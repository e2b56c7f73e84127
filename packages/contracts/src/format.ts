import type { DistanceUnit } from "./preferences";

/**
 * RoutePilot's one formatting layer: every date, time, number, percentage, amount of money,
 * distance and duration a person reads — on a page, in an e-mail, in an export, on a chart — goes
 * through a {@link Formatter} made for that person's language, time zone and distance unit. The
 * web app reaches it through `useFormat()` (`apps/web/src/lib/format.tsx`), the server through
 * `formatterFor(preferences)`. A lint rule (eslint.config.js, "one formatting layer") forbids
 * `toLocale*String` and `new Intl.*Format` anywhere else, so a hard-coded locale cannot come back.
 */

export const METERS_PER_MILE = 1609.344;
const FEET_PER_METER = 3.28084;

/** The full locale for a preference language: English is British English (SPEC texts), the others their main country's. */
const LOCALES: Record<string, string> = { en: "en-GB", de: "de-DE", fr: "fr-FR", it: "it-IT", es: "es-ES" };

/** "de" → "de-DE"; a full tag ("de-CH", "en-US") is kept; anything the runtime does not know falls back to en-GB. */
export function localeFor(language: string | null | undefined): string {
  const tag = (language ?? "").trim();
  const locale = LOCALES[tag.toLowerCase()] ?? (tag || "en-GB");
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? "en-GB";
  } catch {
    return "en-GB";
  }
}

/** Whether the runtime knows this IANA time zone; an unknown one is read as UTC. */
function knownTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return "UTC";
  }
}

export type FormatSettings = {
  /** A preference language ("en", "de") or a locale ("de-CH"). */
  language: string | null | undefined;
  /** An IANA time zone ("Europe/Vaduz"); instants are shown in it. */
  timeZone: string | null | undefined;
  unit: DistanceUnit;
};

export type FormatDistanceOptions = {
  /** A negative distance (a "saving" that is a loss) keeps its sign, "−1.2 km", instead of showing "—". */
  signed?: boolean;
};

/** How an instant or a calendar day is written. */
export type DateStyle =
  /** "29 Nov 2026" / "29.11.2026" */
  | "medium"
  /** "29 November 2026" / "29. November 2026" */
  | "long"
  /** "Sunday 29 November" (the year only when it is not this year's) */
  | "weekday"
  /** "29 Nov" */
  | "dayMonth"
  /** "Nov 2026" */
  | "monthYear";

type Instant = Date | string | number;

function toDate(value: Instant): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const DATE_OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  medium: { day: "numeric", month: "short", year: "numeric" },
  long: { day: "numeric", month: "long", year: "numeric" },
  weekday: { weekday: "long", day: "numeric", month: "long" },
  dayMonth: { day: "numeric", month: "short" },
  monthYear: { month: "short", year: "numeric" },
};

export type Formatter = {
  readonly locale: string;
  readonly timeZone: string;
  readonly unit: DistanceUnit;
  /** A number with at most `maxFractionDigits` decimals (default 0 for integers, else 1): "1,234", "1.234" in German. */
  number(value: number, maxFractionDigits?: number): string;
  /** A percentage given as 0–100: "12.5%", "12,5 %". */
  percent(value: number, maxFractionDigits?: number): string;
  /** An amount in minor units (pence, cents) in its currency: "£1.00", "1,00 £". */
  money(minorUnits: number, currency?: string): string;
  /** A distance in metres in the unit: "12.4 mi", short hops in feet; "12.4 km", short hops in metres. */
  distance(meters: number, options?: FormatDistanceOptions): string;
  /** A distance as a number in the unit, to one decimal (a chart whose axis says "km" or "mi"). */
  distanceValue(meters: number): number;
  /** "1 h 05 min", "12 min", "< 1 min", "0 min" for seconds. */
  duration(seconds: number): string;
  /** An instant's day in the time zone ("29 Nov 2026"). */
  date(value: Instant, style?: DateStyle): string;
  /** An instant's day and time in the time zone ("29 Nov 2026, 14:05"). */
  dateTime(value: Instant): string;
  /** An instant's time of day in the time zone ("14:05"; "2:05 pm" where the locale writes it so). */
  time(value: Instant, options?: { seconds?: boolean }): string;
  /** A calendar day ("2026-11-29", no time zone) as written in the locale. */
  day(isoDay: string, style?: DateStyle): string;
  /** How long ago or ahead an instant is ("5 minutes ago", "vor 5 Minuten"). */
  relative(value: Instant, now?: Date): string;
};

const cache = new Map<string, Formatter>();

/** The formatter for a language, time zone and unit; formatters are cached, so calling this per render is cheap. */
export function createFormatter(settings: FormatSettings): Formatter {
  // Keyed by the settings as given: a cached call checks neither the locale nor the zone again
  // (each check builds an Intl object).
  const key = `${settings.language ?? ""}|${settings.timeZone ?? ""}|${settings.unit}`;
  let formatter = cache.get(key);
  if (!formatter) {
    formatter = buildFormatter(localeFor(settings.language), knownTimeZone(settings.timeZone), settings.unit);
    if (cache.size > 200) cache.clear();
    cache.set(key, formatter);
  }
  return formatter;
}

function buildFormatter(locale: string, timeZone: string, unit: DistanceUnit): Formatter {
  const numbers = new Map<string, Intl.NumberFormat>();
  const numberFormat = (options: Intl.NumberFormatOptions) => {
    const key = JSON.stringify(options);
    let f = numbers.get(key);
    if (!f) numbers.set(key, (f = new Intl.NumberFormat(locale, options)));
    return f;
  };
  const dates = new Map<string, Intl.DateTimeFormat>();
  const dateFormat = (options: Intl.DateTimeFormatOptions) => {
    const key = JSON.stringify(options);
    let f = dates.get(key);
    if (!f) dates.set(key, (f = new Intl.DateTimeFormat(locale, options)));
    return f;
  };
  const number = (value: number, maxFractionDigits = Number.isInteger(value) ? 0 : 1) =>
    Number.isFinite(value) ? numberFormat({ maximumFractionDigits: maxFractionDigits, minimumFractionDigits: 0 }).format(value) : "—";
  const relativeFormat = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const thisYear = (date: Date, zone: string) => dateFormat({ year: "numeric", timeZone: zone }).format(date) === dateFormat({ year: "numeric", timeZone: zone }).format(new Date());
  const dateIn = (date: Date, style: DateStyle, zone: string) => {
    const options = { ...DATE_OPTIONS[style], timeZone: zone };
    if (style === "weekday" && !thisYear(date, zone)) options.year = "numeric";
    return dateFormat(options).format(date);
  };

  const distance = (meters: number, { signed = false }: FormatDistanceOptions = {}): string => {
    if (signed && meters < 0) return `−${distance(-meters)}`;
    if (!Number.isFinite(meters) || meters < 0) return "—";
    if (unit === "km") {
      if (meters < 1000) return `${number(Math.round(meters), 0)} m`;
      const km = meters / 1000;
      return `${number(km, km < 100 ? 1 : 0)} km`;
    }
    const miles = meters / METERS_PER_MILE;
    if (miles < 0.1) return `${number(Math.round(meters * FEET_PER_METER), 0)} ft`;
    return `${number(miles, miles < 100 ? 1 : 0)} mi`;
  };

  return {
    locale,
    timeZone,
    unit,
    number,
    percent: (value, maxFractionDigits = 1) =>
      Number.isFinite(value) ? numberFormat({ style: "percent", maximumFractionDigits: maxFractionDigits }).format(value / 100) : "—",
    money: (minorUnits, currency = "GBP") => numberFormat({ style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100),
    distance,
    distanceValue: (meters) => Math.round((meters / (unit === "km" ? 1000 : METERS_PER_MILE)) * 10) / 10,
    duration: (seconds) => {
      if (!Number.isFinite(seconds) || seconds < 0) return "—";
      if (seconds === 0) return "0 min";
      const minutes = Math.round(seconds / 60);
      if (minutes < 1) return "< 1 min";
      if (minutes < 60) return `${minutes} min`;
      const hours = Math.floor(minutes / 60);
      const rest = minutes % 60;
      return rest === 0 ? `${number(hours, 0)} h` : `${number(hours, 0)} h ${String(rest).padStart(2, "0")} min`;
    },
    date: (value, style = "medium") => {
      const date = toDate(value);
      return date ? dateIn(date, style, timeZone) : "—";
    },
    dateTime: (value) => {
      const date = toDate(value);
      return date ? dateFormat({ ...DATE_OPTIONS.medium, hour: "2-digit", minute: "2-digit", timeZone }).format(date) : "—";
    },
    time: (value, { seconds = false } = {}) => {
      const date = toDate(value);
      return date ? dateFormat({ hour: "2-digit", minute: "2-digit", ...(seconds ? { second: "2-digit" } : {}), timeZone }).format(date) : "—";
    },
    day: (isoDay, style = "medium") => {
      const date = /^\d{4}-\d{2}(-\d{2})?$/.test(isoDay) ? toDate(`${isoDay.length === 7 ? `${isoDay}-01` : isoDay}T12:00:00Z`) : null;
      return date ? dateIn(date, style, "UTC") : "—";
    },
    relative: (value, now = new Date()) => {
      const date = toDate(value);
      if (!date) return "—";
      const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
      const abs = Math.abs(seconds);
      if (abs < 45) return relativeFormat.format(0, "second");
      if (abs < 45 * 60) return relativeFormat.format(Math.round(seconds / 60), "minute");
      if (abs < 22 * 3600) return relativeFormat.format(Math.round(seconds / 3600), "hour");
      if (abs < 26 * 86_400) return relativeFormat.format(Math.round(seconds / 86_400), "day");
      return dateIn(date, "medium", timeZone);
    },
  };
}
