import { useId } from "react";
import { Link } from "react-router";
import { useAuth, useMe } from "@/lib/auth";
import { chooseLanguage, languageNames, supportedLanguage, supportedLanguages, useTranslation } from "@/lib/i18n";
import { accessOf, footerItems } from "@/app/layout/nav-items";
import { BrandLink } from "@/app/layout/brand-link";

/**
 * The signed-out visitor's language (decision 028): stored in this browser, applied by I18nSync.
 * Signed in, the language is the one in Settings, so the switcher is not shown.
 */
function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const current = supportedLanguage(i18n.resolvedLanguage ?? i18n.language) ?? "en";
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id}>{t("footer.language")}</label>
      <select
        id={id}
        value={current}
        onChange={(event) => {
          const language = supportedLanguage(event.target.value);
          if (language) chooseLanguage(language);
        }}
        className="h-8 rounded-md border border-input bg-background px-2 text-xs text-foreground"
      >
        {supportedLanguages.map((language) => (
          // Each language named in itself, so a visitor finds theirs whatever is shown now.
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** SPEC §2 footer: links (more when signed in), a copyright line with the current year, and (signed out) the language. */
export function Footer() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const me = useMe();
  const items = footerItems(user !== null, accessOf(user ? me.data : null));
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6 lg:px-8">
        <div className="flex flex-col gap-6 md:flex-row md:items-start md:justify-between">
          <div className="grid max-w-xs gap-2">
            <BrandLink />
            <p className="text-sm text-muted-foreground">{t("brand.tagline")}</p>
          </div>
          <nav aria-label={t("nav.footer")}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {items.map((item) => (
                <li key={item.to}>
                  <Link to={item.to} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    {t(item.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="flex flex-col gap-2 border-t pt-6 text-xs text-muted-foreground sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
          <p>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
          {user ? null : <LanguageSwitcher />}
          <p>
            <Link to="/privacy" className="underline-offset-4 hover:underline">
              {t("nav.privacyPolicy")}
            </Link>
            {" · "}
            <Link to="/terms" className="underline-offset-4 hover:underline">
              {t("nav.termsOfService")}
            </Link>
            {" · "}
            {t("footer.mapData")}{" "}
            <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noreferrer" className="underline-offset-4 hover:underline">
              {t("footer.osmContributors")}
            </a>
          </p>
        </div>
      </div>
    </footer>
  );
}
