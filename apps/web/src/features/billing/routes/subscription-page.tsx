import type { ReactNode } from "react";
import { Link } from "react-router";
import { AlertTriangle, CreditCard, Info } from "lucide-react";
import {
  LEGACY_CUTOFF,
  monthlyRouteLimits,
  OVERAGE_PENCE_PER_ROUTE,
  paidTiers,
  tierDisplayNames,
  tierOffers,
  type BillingAccount,
} from "@routepilot/contracts";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { OverageTable } from "@/components/overage-table";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { errorMessage } from "@/lib/api-client";
import { useFormat, type Formatter } from "@/lib/format";
import { useBillingAccount } from "@/features/billing/api/get-billing-account";
import { useOwnOverageCharges } from "@/features/billing/api/get-overage-charges";
import { CheckoutButton, ManageBillingButton } from "@/features/billing/components/plan-action";
import { Trans, useTranslation } from "@/lib/i18n";
import type { TFunction } from "i18next";

const statusKeys: Partial<Record<string, `subscription.status.${"active" | "trialing" | "past_due" | "unpaid" | "canceled" | "incomplete"}`>> = {
  active: "subscription.status.active",
  trialing: "subscription.status.trialing",
  past_due: "subscription.status.past_due",
  unpaid: "subscription.status.unpaid",
  canceled: "subscription.status.canceled",
  incomplete: "subscription.status.incomplete",
};

/** What the account's plan is and how it is paid, in one sentence, with prices and dates written by `format`. */
function billingLine(a: BillingAccount, format: Formatter, t: TFunction<"billing">): string {
  if (a.subscription_tier === "free") return t("subscription.line.free");
  if (!a.billed_by_stripe) return t("subscription.line.admin");
  const price = format.money(tierOffers[a.subscription_tier].pricePence);
  if (!a.current_period_end) return t("subscription.line.billed", { price });
  const date = format.date(a.current_period_end, "long");
  if (a.cancel_at_period_end) return t("subscription.line.cancelled", { date });
  if (a.subscription_status === "trialing") return t("subscription.line.trial", { date, price });
  return t("subscription.line.renews", { date, price });
}

