import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Clock } from "lucide-react";
import { tierDisplayNames, type BillingAccount } from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useAuth } from "@/lib/auth";
import { useFormat } from "@/lib/format";
import { useBillingAccount } from "@/features/billing/api/get-billing-account";
import { useTranslation } from "@/lib/i18n";

/** How long /payment-success waits for Stripe's webhook, and how often it asks. */
export const CONFIRMATION_TIMEOUT_MS = 30_000;
export const CONFIRMATION_POLL_MS = 2_000;

/** The plan a Checkout bought is in place once Stripe's subscription webhook has landed. */
const confirmed = (a: BillingAccount | undefined) => a !== undefined && a.billed_by_stripe && a.subscription_tier !== "free";

/**
 * /payment-success: where Stripe Checkout returns. The plan changes only when Stripe's webhook
 * reaches the server, which may be a few seconds later, so this page asks again every 2 s for up
 * to 30 s and says plainly what happened.
 */
export function PaymentSuccessPage() {
  const { user, isPending } = useAuth();
  const [timedOut, setTimedOut] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const account = useBillingAccount({ enabled: user !== null, refetchInterval: false });
  const done = confirmed(account.data);
  const queryClient = useQueryClient();
  const format = useFormat();
  const { t } = useTranslation("billing");
  const { refetch } = account;

  // Poll until confirmed or 30 s have passed (restarted by "Check again").
  useEffect(() => {
    if (!user || done) return;
    setTimedOut(false);
    const poll = setInterval(() => void refetch(), CONFIRMATION_POLL_MS);
    const stop = setTimeout(() => {
      clearInterval(poll);
      setTimedOut(true);
    }, CONFIRMATION_TIMEOUT_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(stop);
    };
  }, [user, done, attempt, refetch]);

  // The shell, usage bar and plan card show the new plan without a reload.
  useEffect(() => {
    if (done) void queryClient.invalidateQueries({ queryKey: ["me"] });
  }, [done, queryClient]);

  if (isPending && !user) return null;
  if (!user) {
    return (
      <PageContainer>
        <PageHeader title={t("success.payment")} description={t("success.signInFirst")} />
        <Button asChild>
          <Link to="/auth/sign-in?redirect=%2Fpayment-success">{t("success.signIn")}</Link>
        </Button>
      </PageContainer>
    );
  }
  if (done && account.data) {
    const tier = account.data.subscription_tier;
    return (
      <PageContainer>
        <PageHeader title={t("success.confirmed")} description={t("success.onPlan", { plan: tierDisplayNames[tier] })} />
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <div>
            <AlertTitle>{t("success.active", { plan: tierDisplayNames[tier] })}</AlertTitle>
            <AlertDescription>
              <p>
                {account.data.subscription_status === "trialing"
                  ? t("success.routesTrial", { routes: format.number(account.data.monthly_route_limit) })
                  : t("success.routes", { routes: format.number(account.data.monthly_route_limit) })}
              </p>
            </AlertDescription>
          </div>
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/">{t("success.planRoute")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/subscription">{t("success.seeSubscription")}</Link>
          </Button>
        </div>
      </PageContainer>
    );
  }
  if (timedOut) {
    return (
      <PageContainer>
        <PageHeader title={t("success.payment")} description={t("success.notHeard")} />
        <Alert variant="warning">
          <Clock aria-hidden="true" />
          <div>
            <AlertTitle>{t("success.notChanged")}</AlertTitle>
            <AlertDescription>
              <p>
                {t("success.notChangedText")}
              </p>
            </AlertDescription>
          </div>
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => setAttempt((n) => n + 1)}>{t("success.checkAgain")}</Button>
          <Button asChild variant="outline">
            <Link to="/subscription">{t("success.seeSubscription")}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">{t("success.contact")}</Link>
          </Button>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader title={t("success.payment")} description={t("success.confirming")} />
      <div role="status" className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span>{t("success.waiting")}</span>
      </div>
    </PageContainer>
  );
}
