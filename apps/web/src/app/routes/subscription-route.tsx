import { SubscriptionPage } from "@/features/billing/routes/billing-pages";
import { UsageBar } from "@/features/usage/components/usage-bar";

/** /subscription: the subscription page with the usage bar. */
export function SubscriptionRoute() {
  return <SubscriptionPage usage={<UsageBar />} />;
}
