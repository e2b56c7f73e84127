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

const statusLabels: Record<string, string> = {
  active: "Active",
  trialing: "Free trial",
  past_due: "Payment overdue",
  unpaid: "Unpaid",
  canceled: "Cancelled",
  incomplete: "Awaiting payment",
};

/** What the account's plan is and how it is paid, in one sentence, with prices and dates written by `format`. */
function billingLine(a: BillingAccount, format: Formatter): string {
  if (a.subscription_tier === "free") return "The Free plan costs nothing; your routes reset on the first day of each month.";
  if (!a.billed_by_stripe) return "This plan was set by an administrator; no payment is taken for it through RoutePilot.";
  const price = format.money(tierOffers[a.subscription_tier].pricePence);
  if (!a.current_period_end) return `Billed ${price} a month by card.`;
  const periodEnd = format.date(a.current_period_end, "long");
  if (a.cancel_at_period_end) return `Cancelled: the plan ends on ${periodEnd} and then moves to Free. Nothing more will be charged.`;
  if (a.subscription_status === "trialing") return `Free trial until ${periodEnd}; then ${price} a month.`;
  return `Renews on ${periodEnd} at ${price} a month.`;
}

function PlanCard({ account, usage }: { account: BillingAccount; usage?: ReactNode }) {
  const format = useFormat();
  const tier = account.subscription_tier;
  const status = account.subscription_status;
  return (
    <Card role="region" aria-labelledby="current-plan-heading">
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle id="current-plan-heading" className="text-xl">
            {tierDisplayNames[tier]} plan
          </CardTitle>
          <Badge variant={status === "past_due" || status === "unpaid" ? "destructive" : tier === "free" ? "secondary" : "success"}>{statusLabels[status] ?? status}</Badge>
          {account.cancel_at_period_end ? <Badge variant="outline">Ends at period end</Badge> : null}
          {account.is_legacy_user ? <Badge variant="outline">Legacy account</Badge> : null}
        </div>
        <CardDescription>{billingLine(account, format)}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted-foreground">Monthly routes</dt>
            <dd className="font-medium">{format.number(account.monthly_route_limit)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{account.cancel_at_period_end ? "Ends on" : "Renewal date"}</dt>
            <dd className="font-medium">{account.current_period_end ? format.date(account.current_period_end, "long") : tier === "free" ? "1st of each month (usage)" : "Not billed by card"}</dd>
          </div>
          {account.billing_enabled || account.has_payment_method ? (
            <div>
              <dt className="text-muted-foreground">Payment method</dt>
              <dd className="font-medium">{account.has_payment_method ? "Card on file" : "None"}</dd>
            </div>
          ) : (
            <div>
              <dt className="text-muted-foreground">Plan changes</dt>
              <dd className="font-medium">By an administrator</dd>
            </div>
          )}
        </dl>
        {usage}
        {account.is_legacy_user ? (
          <p className="text-sm text-muted-foreground">
            Thank you for being with RoutePilot since before {format.day(LEGACY_CUTOFF, "long")}.{" "}
            {account.trial_days > 0
              ? `Your first ${format.number(account.trial_days)} days on any paid plan are free.`
              : account.billing_enabled
                ? "Your legacy free month has been used."
                : "Your first month on a paid plan will be free once online payments are enabled here."}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function PaymentAlerts({ account }: { account: BillingAccount }) {
  if (account.subscription_status === "past_due" || account.subscription_status === "unpaid") {
    return (
      <Alert variant="destructive">
        <AlertTriangle aria-hidden="true" />
        <div>
          <AlertTitle>Your latest payment did not go through</AlertTitle>
          <AlertDescription>
            <p>Update your card in Manage billing to keep your {tierDisplayNames[account.subscription_tier]} plan.</p>
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
  if (!account.billing_enabled) {
    return (
      <Alert>
        <Info aria-hidden="true" />
        <div>
          <AlertTitle>Plans are changed by an administrator</AlertTitle>
          <AlertDescription>
            <p>
              Online payments are not set up on this server, so plans cannot be bought here. An administrator changes plans in the admin console and can move your account to any
              plan:{" "}
              <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline">
                contact us
              </Link>{" "}
              or{" "}
              <Link to="/pricing" className="font-medium text-primary underline-offset-2 hover:underline">
                compare plans
              </Link>
              .
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
        <CardTitle id="change-plan-heading">Change your plan</CardTitle>
        <CardDescription>
          {account.billed_by_stripe
            ? "Change or cancel your plan, update your card and download invoices in the secure billing portal."
            : "Payments are taken securely by Stripe. Upgrades take effect as soon as the payment is confirmed."}
        </CardDescription>
      </CardHeader>
      <CardFooter className="grid gap-3 sm:grid-cols-3">
        {account.billed_by_stripe || account.stripe_customer_id ? <ManageBillingButton /> : null}
        {!account.billed_by_stripe
          ? upgrades.map((tier) => (
              <div key={tier} className="grid gap-1">
                <CheckoutButton tier={tier} trialDays={account.trial_days} variant={tier === "premium" ? "default" : "outline"} />
                <p className="text-center text-xs text-muted-foreground">
                  {format.money(tierOffers[tier].pricePence)} a month · {format.number(monthlyRouteLimits[tier])} routes
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
  const online = account.billing_enabled;
  if (!online) {
    return (
      <Card role="region" aria-labelledby="overage-heading">
        <CardHeader>
          <CardTitle id="overage-heading">At your monthly limit</CardTitle>
          <CardDescription>
            This server takes no payments: once your monthly routes are used, RoutePilot stops optimising new routes until your allowance resets, and nothing is charged.
            Your saved routes stay available. For more routes, an administrator can move you to a bigger plan.
          </CardDescription>
        </CardHeader>
        {charges.isSuccess && charges.data.length > 0 ? (
          <CardContent>
            <OverageTable charges={charges.data} label="Your earlier overage charges" />
          </CardContent>
        ) : null}
      </Card>
    );
  }
  return (
    <Card role="region" aria-labelledby="overage-heading">
      <CardHeader>
        <CardTitle id="overage-heading">Overage charges</CardTitle>
        <CardDescription>
          {account.has_payment_method
            ? `Routes above your monthly limit cost ${format.money(OVERAGE_PENCE_PER_ROUTE)} each and are added to your next invoice.`
            : `With a card on file, routes above your monthly limit cost ${format.money(OVERAGE_PENCE_PER_ROUTE)} each; without one, optimising stops at the limit.`}
        </CardDescription>
      </CardHeader>
      <CardContent>
        {charges.isPending ? (
          <Skeleton className="h-16 w-full" aria-label="Loading overage charges" />
        ) : charges.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {errorMessage(charges.error)}
          </p>
        ) : charges.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">No overage charges.</p>
        ) : (
          <OverageTable charges={charges.data} label="Your overage charges" />
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
  return (
    <PageContainer>
      <PageHeader title="Subscription" description="Your plan, this month's routes and your billing." />
      {account.isPending ? (
        <Skeleton className="h-64 w-full" aria-label="Loading your subscription" />
      ) : account.isError ? (
        <Alert variant="destructive">
          <CreditCard aria-hidden="true" />
          <div>
            <AlertTitle>Your subscription could not be loaded</AlertTitle>
            <AlertDescription>
              <p>{errorMessage(account.error)}</p>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void account.refetch()}>
                Try again
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
