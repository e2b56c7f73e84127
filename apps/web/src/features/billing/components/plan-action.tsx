import { Link } from "react-router";
import { tierDisplayNames, type BillingAccount, type PaidTier, type Tier } from "@routepilot/contracts";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useStartCheckout, useOpenPortal } from "@/features/billing/api/billing-sessions";
import { Trans, useTranslation } from "@/lib/i18n";

/** The label of a Checkout button: the legacy trial says so. */
export function upgradeLabel(tier: PaidTier, trialDays: number): string {
  return trialDays > 0 ? `Start ${trialDays} days free on ${tierDisplayNames[tier]}` : `Upgrade to ${tierDisplayNames[tier]}`;
}

/** Sends the user to Stripe Checkout for a plan; shows the server's message when it cannot. */
export function CheckoutButton({ tier, trialDays, variant = "default" }: { tier: PaidTier; trialDays: number; variant?: "default" | "outline" }) {
  const checkout = useStartCheckout();
  const { t } = useTranslation("billing");
  const plan = tierDisplayNames[tier];
  return (
    <div className="grid gap-1.5">
      <Button className="w-full" variant={variant} disabled={checkout.isPending || checkout.isSuccess} onClick={() => checkout.mutate(tier)}>
        {checkout.isPending || checkout.isSuccess ? t("action.openingCheckout") : trialDays > 0 ? t("action.trial", { days: trialDays, plan }) : t("action.upgrade", { plan })}
      </Button>
      {checkout.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(checkout.error)}
        </p>
      ) : null}
    </div>
  );
}

/** Opens the Stripe Customer Portal (card, plan change, cancel, invoices). */
export function ManageBillingButton({ label, variant = "default" }: { label?: string; variant?: "default" | "outline" }) {
  const portal = useOpenPortal();
  const { t } = useTranslation("billing");

  return (
    <div className="grid gap-1.5">
      <Button className="w-full" variant={variant} disabled={portal.isPending || portal.isSuccess} onClick={() => portal.mutate()}>
        {portal.isPending || portal.isSuccess ? t("action.openingPortal") : (label ?? t("action.manage"))}
      </Button>
      {portal.isError ? (
        <p role="alert" className="text-xs text-destructive">
          {errorMessage(portal.error)}
        </p>
      ) : null}
    </div>
  );
}

/** A plan that is not sold online here: who changes it instead, as plain text (not a button: there is nothing to buy). */
export function NotSoldOnline({ tier }: { tier: Tier }) {
  const { t } = useTranslation("billing");
  const plan = tierDisplayNames[tier];
  return (
    <p className="text-center text-sm text-muted-foreground">
      <Trans
        t={t}
        i18nKey="action.notSold"
        values={{ plan }}
        components={{ a: <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline" aria-label={t("action.contactAbout", { plan })} /> }}
      />
    </p>
  );
}

/**
 * The pricing card's button for a paid plan, for a signed-in user: their plan, a change through
 * the portal when Stripe already bills them, Checkout when the plan is on sale, else the contact
 * page.
 */
export function PlanAction({ tier, account }: { tier: PaidTier; account: BillingAccount }) {
  const { t } = useTranslation("billing");
  if (account.subscription_tier === tier) {
    return (
      <Button variant="outline" className="w-full" disabled>
        {t("action.current")}
      </Button>
    );
  }
  if (account.billed_by_stripe) return <ManageBillingButton label={t("action.switchTo", { plan: tierDisplayNames[tier] })} variant="outline" />;
  if (account.purchasable_tiers.includes(tier)) return <CheckoutButton tier={tier} trialDays={account.trial_days} />;
  return <NotSoldOnline tier={tier} />;
}
