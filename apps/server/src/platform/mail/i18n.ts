// The words of the e-mails to users, in the recipient's language (decision 028, "E-mails"): the
// same i18next as the web app, with catalogues in the same format, one JSON file per language in
// locales/<lang>/mail.json, bundled (imported), so nothing is read from disk when a mail is sent.
import i18next from "i18next";
import { createFormatter, languages, type Formatter } from "@routepilot/contracts";
import de from "./locales/de/mail.json";
import en from "./locales/en/mail.json";
import es from "./locales/es/mail.json";
import fr from "./locales/fr/mail.json";
import it from "./locales/it/mail.json";

/** The languages e-mails are written in: the preference languages (SPEC §3). */
export type MailLanguage = (typeof languages)[number];
export const mailLanguages: readonly MailLanguage[] = languages;
export const defaultMailLanguage: MailLanguage = "en";

/** Each language's catalogue (namespace `mail`). English is the source: its texts are the e-mails' as they always were. */
export const mailCatalogues: Record<MailLanguage, typeof en> = { en, de, fr, it, es };

type PluralSuffix = "zero" | "one" | "two" | "few" | "many" | "other";
type WithoutPlural<K extends string> = K extends `${infer Base}_${PluralSuffix}` ? Base : K;
type Leaves<T, Prefix extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${WithoutPlural<K>}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

/** A key of the English catalogue ("resetPassword.subject"); a plural key without its suffix, chosen by `count`. */
export type MailKey = Leaves<typeof en>;
export type MailValues = Record<string, string | number>;
/** Translates a key with its values: `{{name}}` interpolated as given (the templates escape HTML), `count` choosing the plural form. */
export type MailTranslate = (key: MailKey, values?: MailValues) => string;

/**
 * A translator for one e-mail in `language`: its own i18next instance (never a shared one whose
 * language another request could change), initialised synchronously from the bundled catalogues.
 * A key missing in a language falls back to English.
 */
export function mailTranslator(language: MailLanguage): MailTranslate {
  const instance = i18next.createInstance();
  void instance.init({
    lng: language,
    fallbackLng: defaultMailLanguage,
    supportedLngs: [...mailLanguages],
    ns: ["mail"],
    defaultNS: "mail",
    resources: Object.fromEntries(mailLanguages.map((l) => [l, { mail: mailCatalogues[l] }])),
    initAsync: false,
    // The templates escape what goes into HTML (escapeMarkup); the text part takes values as they are.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return (key, values) => instance.t(key as string, values ?? {}) as string;
}

/** A supported language for a preference value or a language tag ("de", "de-CH", "fr_FR"), or null. */
export function supportedMailLanguage(tag: string | null | undefined): MailLanguage | null {
  if (!tag) return null;
  const base = tag.trim().toLowerCase().split(/[-_]/)[0];
  return mailLanguages.find((l) => l === base) ?? null;
}

/**
 * The first supported language of an Accept-Language header, by quality then order
 * ("fr-CH,fr;q=0.9,en;q=0.8" → fr); null when it names none (or is absent).
 */
export function acceptLanguageOf(header: string | null | undefined): MailLanguage | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 512)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.split(";").map((p) => p.trim());
      const q = params.find((p) => p.startsWith("q="));
      const quality = q === undefined ? 1 : Number(q.slice(2));
      return { tag, quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((r) => r.tag !== "" && r.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const range of ranges) {
    const language = supportedMailLanguage(range.tag);
    if (language) return language;
  }
  return null;
}

/** The `lang` of an e-mail's HTML and its Content-Language header: British English for the source, as the web app's `<html lang>`. */
export function mailLang(language: MailLanguage): string {
  return language === "en" ? "en-GB" : language;
}

/**
 * A formatter for dates and numbers in an e-mail: the mail's language (Intl), with the time zone
 * and unit of `format` (the recipient's, or for an invitation to a new address the inviter's).
 */
export function mailFormatter(language: MailLanguage, format?: Pick<Formatter, "timeZone" | "unit">): Formatter {
  return createFormatter({ language, timeZone: format?.timeZone ?? "UTC", unit: format?.unit ?? "miles" });
}
