import { Link } from "react-router";
import { KeyRound, Trash2 } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { TwoFactorSection } from "@/features/security/components/two-factor-section";
import { SessionsSection } from "@/features/security/components/sessions-section";
import { HistorySection } from "@/features/security/components/history-section";
import { SignInMethodsSection } from "@/features/security/components/sign-in-methods-section";
import { DownloadDataSection } from "@/features/security/components/download-data-section";
import { useTranslation } from "@/lib/i18n";

/** /security (Security): the signed-in user's own account security. */
export function SecurityPage() {
  const { t } = useTranslation("security");
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <div className="grid gap-6">
        <TwoFactorSection />
        <SignInMethodsSection />
        <SessionsSection />
        <HistorySection />
        <DownloadDataSection />
        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("account.title")}</CardTitle>
            <CardDescription>{t("account.description")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/update-password">
                <KeyRound aria-hidden="true" />
                {t("account.changePassword")}
              </Link>
            </Button>
            <Button asChild variant="outline" className="text-destructive">
              <Link to="/delete-account">
                <Trash2 aria-hidden="true" />
                {t("account.delete")}
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
