import { Link } from "react-router";
import { OVERAGE_PENCE_PER_ROUTE } from "@routepilot/contracts";
import { useFormat } from "@/lib/format";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Prose } from "@/features/marketing/components/prose";

/** /terms: the terms of service. */
export function TermsPage() {
  const format = useFormat();
  return (
    <PageContainer size="narrow">
      <PageHeader title="Terms of Service" description="The agreement between you and RoutePilot when you use the service." />
      <Prose>
        <p>By creating an account or using RoutePilot you agree to these terms. Please read them together with our <Link to="/privacy">Privacy Policy</Link>.</p>
        <h2>Your account</h2>
        <p>You must give accurate details, keep your password safe and tell us promptly if you think someone else has used your account. You are responsible for activity under your account.</p>
        <h2>Plans, limits and payment</h2>
        <ul>
          <li>Each plan includes a number of optimised routes per month, shown on the <Link to="/pricing">pricing page</Link>.</li>
          <li>Every account starts on the Free plan. Paid plans are bought online through our card payment provider, Stripe, where the server offers it; otherwise an administrator changes plans and nothing is charged.</li>
          <li>With a payment method on file, routes above your monthly limit cost {format.money(OVERAGE_PENCE_PER_ROUTE)} each and are charged for the billing period in which they were planned. Without one, further optimisations are refused until your allowance resets.</li>
          <li>Paid plans renew each month until you cancel in Manage billing. Cancelling stops future renewals; the plan runs to the end of the current period, which is not refunded.</li>
        </ul>
        <h2>Acceptable use</h2>
        <p>Do not misuse the service: no attempts to break its security, overload it, scrape it, or use it for anything unlawful. We may suspend accounts that put the service or other users at risk.</p>
        <h2>Routes are advice</h2>
        <p>
          Routes are calculated from map data that may be incomplete or out of date. Always follow road signs, traffic laws and your own judgement. Map data ©
          OpenStreetMap contributors.
        </p>
        <h2>Availability and changes</h2>
        <p>We work hard to keep RoutePilot available but cannot promise it will never be interrupted. We may improve or change features; we will give notice before removing anything you pay for.</p>
        <h2>Liability</h2>
        <p>Nothing in these terms limits liability that cannot be limited by law. Otherwise, our total liability is limited to the fees you paid us in the twelve months before the claim.</p>
        <h2>Contact</h2>
        <p>Questions about these terms? <Link to="/contact">Contact us</Link>.</p>
      </Prose>
    </PageContainer>
  );
}
