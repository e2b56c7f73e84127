import { describe, expect, it } from "vitest";
import { teamMessages, teamRoleNames, usageNotices } from "@routepilot/contracts";
import { acceptLanguageOf, mailCatalogues, mailLanguages, mailTranslator, supportedMailLanguage } from "./i18n";
import { changeEmailConfirmationEmail, emailChangeNoticeEmail, magicLinkEmail, passwordlessRefusedEmail, resetPasswordEmail, signInCodeEmail, verifyEmailEmail } from "./mail";

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every key path of a catalogue ("frame.greeting", "magicLink.body_one"), with its text. */
function leaves(tree: object, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === "string") out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value as object, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("the e-mail catalogues (decision 028, E-mails)", () => {
  const english = leaves(mailCatalogues.en);
  const base = (key: string) => key.replace(PLURAL, "");

  it.each(mailLanguages.filter((l) => l !== "en"))("%s has exactly English's keys, with the plural forms its language needs (CLDR)", (language) => {
    const keys = leaves(mailCatalogues[language]);
    expect([...new Set([...keys.keys()].map(base))].sort()).toEqual([...new Set([...english.keys()].map(base))].sort());
    const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
    for (const pluralBase of new Set([...english.keys()].filter((k) => PLURAL.test(k)).map(base))) {
      const forms = [...keys.keys()].filter((k) => base(k) === pluralBase && PLURAL.test(k)).map((k) => PLURAL.exec(k)![1]);
      // CLDR: English and German say one/other; French, Italian and Spanish add many (1 000 000 routes).
      expect(forms.sort(), `${language} ${pluralBase}`).toEqual([...categories].sort());
    }
    expect([...keys.keys()].filter((k) => !PLURAL.test(k) && english.has(k) === false)).toEqual([]);
  });

  it.each(mailLanguages)("%s uses the same placeholders as English in every text, none empty", (language) => {
    for (const [key, text] of leaves(mailCatalogues[language])) {
      expect(text.trim(), key).not.toBe("");
      const englishText = english.get(key) ?? english.get(`${base(key)}_other`)!;
      expect(placeholders(text), `${language} ${key}`).toEqual(placeholders(englishText));
    }
  });

  it("English says what the contracts say (the bell's and the web app's texts)", () => {
    const t = mailTranslator("en");
    expect(t("invitation.subject", { team: "Acme" })).toBe(teamMessages.invitationMailSubject("Acme"));
    expect(t("invitation.invited", { inviter: "Ann", team: "Acme", role: t("invitation.role.driver") })).toBe(teamMessages.invitationReceived("Ann", "Acme", teamRoleNames.driver));
    const values = { used: 4, total: 5, count: 5, date: "1 December 2026", price: "£1.00" };
    expect(t("usage.nearLimitSubject", values)).toBe(usageNotices.nearLimitSubject(4, 5));
    expect(t("usage.nearLimit", values)).toBe(usageNotices.nearLimit(4, 5, "1 December 2026"));
    expect(t("usage.limitSubject")).toBe(usageNotices.limitSubject);
    expect(t("usage.limit", values)).toBe(usageNotices.limit(5, "1 December 2026"));
    expect(t("usage.limitWithCard", values)).toBe(usageNotices.limitWithCard(5, "£1.00", "1 December 2026"));
    expect(t("usage.limitTeam", values)).toBe(usageNotices.limitTeam(5, "1 December 2026"));
  });

  it("chooses plural forms by the language's rules", () => {
    expect(mailTranslator("fr")("usage.limit", { total: "1 000 000", count: 1_000_000, date: "1 décembre 2026" })).toMatch(/^Vous avez utilisé les 1 000 000 tournées/);
    expect(mailTranslator("de")("magicLink.body", { count: 1 })).toContain("in 1 Minute ab");
    expect(mailTranslator("de")("magicLink.body", { count: 15 })).toContain("in 15 Minuten ab");
  });
});

describe("the language of a request", () => {
  it("is the first supported language of Accept-Language, by quality, else none", () => {
    expect(acceptLanguageOf("fr-CH,fr;q=0.9")).toBe("fr");
    expect(acceptLanguageOf("pt-BR,it;q=0.7,de;q=0.8")).toBe("de");
    expect(acceptLanguageOf("en-US;q=0,es")).toBe("es");
    expect(acceptLanguageOf("de_AT")).toBe("de");
    expect(acceptLanguageOf("*")).toBeNull();
    expect(acceptLanguageOf("pt-BR, ja")).toBeNull();
    expect(acceptLanguageOf(undefined)).toBeNull();
  });

  it("a preference value is used when it is one of the five languages", () => {
    expect(supportedMailLanguage("it")).toBe("it");
    expect(supportedMailLanguage("pt")).toBeNull();
  });
});

