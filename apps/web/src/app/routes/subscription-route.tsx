import { SubscriptionPage } from "@/features/billing/routes/subscription-page";
import { UsageBar } from "@/features/usage/components/usage-bar";

/** /subscription: the subscription page with the usage bar. */
export function SubscriptionRoute() {
  return <SubscriptionPage usage={<UsageBar className="border-0 p-0 shadow-none" />} />;
}
