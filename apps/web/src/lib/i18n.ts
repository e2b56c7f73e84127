import { useSyncExternalStore } from "react";
import i18n, { type BackendModule, type ParseKeys, type ResourceKey } from "i18next";
import { initReactI18next, useTranslation, Trans } from "react-i18next";
import { languages } from "@routepilot/contracts";
import { english, type Namespace } from "@/locales/en";

/**
 * The web app's words (decision 028): i18next with react-i18next, one catalogue per language and
 * namespace in `src/locales/<lang>/<namespace>.json`. English (British, the SPEC's texts) is
 * bundled so the first paint never shows a key; another language's files are fetched when it
 * becomes active. Components take `useTranslation` and `Trans` from here, never from
 * react-i18next directly, so importing one initialises the instance (tests included).
 */

export { useTranslation, Trans };

/** The languages the app is written in (the preference languages, SPEC §3). */
export type Language = (typeof languages)[number];
export const supportedLanguages: readonly Language[] = languages;
export const defaultLanguage: Language = "en";

/** The namespaces: the shell, `common` words, server `errors`, and one per feature folder. */
export const namespaces = Object.keys(english) as Namespace[];
export type { Namespace };

/** A key of the shell's catalogue ("nav.home"), for menu data that is translated where it is shown. */
export type ShellKey = ParseKeys<"shell">;

/** Each language's name in that language, for the switcher (never translated). */
export const languageNames: Record<Language, string> = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano", es: "Español" };

/** A supported language for a preference or a browser tag ("de-CH" → "de"), or null. */
export function supportedLanguage(tag: string | null | undefined): Language | null {
  if (!tag) return null;
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return supportedLanguages.find((l) => l === base) ?? null;
}

/** The first of the browser's languages (`navigator.languages`) that the app speaks, else English. */
export function browserUiLanguage(): Language {
  const tags = typeof navigator === "undefined" ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of tags) {
    const found = supportedLanguage(tag);
    if (found) return found;
  }
  return defaultLanguage;
}

// Vite turns each catalogue but English into its own chunk, fetched on first use.
const lazyCatalogues = import.meta.glob<{ default: ResourceKey }>(["../locales/*/*.json", "!../locales/en/*.json"]);

const lazyBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, callback) {
    const load = lazyCatalogues[`../locales/${language}/${namespace}.json`];
    if (!load) {
      callback(new Error(`No catalogue ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The `<html lang>` of a language: British English for the source, the bare code otherwise. */
export function htmlLang(language: string): string {
  return language === "en" ? "en-GB" : language;
}

function setDocumentLanguage(language: string) {
  if (typeof document !== "undefined") document.documentElement.lang = htmlLang(language);
}

if (!i18n.isInitialized) {
  void i18n
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng: defaultLanguage,
      fallbackLng: defaultLanguage,
      supportedLngs: [...supportedLanguages],
      load: "languageOnly",
      ns: [...namespaces],
      defaultNS: "shell",
      resources: { en: english },
      // English is bundled; the others come from the backend above.
      partialBundledLanguages: true,
      // Synchronous with the bundled English, so a component rendered alone is already in English.
      initAsync: false,
      // React escapes what it renders.
      interpolation: { escapeValue: false },
      returnNull: false,
      // A language loads before it becomes active (changeLanguage), so the shell never suspends.
      react: { useSuspense: false },
    });
  i18n.on("languageChanged", setDocumentLanguage);
  setDocumentLanguage(i18n.language);
}

export { i18n };

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "shell";
    // English is the source: a key missing there is a type error in the component using it.
    resources: typeof english;
  }
}

const storageKey = "routepilot.language";
const listeners = new Set<() => void>();

/** The language a signed-out visitor chose in the footer, stored in this browser; null if none. */
export function storedLanguageChoice(): Language | null {
  try {
    return supportedLanguage(localStorage.getItem(storageKey));
  } catch {
    return null;
  }
}

/** Stores a signed-out visitor's language (the footer switcher); I18nSync applies it. */
export function chooseLanguage(language: Language): void {
  try {
    localStorage.setItem(storageKey, language);
  } catch {
    // Private mode without storage: the choice lasts until the tab closes.
  }
  memoryChoice = language;
  for (const listener of listeners) listener();
}

let memoryChoice: Language | null = null;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The footer's stored choice (re-rendering when it changes), or null when the visitor made none. */
export function useLanguageChoice(): Language | null {
  return useSyncExternalStore(subscribe, () => storedLanguageChoice() ?? memoryChoice, () => null);
}
