import type { languages } from "@routepilot/contracts";

export const languageNames: Record<(typeof languages)[number], string> = {
  en: "English",
  fr: "Français",
  de: "Deutsch",
  es: "Español",
  it: "Italiano",
};

/** IANA time zones the browser knows, UTC first. */
export function timeZoneOptions(current?: string): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = ["Europe/London", "Europe/Paris", "America/New_York", "America/Los_Angeles", "Asia/Tokyo", "Australia/Sydney"];
  }
  const all = new Set(["UTC", ...zones]);
  if (current) all.add(current);
  return [...all];
}

/** Sentinel for "no default location" (Radix Select values cannot be empty). */
export const NO_LOCATION = "none";