function PlanCard({ account, usage }: { account: BillingAccount; usage?: ReactNode }) {
  const format = useFormat();
  const { t } = useTranslation("billing");
  const tier = account.subscription_tier;
  const status = account.subscription_status;
  return (
    <Card role="region" aria-labelledby="current-plan-heading">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="current-plan-heading" className="text-xl">
            {t("subscription.plan", { plan: tierDisplayNames[tier] })}
          </CardTitle>
          <Badge variant={status === "past_due" || status === "unpaid" ? "destructive" : tier === "free" ? "secondary" : "success"}>{statusKeys[status] ? t(statusKeys[status]) : status}</Badge>
          {account.cancel_at_period_end ? <Badge variant="outline">{t("subscription.endsAtPeriodEnd")}</Badge> : null}
          {account.is_legacy_user ? <Badge variant="outline">{t("subscription.legacy")}</Badge> : null}
        </div>
        <CardDescription>{billingLine(account, format, t)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">{t("subscription.monthlyRoutes")}</dt>
            <dd className="font-medium">{format.number(account.monthly_route_limit)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{account.cancel_at_period_end ? t("subscription.endsOn") : t("subscription.renewal")}</dt>
            <dd className="font-medium">{account.current_period_end ? format.date(account.current_period_end, "long") : tier === "free" ? t("subscription.firstOfMonth") : t("subscription.notBilled")}</dd>
          </div>
          {account.billing_enabled || account.has_payment_method ? (
            <div>
              <dt className="text-muted-foreground">{t("subscription.paymentMethod")}</dt>
              <dd className="font-medium">{account.has_payment_method ? t("subscription.cardOnFile") : t("subscription.none")}</dd>
            </div>
          ) : (
            <div>
              <dt className="text-muted-foreground">{t("subscription.planChanges")}</dt>
              <dd className="font-medium">{t("subscription.byAdministrator")}</dd>
            </div>
          )}
        </dl>
        {usage}
        {account.is_legacy_user ? (
          <p className="text-sm text-muted-foreground">
            {t("subscription.legacyThanks", { date: format.day(LEGACY_CUTOFF, "long") })}{" "}
            {account.trial_days > 0
              ? t("subscription.legacyTrial", { days: format.number(account.trial_days) })
              : account.billing_enabled
                ? t("subscription.legacyUsed")
                : t("subscription.legacyLater")}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PaymentAlerts({ account }: { account: BillingAccount }) {
  const { t } = useTranslation("billing");
  if (account.subscription_status === "past_due" || account.subscription_status === "unpaid") {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <div>
          <AlertTitle>{t("subscription.paymentFailed")}</AlertTitle>
          <AlertDescription>
            <p>{t("subscription.updateCard", { plan: tierDisplayNames[account.subscription_tier] })}</p>
          </AlertDescription>
        </div>
      </Alert>
    );
  }
  return null;
}

/** Upgrade, manage, or — without online payments — who changes plans. */
function ChangePlan({ account }: { account: BillingAccount }) {
  const format = useFormat();
  const { t } = useTranslation("billing");

  if (!account.billing_enabled) {
    return (
      <Alert>
        <Info aria-hidden="true" />
        <div>
          <AlertTitle>{t("subscription.adminPlans")}</AlertTitle>
          <AlertDescription>
            <p>
              <Trans
                t={t}
                i18nKey="subscription.adminPlansText"
                components={{
                  contact: <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline" />,
                  pricing: <Link to="/pricing" className="font-medium text-primary underline-offset-2 hover:underline" />,
                }}
              />
            </p>
          </AlertDescription>
        </div>
      </Alert>
    );
  }
  const upgrades = paidTiers.filter((tier) => tier !== account.subscription_tier && account.purchasable_tiers.includes(tier));
  return (
    <Card role="region" aria-labelledby="change-plan-heading">
      <CardHeader>
        <CardTitle id="change-plan-heading">{t("subscription.change")}</CardTitle>
        <CardDescription>
          {account.billed_by_stripe
            ? t("subscription.changePortal")
            : t("subscription.changeStripe")}
        </CardDescription>
      </CardHeader>
      <CardFooter className="grid gap-3 sm:grid-cols-3">
        {account.billed_by_stripe || account.stripe_customer_id ? <ManageBillingButton /> : null}
        {!account.billed_by_stripe
          ? upgrades.map((tier) => (
              <div key={tier} className="grid gap-1">
                <CheckoutButton tier={tier} trialDays={account.trial_days} variant={tier === "premium" ? "default" : "outline"} />
                <p className="text-center text-xs text-muted-foreground">
                  {t("subscription.offer", { price: format.money(tierOffers[tier].pricePence), routes: format.number(monthlyRouteLimits[tier]) })}
                </p>
              </div>
            ))
          : null}
      </CardFooter>
    </Card>
  );
}

/**
 * What happens above the monthly limit. Overage (a charge per route, a card on file) exists only
 * where payments are configured; elsewhere optimising stops at the limit, and earlier charges
 * (from when payments were on) are listed only if there are any.
 */
function OverageSection({ account }: { account: BillingAccount }) {
  const charges = useOwnOverageCharges();
  const format = useFormat();
  const { t } = useTranslation("billing");
  const online = account.billing_enabled;
  if (!online) {
    return (
      <Card role="region" aria-labelledby="overage-heading">
        <CardHeader>
          <CardTitle id="overage-heading">{t("subscription.atLimit")}</CardTitle>
          <CardDescription>
            {t("subscription.atLimitText")}
          </CardDescription>
        </CardHeader>
        {charges.isSuccess && charges.data.length > 0 ? (
          <CardContent>
            <OverageTable charges={charges.data} label={t("subscription.earlierCharges")} />
          </CardContent>
        ) : null}
      </Card>
    );
  }
  return (
    <Card role="region" aria-labelledby="overage-heading">
      <CardHeader>
        <CardTitle id="overage-heading">{t("subscription.overage")}</CardTitle>
        <CardDescription>
          {account.has_payment_method
            ? t("subscription.overageCard", { price: format.money(OVERAGE_PENCE_PER_ROUTE) })
            : t("subscription.overageNoCard", { price: format.money(OVERAGE_PENCE_PER_ROUTE) })}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {charges.isPending ? (
          <Skeleton className="h-16 w-full" aria-label={t("subscription.loadingOverage")} />
        ) : charges.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(charges.error)}
          </p>
        ) : charges.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("subscription.noOverage")}</p>
        ) : (
          <OverageTable charges={charges.data} label={t("subscription.yourCharges")} />
        )}
      </CardContent>
    </Card>
  );
}

/**
 * /subscription and /subscription-management (SPEC SubscriptionManagement): the plan and its
 * status, renewal, payment method, usage (composed in by the app), overage history in pounds,
 * and Upgrade (Stripe Checkout) / Manage billing (Customer Portal).
 */
export function SubscriptionPage({ usage }: { usage?: ReactNode }) {
  const account = useBillingAccount();
  const { t } = useTranslation("billing");
  return (
    <PageContainer>
      <PageHeader title={t("subscription.title")} description={t("subscription.description")} />
      {account.isPending ? (
        <Skeleton className="h-64 w-full" aria-label={t("subscription.loading")} />
      ) : account.isError ? (
        <Alert variant="destructive">
          <CreditCard aria-hidden="true" />
          <div>
            <AlertTitle>{t("subscription.loadFailed")}</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(account.error)}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void account.refetch()}>
                {t("subscription.tryAgain")}
              </Button>
            </AlertDescription>
          </div>
        </Alert>
      ) : (
        <div className="grid gap-6">
          <PaymentAlerts account={account.data} />
          <PlanCard account={account.data} usage={usage} />
          <ChangePlan account={account.data} />
          <OverageSection account={account.data} />
        </div>
      )}
    </PageContainer>
  );
}
