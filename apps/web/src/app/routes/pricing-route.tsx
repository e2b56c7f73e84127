import { PricingPage } from "@/features/marketing/routes/pricing-page";
import { useBillingAccount } from "@/features/billing/api/get-billing-account";
import { useBillingPlans } from "@/features/billing/api/get-billing-plans";
import { PlanAction } from "@/features/billing/components/plan-action";
import { useAuth } from "@/lib/auth";

/** /pricing: the plans, whether they are sold online here, and the signed-in user's buttons. */
export function PricingRoute() {
  const { user } = useAuth();
  const plans = useBillingPlans();
  const account = useBillingAccount({ enabled: user !== null });
  const data = account.data;
  return <PricingPage sales={plans.data} planAction={user && data ? (tier) => <PlanAction tier={tier} account={data} /> : undefined} />;
}
