import type { ReactNode } from "react";
import { CreditCard, Wallet } from "lucide-react";
import { NotAvailableYet } from "@/components/layouts/not-available-yet";

/**
 * /subscription and /subscription-management (SubscriptionManagement). `usage` is the real plan
 * and usage bar, composed in by the app; changing plans is not built yet.
 */
export function SubscriptionPage({ usage }: { usage?: ReactNode }) {
  return (
    <NotAvailableYet
      title="Subscription"
      icon={CreditCard}
      notice="Your current plan and this month's usage are shown below; self-service plan changes are not available yet. An administrator can change your plan: contact us."
      willDo={[
        "let you upgrade, downgrade or cancel your plan",
        "keep your payment method and invoices",
        "list overage charges for the last 12 periods",
        "show your renewal date",
      ]}
      meanwhile={[
        { to: "/pricing", label: "Compare plans" },
        { to: "/contact", label: "Contact us about your plan" },
      ]}
    >
      {usage ? (
        <section aria-labelledby="current-plan-heading" className="grid max-w-xl gap-3">
          <h2 id="current-plan-heading" className="text-lg font-semibold">
            Your current plan
          </h2>
          {usage}
        </section>
      ) : null}
    </NotAvailableYet>
  );
}

/**
 * /payment-success: where a card payment provider would return after checkout. There is no
 * payment integration yet, so this page must not claim that a payment was made.
 */
export function PaymentSuccessPage() {
  return (
    <NotAvailableYet
      title="Payments"
      icon={Wallet}
      notice="Payments are not enabled yet: no payment has been taken and your plan has not changed."
      willDo={["confirm a completed payment and the plan it bought"]}
      meanwhile={[
        { to: "/pricing", label: "Compare plans" },
        { to: "/contact", label: "Contact us about a plan" },
        { to: "/", label: "Plan a route" },
      ]}
    />
  );
}
