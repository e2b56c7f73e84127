import { Link } from "react-router";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { EnglishBindingNote } from "@/features/marketing/components/english-binding-note";
import { Prose } from "@/features/marketing/components/prose";
import { Trans, useTranslation } from "@/lib/i18n";

/** /privacy: the privacy policy (in a translation, the English text is the binding one). */
export function PrivacyPage() {
  const { t } = useTranslation("marketing");
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("privacy.title")} description={t("privacy.description")} />
      <Prose>
        <EnglishBindingNote />
        <p>{t("privacy.intro")}</p>
        <h2>{t("privacy.collect.title")}</h2>
        <ul>
          <li>{t("privacy.collect.account")}</li>
          <li>{t("privacy.collect.routes")}</li>
          <li>{t("privacy.collect.preferences")}</li>
          <li>{t("privacy.collect.billing")}</li>
          <li>{t("privacy.collect.technical")}</li>
          <li>{t("privacy.collect.fleet")}</li>
        </ul>
        <h2>{t("privacy.use.title")}</h2>
        <p>{t("privacy.use.service")}</p>
        <p>{t("privacy.use.fleet")}</p>
        <h2>{t("privacy.security.title")}</h2>
        <p>{t("privacy.security.text")}</p>
        <h2>{t("privacy.maps.title")}</h2>
        <p>{t("privacy.maps.text")}</p>
        <h2>{t("privacy.rights.title")}</h2>
        <p>
          <Trans t={t} i18nKey="privacy.rights.text" components={{ delete: <Link to="/delete-account" />, contact: <Link to="/contact" /> }} />
        </p>
        <h2>{t("privacy.retention.title")}</h2>
        <p>{t("privacy.retention.text")}</p>
        <h2>{t("privacy.changes.title")}</h2>
        <p>{t("privacy.changes.text")}</p>
      </Prose>
    </PageContainer>
  );
}
