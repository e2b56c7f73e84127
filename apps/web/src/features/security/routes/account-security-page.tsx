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

/** /security (Security): the signed-in user's own account security. */
export function SecurityPage() {
  return (
    <PageContainer size="narrow">
      <PageHeader title="Security" description="Two-factor authentication, your sign-in methods, the devices signed in to your account, your sign-in history and your data." />
      <div className="grid gap-6">
        <TwoFactorSection />
        <SignInMethodsSection />
        <SessionsSection />
        <HistorySection />
        <DownloadDataSection />
        <Card>
          <CardHeader>
            <CardTitle as="h2">Password and account</CardTitle>
            <CardDescription>Change your password, or delete your account.</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to="/update-password">
                <KeyRound aria-hidden="true" />
                Change password
              </Link>
            </Button>
            <Button asChild variant="outline" className="text-destructive">
              <Link to="/delete-account">
                <Trash2 aria-hidden="true" />
                Delete my account
              </Link>
            </Button>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
