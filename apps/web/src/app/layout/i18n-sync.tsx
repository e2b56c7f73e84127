import { useEffect } from "react";
import { useAuth } from "@/lib/auth";
import { browserUiLanguage, i18n, supportedLanguage, useLanguageChoice, useTranslation } from "@/lib/i18n";
import { usePreferences } from "@/features/settings/api/get-preferences";

/**
 * The words follow the reader (decision 028): signed in, the language in their preferences (so a
 * change in Settings switches the app at once, with the optimistic update); signed out, the one
 * chosen in the footer, else the first of the browser's languages the app speaks. While a
 * signed-in user's preferences load, the current language stays (no flash of another one).
 * It also translates the skip link, which index.html renders before the app.
 */
export function I18nSync() {
  const { user } = useAuth();
  const signedIn = user !== null;
  const preferences = usePreferences({ enabled: signedIn });
  const chosen = useLanguageChoice();
  const target = signedIn ? supportedLanguage(preferences.data?.language) : (chosen ?? browserUiLanguage());
  const { t } = useTranslation();
  useEffect(() => {
    if (target && target !== i18n.resolvedLanguage) void i18n.changeLanguage(target);
  }, [target]);
  const skipLabel = t("skipLink");
  useEffect(() => {
    const link = document.querySelector("a[data-skip-link]");
    if (link) link.textContent = skipLabel;
  }, [skipLabel]);
  return null;
}
