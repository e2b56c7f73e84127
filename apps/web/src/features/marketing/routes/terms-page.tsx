import { Link } from "react-router";
import { OVERAGE_PENCE_PER_ROUTE } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { EnglishBindingNote } from "@/features/marketing/components/english-binding-note";
import { Prose } from "@/features/marketing/components/prose";
import { Trans, useTranslation } from "@/lib/i18n";

/** /terms: the terms of service (in a translation, the English text is the binding one). */
export function TermsPage() {
  const { t } = useTranslation("marketing");
  const format = useFormat();
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("terms.title")} description={t("terms.description")} />
      <Prose>
        <EnglishBindingNote />
        <p>
          <Trans t={t} i18nKey="terms.intro" components={{ privacy: <Link to="/privacy" /> }} />
        </p>
        <h2>{t("terms.account.title")}</h2>
        <p>{t("terms.account.text")}</p>
        <h2>{t("terms.plans.title")}</h2>
        <ul>
          <li>
            <Trans t={t} i18nKey="terms.plans.limits" components={{ pricing: <Link to="/pricing" /> }} />
          </li>
          <li>{t("terms.plans.free")}</li>
          <li>{t("terms.plans.overage", { price: format.money(OVERAGE_PENCE_PER_ROUTE) })}</li>
          <li>{t("terms.plans.renewal")}</li>
        </ul>
        <h2>{t("terms.use.title")}</h2>
        <p>{t("terms.use.text")}</p>
        <h2>{t("terms.advice.title")}</h2>
        <p>{t("terms.advice.text")}</p>
        <h2>{t("terms.availability.title")}</h2>
        <p>{t("terms.availability.text")}</p>
        <h2>{t("terms.liability.title")}</h2>
        <p>{t("terms.liability.text")}</p>
        <h2>{t("terms.contact.title")}</h2>
        <p>
          <Trans t={t} i18nKey="terms.contact.text" components={{ a: <Link to="/contact" /> }} />
        </p>
      </Prose>
    </PageContainer>
  );
}