describe("the account e-mails in a language", () => {
  const base = { to: "ana@example.com", name: "Ana" };
  it("are English as they always were, marked en-GB", () => {
    const mail = resetPasswordEmail({ ...base, link: "http://localhost:3000/r/T", language: "en" });
    expect(mail.subject).toBe("Reset your RoutePilot password");
    expect(mail.text).toBe(
      "Hello Ana,\n\nWe received a request to reset the password for your RoutePilot account. The link is valid for one hour.\n\nChoose a new password: http://localhost:3000/r/T\n\nIf you did not ask for this, you can ignore this e-mail: your password stays the same.\n\n— RoutePilot",
    );
    expect(mail.html).toContain('<html lang="en-GB">');
    expect(mail.html).toContain("If the button does not work, paste this link into your browser:");
    expect(mail.headers).toEqual({ "Content-Language": "en-GB" });
  });

  it.each([
    ["de", () => verifyEmailEmail({ ...base, link: "http://x/v", language: "de" }), "Bestätigen Sie Ihre E-Mail-Adresse für RoutePilot", "Willkommen bei RoutePilot, Ana!"],
    ["fr", () => verifyEmailEmail({ ...base, link: "http://x/v", language: "fr" }), "Confirmez votre adresse e-mail RoutePilot", "Bienvenue sur RoutePilot, Ana !"],
    ["de", () => resetPasswordEmail({ ...base, link: "http://x/r", language: "de" }), "Setzen Sie Ihr RoutePilot-Passwort zurück", "Der Link ist eine Stunde lang gültig."],
    ["fr", () => resetPasswordEmail({ ...base, link: "http://x/r", language: "fr" }), "Réinitialisez votre mot de passe RoutePilot", "Le lien est valable une heure."],
    ["de", () => magicLinkEmail({ ...base, link: "http://x/m", minutes: 15, language: "de" }), "Ihr Anmeldelink für RoutePilot", "läuft in 15 Minuten ab"],
    ["fr", () => magicLinkEmail({ ...base, link: "http://x/m", minutes: 15, language: "fr" }), "Votre lien de connexion RoutePilot", "expire dans 15 minutes"],
    ["de", () => signInCodeEmail({ ...base, code: "123456", minutes: 10, language: "de" }), "Ihr Anmeldecode für RoutePilot: 123456", "Ihr Anmeldecode lautet 123456."],
    ["fr", () => signInCodeEmail({ ...base, code: "123456", minutes: 10, language: "fr" }), "Votre code de connexion RoutePilot : 123456", "Votre code de connexion est 123456."],
    ["de", () => passwordlessRefusedEmail({ ...base, signInUrl: "http://x/auth/sign-in", language: "de" }), "Melden Sie sich mit Ihrem Passwort bei RoutePilot an", "Melden Sie sich unter http://x/auth/sign-in an."],
    ["fr", () => passwordlessRefusedEmail({ ...base, signInUrl: "http://x/auth/sign-in", language: "fr" }), "Connectez-vous à RoutePilot avec votre mot de passe", "Connectez-vous sur http://x/auth/sign-in."],
    ["de", () => changeEmailConfirmationEmail({ ...base, oldEmail: "old@example.com", link: "http://x/c", hours: 24, language: "de" }), "Bestätigen Sie Ihre neue E-Mail-Adresse für RoutePilot", "Der Link ist 24 Stunden lang gültig."],
    ["fr", () => changeEmailConfirmationEmail({ ...base, oldEmail: "old@example.com", link: "http://x/c", hours: 24, language: "fr" }), "Confirmez votre nouvelle adresse e-mail RoutePilot", "Le lien est valable 24 heures."],
    ["de", () => emailChangeNoticeEmail({ ...base, newEmail: "new@example.com", securityUrl: "http://x/security", language: "de" }), "Die E-Mail-Adresse Ihres RoutePilot-Kontos wird geändert", "auf new@example.com ändern"],
    ["fr", () => emailChangeNoticeEmail({ ...base, newEmail: "new@example.com", securityUrl: "http://x/security", language: "fr" }), "L’adresse e-mail de votre compte RoutePilot va être modifiée", "par new@example.com"],
  ] as const)("%s: %#", (language, build, subject, sentence) => {
    const mail = build();
    expect(mail.subject).toBe(subject);
    expect(mail.text).toContain(sentence);
    expect(mail.html).toContain(`<html lang="${language}">`);
    expect(mail.headers).toMatchObject({ "Content-Language": language });
  });
});
