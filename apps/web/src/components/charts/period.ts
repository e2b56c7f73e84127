import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { addToDate, analyticsRangeSchema } from "@routepilot/contracts";

export const periodPresets = ["this-month", "last-3-months", "last-12-months", "custom"] as const;
export type PeriodPreset = (typeof periodPresets)[number];
export type Period = { from: string; to: string };

/** Today as YYYY-MM-DD in the browser's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A preset's dates: whole calendar months up to today (this month, the last 3, the last 12). */
export function presetPeriod(preset: Exclude<PeriodPreset, "custom">, today: string): Period {
  const firstOfMonth = `${today.slice(0, 8)}01`;
  const months = preset === "this-month" ? 0 : preset === "last-3-months" ? 2 : 11;
  return { from: addToDate(firstOfMonth, { months: -months }), to: today };
}

/** Field messages of a custom period (contracts' analyticsRangeSchema), or null when it is valid. */
export function periodErrors(period: Period): { from?: string; to?: string } | null {
  const parsed = analyticsRangeSchema.safeParse(period);
  if (parsed.success) return null;
  const errors: { from?: string; to?: string } = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === "from" ? "from" : "to";
    errors[field] ??= issue.message;
  }
  return errors;
}

export type PeriodState = {
  preset: PeriodPreset;
  /** The period to ask for; null while a custom period in the URL is invalid. */
  period: Period | null;
  /** The custom dates in the URL (possibly invalid), for the form. */
  custom: Period;
  errors: { from?: string; to?: string } | null;
  setPreset: (preset: Exclude<PeriodPreset, "custom">) => void;
  setCustom: (period: Period) => void;
};

/**
 * The period kept in the URL query (?period=last-3-months, or ?period=custom&from=…&to=…), so a
 * link or a reload shows the same figures. Defaults to this month.
 */
export function usePeriod(defaultPreset: Exclude<PeriodPreset, "custom"> = "this-month"): PeriodState {
  const [params, setParams] = useSearchParams();
  const raw = params.get("period");
  const preset: PeriodPreset = (periodPresets as readonly string[]).includes(raw ?? "") ? (raw as PeriodPreset) : defaultPreset;
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const today = localToday();
  const state = useMemo(() => {
    if (preset !== "custom") {
      const period = presetPeriod(preset, today);
      return { period, custom: period, errors: null };
    }
    const custom = { from, to };
    const errors = periodErrors(custom);
    return { period: errors ? null : custom, custom, errors };
  }, [preset, from, to, today]);
  const setPreset = useCallback(
    (next: Exclude<PeriodPreset, "custom">) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set("period", next);
          out.delete("from");
          out.delete("to");
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  const setCustom = useCallback(
    (period: Period) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          out.set("period", "custom");
          out.set("from", period.from);
          out.set("to", period.to);
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { preset, ...state, setPreset, setCustom };
}
