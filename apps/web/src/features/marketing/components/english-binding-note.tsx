import { useTranslation } from "@/lib/i18n";

/**
 * A legal page read in a translation says, at its top, that the English text is the binding one.
 * In English nothing is shown: the English pages stay exactly as written.
 */
export function EnglishBindingNote() {
  const { t, i18n } = useTranslation("marketing");
  if ((i18n.resolvedLanguage ?? i18n.language) === "en") return null;
  return (
    <p role="note" className="font-medium">
      {t("legal.binding")}
    </p>
  );
}
