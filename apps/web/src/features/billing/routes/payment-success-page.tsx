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
        <PageHeader title="Payment" description="Sign in to see whether your payment has reached your account." />
        <Button asChild>
          <Link to="/auth/sign-in?redirect=%2Fpayment-success">Sign in</Link>
        </Button>
      </PageContainer>
    );
  }
  if (done && account.data) {
    const tier = account.data.subscription_tier;
    return (
      <PageContainer>
        <PageHeader title="Payment confirmed" description={`Your account is on the ${tierDisplayNames[tier]} plan.`} />
        <Alert variant="success">
          <CheckCircle2 aria-hidden="true" />
          <div>
            <AlertTitle>{tierDisplayNames[tier]} is active</AlertTitle>
            <AlertDescription>
              <p>
                You can optimise {format.number(account.data.monthly_route_limit)} routes a month
                {account.data.subscription_status === "trialing" ? ", free during your trial" : ""}.
              </p>
            </AlertDescription>
          </div>
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button asChild>
            <Link to="/">Plan a route</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/subscription">See your subscription</Link>
          </Button>
        </div>
      </PageContainer>
    );
  }
  if (timedOut) {
    return (
      <PageContainer>
        <PageHeader title="Payment" description="We have not heard from the payment provider yet." />
        <Alert variant="warning">
          <Clock aria-hidden="true" />
          <div>
            <AlertTitle>Your plan has not changed yet</AlertTitle>
            <AlertDescription>
              <p>
                Stripe has not confirmed the payment to RoutePilot within 30 seconds. If you completed the checkout, the confirmation may still be on its way: check again in a
                minute. If your plan still shows Free later, contact us and we will sort it out. You will not be charged twice.
              </p>
            </AlertDescription>
          </div>
        </Alert>
        <div className="mt-6 flex flex-wrap gap-3">
          <Button onClick={() => setAttempt((n) => n + 1)}>Check again</Button>
          <Button asChild variant="outline">
            <Link to="/subscription">See your subscription</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/contact">Contact us</Link>
          </Button>
        </div>
      </PageContainer>
    );
  }
  return (
    <PageContainer>
      <PageHeader title="Payment" description="Confirming your payment with Stripe…" />
      <div role="status" className="flex items-center gap-3 text-muted-foreground">
        <Spinner />
        <span>Waiting for the payment confirmation. This usually takes a few seconds; please keep this page open.</span>
      </div>
    </PageContainer>
  );
}
