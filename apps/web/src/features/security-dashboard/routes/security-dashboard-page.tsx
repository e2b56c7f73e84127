import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { SecurityDashboard } from "@/features/security-dashboard/components/security-dashboard";
import { useTranslation } from "@/lib/i18n";

/** /security-dashboard (SecurityDashboard): admin or super_admin (guarded by the app; the API answers 403 to others). */
export function SecurityDashboardPage() {
  const { t } = useTranslation("security-dashboard");
  return (
    <PageContainer size="wide">
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <SecurityDashboard />
    </PageContainer>
  );
}
