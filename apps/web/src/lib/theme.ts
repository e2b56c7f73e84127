import type { Preferences, Theme, UpdatePreferences } from "@routepilot/contracts";

export type ThemeChoice = Theme;
export type ResolvedTheme = "light" | "dark";

/** localStorage key read by /theme-init.js before first paint. Keep the two in step. */
export const THEME_STORAGE_KEY = "routepilot-theme";
export const DARK_SCHEME_QUERY = "(prefers-color-scheme: dark)";

/** The theme actually shown: an explicit choice wins; "system" follows the OS setting. */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): ResolvedTheme {
  if (choice === "system") return systemPrefersDark ? "dark" : "light";
  return choice;
}

/** The user's choice as stored in preferences (SPEC §4: an explicit choice also sets darkMode). */
export function themeChoiceFromPreferences(preferences: Pick<Preferences, "theme" | "darkMode">): ThemeChoice {
  if (preferences.theme === "system") return "system";
  return preferences.theme;
}

/** The PATCH body for a theme choice: explicit choices store darkMode, "system" stores only the theme. */
export function themePatch(choice: ThemeChoice): UpdatePreferences {
  return choice === "system" ? { theme: "system" } : { theme: choice, darkMode: choice === "dark" };
}

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return value === "light" || value === "dark" || value === "system";
}

/** The choice remembered in this browser (signed-out users, and the pre-paint script). */
export function readStoredTheme(): ThemeChoice {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemeChoice(value) ? value : "system";
  } catch {
    return "system";
  }
}

export function writeStoredTheme(choice: ThemeChoice): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    /* storage may be blocked; the theme still applies for this page view */
  }
}

/** Puts `class="dark"` (or not) on <html> and sets the matching color-scheme. */
export function applyResolvedTheme(resolved: ResolvedTheme, root: HTMLElement = document.documentElement): void {
  root.classList.toggle("dark", resolved === "dark");
  root.style.colorScheme = resolved;
}

function darkQuery(): MediaQueryList | null {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" ? window.matchMedia(DARK_SCHEME_QUERY) : null;
}

/** Whether the operating system currently prefers a dark colour scheme. */
export function systemPrefersDark(): boolean {
  return darkQuery()?.matches ?? false;
}

/** Calls `onChange` whenever the OS colour scheme changes; returns the unsubscribe function. */
export function subscribeSystemTheme(onChange: () => void): () => void {
  const query = darkQuery();
  if (!query) return () => {};
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}
