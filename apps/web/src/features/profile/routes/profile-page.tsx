import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { BadgeCheck, MailWarning } from "lucide-react";
import { displayNameOf, tierDisplayNames } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth, useMe } from "@/lib/auth";
import { useFormat } from "@/lib/format";
import { AvatarSection } from "@/features/profile/components/avatar-section";
import { ChangeEmailForm } from "@/features/profile/components/change-email-form";
import { DisplayNameForm } from "@/features/profile/components/display-name-form";
import { useTranslation } from "@/lib/i18n";

/** /profile (Profile): your name, picture and e-mail address, and your plan at a glance (issue 27). */
export function ProfilePage() {
  const { user } = useAuth();
  const me = useMe();
  const format = useFormat();
  const { t } = useTranslation(["profile", "shell"]);
  const [search] = useSearchParams();
  const rows: [string, ReactNode][] = [
    [t("account.email"), user?.email ?? "—"],
    [
      t("account.emailStatus"),
      user?.emailVerified ? (
        <Badge variant="success">
          <BadgeCheck className="size-3.5" aria-hidden="true" />
          {t("account.verified")}
        </Badge>
      ) : (
        <Badge variant="outline">
          <MailWarning className="size-3.5" aria-hidden="true" />
          {t("account.notVerified")}
        </Badge>
      ),
    ],
    [t("account.plan"), me.data ? t("shell:plan", { tier: tierDisplayNames[me.data.tier] }) : <Skeleton key="plan" className="h-5 w-24" />],
    [t("account.memberSince"), user?.createdAt ? format.date(user.createdAt, "long") : "—"],
  ];
  return (
    <PageContainer size="narrow">
      <PageHeader title={t("title")} description={t("description")} />
      <div className="grid gap-6">
        {search.get("error") ? (
          <p className="rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive" role="alert">
            {t("linkFailed", { error: search.get("error"), email: user?.email })}
          </p>
        ) : search.get("email-changed") ? (
          <p className="rounded-md border border-success/40 bg-success/10 p-3 text-sm" role="status">
            {t("emailChanged", { email: user?.email })}
          </p>
        ) : null}
        <Card>
          <CardHeader>
            <CardTitle as="h2">{displayNameOf(user)}</CardTitle>
            <CardDescription>{t("pictureAndName")}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            {user ? (
              <>
                <AvatarSection person={user} />
                <DisplayNameForm currentName={user.name} />
              </>
            ) : (
              <Skeleton className="h-24 w-full" />
            )}
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("changeEmail.title")}</CardTitle>
            <CardDescription>{t("changeEmail.description")}</CardDescription>
          </CardHeader>
          <CardContent>{user ? <ChangeEmailForm currentEmail={user.email} /> : <Skeleton className="h-16 w-full" />}</CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle as="h2">{t("account.title")}</CardTitle>
          </CardHeader>
          <CardContent>
            <dl className="divide-y">
              {rows.map(([label, value]) => (
                <div key={label} className="grid grid-cols-3 gap-4 py-3 text-sm">
                  <dt className="font-medium text-muted-foreground">{label}</dt>
                  <dd className="col-span-2 break-all">{value}</dd>
                </div>
              ))}
            </dl>
            <div className="mt-4 flex flex-wrap gap-2">
              <Button asChild variant="outline">
                <Link to="/settings">{t("account.settings")}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/update-password">{t("account.changePassword")}</Link>
              </Button>
              <Button asChild variant="outline">
                <Link to="/subscription">{t("account.manageSubscription")}</Link>
              </Button>
            </div>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  );
}
