import { useEffect } from "react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { ArrowRight, HelpCircle, History, MapPin, Route, Settings } from "lucide-react";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { useAuth } from "@/lib/auth";
import { PlanUsageCard } from "@/features/dashboard/components/plan-usage-card";
import { FleetRoleNotice } from "@/features/dashboard/components/fleet-role-notice";
import { FLEET_ROLE_NOTICE } from "@/features/dashboard/lib/notices";
import { useTranslation } from "@/lib/i18n";

export const EMAIL_VERIFIED_TOAST = "Your e-mail address has been verified.";

const links = [
  { to: "/settings", label: "links.settings", description: "links.settingsText", icon: Settings },
  { to: "/settings#saved-locations", label: "links.savedLocations", description: "links.savedLocationsText", icon: MapPin },
  { to: "/route-history", label: "links.history", description: "links.historyText", icon: History },
  { to: "/help", label: "links.help", description: "links.helpText", icon: HelpCircle },
] as const;

/** `?verified=1` after the verification link: toast once, refresh the session, tidy the URL. */
function useVerifiedToast() {
  const [searchParams, setSearchParams] = useSearchParams();
  const { refetch } = useAuth();
  const { t } = useTranslation("dashboard");
  const verified = searchParams.get("verified") === "1";
  useEffect(() => {
    if (!verified) return;
    toast.success(t("emailVerified"), { id: "email-verified" });
    void refetch({ query: { disableCookieCache: true } });
    setSearchParams(
      (params) => {
        params.delete("verified");
        return params;
      },
      { replace: true },
    );
  }, [verified, refetch, setSearchParams, t]);
}

/** /dashboard: plan usage and where to go next (the planner is the signed-in home at /). */
export function DashboardPage() {
  const [searchParams] = useSearchParams();
  useVerifiedToast();
  const { t } = useTranslation("dashboard");
  const title = t("title");

  return (
    <PageContainer>
      {searchParams.get("notice") === FLEET_ROLE_NOTICE ? <FleetRoleNotice /> : null}
      <PageHeader title={title} description={t("description")} />
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                <Route className="size-5" aria-hidden="true" />
              </span>
              <CardTitle>{t("plan.title")}</CardTitle>
            </div>
            <CardDescription>
              {t("plan.description")}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-3 text-sm text-muted-foreground sm:grid-cols-3">
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">{t("plan.step1")}</p>
              <p>{t("plan.step1Text")}</p>
            </div>
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">{t("plan.step2")}</p>
              <p>{t("plan.step2Text")}</p>
            </div>
            <div className="rounded-lg bg-muted p-4">
              <p className="font-semibold text-foreground">{t("plan.step3")}</p>
              <p>{t("plan.step3Text")}</p>
            </div>
          </CardContent>
          <CardFooter>
            {/* The first screen after sign-up: the planner is one click away. */}
            <Button asChild size="lg">
              <Link to="/">
                <Route aria-hidden="true" />
                {t("plan.title")}
                <ArrowRight aria-hidden="true" />
              </Link>
            </Button>
          </CardFooter>
        </Card>
        <PlanUsageCard />
      </div>
      <nav aria-label={t("quickLinks")} className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {links.map(({ to, label, description, icon: Icon }) => (
          <Link key={to} to={to} className="group rounded-xl border bg-card p-5 shadow-sm transition-colors hover:border-primary hover:bg-accent">
            <Icon className="size-5 text-primary" aria-hidden="true" />
            <p className="mt-3 flex items-center gap-1 font-semibold">
              {t(label)}
              <ArrowRight className="size-4 opacity-0 transition-opacity group-hover:opacity-100" aria-hidden="true" />
            </p>
            <p className="mt-1 text-sm text-muted-foreground">{t(description)}</p>
          </Link>
        ))}
      </nav>
    </PageContainer>
  );
}
