import type { ReactNode } from "react";
import { Link } from "react-router";
import { CreditCard, PartyPopper } from "lucide-react";
import { FeatureIntro } from "@/components/layouts/feature-intro";
import { Button } from "@/components/ui/button";

/** /subscription and /subscription-management (SubscriptionManagement). `usage` is the usage bar, composed in by the app. */
export function SubscriptionPage({ usage }: { usage?: ReactNode }) {
  return (
    <FeatureIntro
      title="Subscription"
      description="Your plan, billing details, invoices and overage charges, and the place to upgrade, downgrade or cancel."
      icon={CreditCard}
      highlights={["Current plan and renewal date", "Payment method and invoices", "Overage charges for the last 12 periods", "Upgrade, downgrade or cancel"]}
    >
      {usage ? <div className="mt-6 max-w-xl">{usage}</div> : null}
      <div className="mt-6">
        <Button asChild variant="outline">
          <Link to="/pricing">Compare plans</Link>
        </Button>
      </div>
    </FeatureIntro>
  );
}

/** /payment-success: where the card payment provider returns after checkout. */
export function PaymentSuccessPage() {
  return (
    <FeatureIntro
      title="Payment Successful"
      description="Thank you. Your payment went through and your plan is updated as soon as the payment provider confirms it."
      icon={PartyPopper}
    >
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link to="/dashboard">Go to dashboard</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/subscription">View subscription</Link>
        </Button>
      </div>
    </FeatureIntro>
  );
}
