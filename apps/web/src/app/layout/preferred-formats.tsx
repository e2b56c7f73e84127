import type { ReactNode } from "react";
import { useAuth } from "@/lib/auth";
import { useLanguageChoice } from "@/lib/i18n";
import { FormatProvider, browserLanguage, browserTimeZone } from "@/lib/format";
import { regionDistanceUnit } from "@/lib/format-distance";
import { usePreferences } from "@/features/settings/api/get-preferences";
import { useAdoptBrowserTimeZone } from "@/features/settings/hooks/use-adopt-browser-time-zone";

/**
 * Every date, number, distance and duration on every page in the signed-in user's language,
 * time zone and unit (their preferences, Settings); signed out, or while the preferences load,
 * in the browser's language (or the one chosen in the footer), time zone and region's unit.
 */
export function PreferredFormats({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const preferences = usePreferences({ enabled: user !== null });
  const prefs = user ? preferences.data : undefined;
  const chosen = useLanguageChoice();
  // A new account's time zone is the SPEC's default, UTC: take the browser's once instead.
  useAdoptBrowserTimeZone();
  return (
    <FormatProvider language={prefs?.language ?? (user ? null : chosen) ?? browserLanguage()} timeZone={prefs?.timezone ?? browserTimeZone()} unit={prefs?.distanceUnit ?? regionDistanceUnit()}>
      {children}
    </FormatProvider>
  );
}
