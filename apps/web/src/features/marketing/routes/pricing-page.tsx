import type { ReactNode } from "react";
import { Link } from "react-router";
import { Check, Construction } from "lucide-react";
import { monthlyRouteLimits, offlinePlanChange, OVERAGE_PENCE_PER_ROUTE, tierDisplayNames, tierOffers, tiers, type BillingPlans, type PaidTier, type Tier } from "@routepilot/contracts";
import { NOT_AVAILABLE_YET } from "@/components/layouts/not-available-yet";
import { PageContainer } from "@/components/layouts/page-container";
import { PageHeader } from "@/components/layouts/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "@/components/ui/accordion";
import { useAuth, useMe } from "@/lib/auth";
import { useFormat, type Formatter } from "@/lib/format";
import { cn } from "@/lib/utils";

function pricingFaq(online: boolean, format: Formatter) {
  return [
    {
      q: "What counts as a route?",
      a: "Each time you optimise a set of stops counts as one route, however many stops it has. Viewing, sharing or re-opening a saved route is free.",
    },
    {
      q: "What happens if I go over my monthly limit?",
      a: online
        ? `With a card on file, each route above your monthly limit costs ${format.money(OVERAGE_PENCE_PER_ROUTE)} and is added to your next invoice; you see every charge on your Subscription page. Without a card, RoutePilot stops optimising at the limit until your allowance resets, and charges nothing. Your saved routes stay available either way.`
        : "RoutePilot stops optimising once you have used all the routes of your plan, until your allowance resets, and no charge is made: this server does not take payments. Your saved routes stay available to view, share and export. An administrator can move you to a plan with more routes.",
    },
    {
      q: "When does my allowance reset?",
      a: online
        ? "The Free plan resets on the first day of each calendar month; paid plans at the start of each billing period."
        : "On the first day of each calendar month.",
    },
    {
      q: "Can I change plans later?",
      a: online
        ? "Yes. Upgrade from this page or your Subscription page; change plan, update your card, download invoices or cancel at any time in Manage billing (Stripe's secure portal). A cancelled plan runs to the end of the period you paid for."
        : "Plans on this server are changed by an administrator: contact us and we will move your account. Online payments are not set up here, so nothing can be bought or cancelled online.",
    },
  ];
}

type PricingPageProps = {
  /** GET /api/billing/plans: whether plans are sold online here, and which (undefined while loading). */
  sales?: BillingPlans;
  /** The signed-in user's button for a paid plan (Checkout, portal or contact), composed in by the app. */
  planAction?: (tier: PaidTier) => ReactNode;
};

const isPaid = (tier: Tier): tier is PaidTier => tier !== "free";

/**
 * /pricing: the four SPEC §6 tiers with their monthly route limits and the £1.00 overage. Where
 * plans are not sold online, the page says once how plans change here and the cards offer only
 * what can really be done (sign up, see your plan): no button for something that cannot happen.
 */
export function PricingPage({ sales, planAction }: PricingPageProps) {
  const { user } = useAuth();
  const me = useMe();
  const format = useFormat();
  const currentTier = user ? me.data?.tier : undefined;
  const online = sales?.billingEnabled === true;
  const offline = sales !== undefined && !online;

  /** A card's footer: what this visitor can do about this plan, or nothing (null) when there is nothing to do here. */
  function planFooter(tier: Tier): ReactNode {
    const isCurrent = currentTier === tier;
    const startFree = (
      <Button asChild className="w-full">
        <Link to="/auth/sign-up" aria-label={`Get started with ${tierDisplayNames[tier]}`}>
          Start for free
        </Link>
      </Button>
    );
    const seeYourPlan = (
      <Button asChild className="w-full" variant="outline">
        <Link to="/subscription">See your plan</Link>
      </Button>
    );
    // While the plans load, only what holds either way.
    if (!sales) return !user && !isPaid(tier) ? startFree : null;
    if (offline) {
      // The note above the cards says how plans change here; a card has no plan action.
      if (isCurrent) return seeYourPlan;
      return !user && !isPaid(tier) ? startFree : null;
    }
    if (isCurrent) {
      return (
        <Button variant="outline" className="w-full" disabled>
          Your current plan
        </Button>
      );
    }
    if (!isPaid(tier)) return user ? seeYourPlan : startFree;
    if (user && planAction) return planAction(tier);
    const onSale = sales.purchasableTiers.includes(tier);
    if (onSale && user) {
      return (
        <Button variant="outline" className="w-full" disabled>
          Loading…
        </Button>
      );
    }
    if (onSale) {
      return (
        <Button asChild className="w-full">
          <Link to="/auth/sign-up?redirect=%2Fpricing" aria-label={`Sign up to buy ${tierDisplayNames[tier]}`}>
            Sign up to upgrade
          </Link>
        </Button>
      );
    }
    // Payments are on, but this plan has no price here: plain text, not a button.
    return (
      <p className="text-center text-sm text-muted-foreground">
        This plan is not sold online on this server.{" "}
        <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline" aria-label={`Contact us about ${tierDisplayNames[tier]}`}>
          Contact us
        </Link>{" "}
        to move to it.
      </p>
    );
  }

  return (
    <PageContainer size="wide">
      <PageHeader
        className="items-center text-center sm:flex-col sm:items-center [&>div]:items-center"
        title="Simple pricing for every route"
        description={`Start free with ${format.number(monthlyRouteLimits.free)} optimised routes a month, and move up when you need more. Prices are per month.`}
      />
      {offline ? (
        <Card className="mb-8" role="note" aria-labelledby="plan-change-heading">
          <CardContent className="flex flex-col gap-2 p-6">
            <h2 id="plan-change-heading" className="text-base font-semibold">
              {offlinePlanChange.title}
            </h2>
            <p className="text-sm text-muted-foreground">
              {offlinePlanChange.description} Every account starts on the Free plan; no payment method is stored and no invoices are issued.{" "}
              <Link to="/contact" className="font-medium text-primary underline-offset-2 hover:underline">
                Contact us
              </Link>{" "}
              to change your plan.
            </p>
          </CardContent>
        </Card>
      ) : null}
      {online ? <p className="mb-8 text-center text-sm text-muted-foreground">Payments are taken securely by Stripe. Cancel any time; a cancelled plan runs to the end of its period.</p> : null}
      <div className="grid gap-6 md:grid-cols-2 xl:grid-cols-4">
        {tiers.map((tier) => {
          const offer = tierOffers[tier];
          const footer = planFooter(tier);
          return (
            <Card key={tier} role="group" aria-labelledby={`tier-${tier}`} className={cn("relative flex flex-col", tier === "premium" && online && "border-primary shadow-md")}>
              <CardHeader>
                <div className="flex items-center justify-between gap-2">
                  <CardTitle id={`tier-${tier}`}>{tierDisplayNames[tier]}</CardTitle>
                  {currentTier === tier ? <Badge variant="success">Current plan</Badge> : null}
                </div>
                <CardDescription>{offer.summary}</CardDescription>
                <p className="mt-3">
                  <span className="text-4xl font-bold tracking-tight">{format.money(offer.pricePence)}</span>
                  <span className="text-muted-foreground"> / month</span>
                </p>
                <p className="text-sm font-medium text-primary">{format.number(monthlyRouteLimits[tier])} routes a month</p>
              </CardHeader>
              <CardContent className="flex-1">
                <ul className="grid gap-2 text-sm" aria-label={`${tierDisplayNames[tier]} features`}>
                  {offer.features.map((feature) =>
                    feature.available ? (
                      <li key={feature.text} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden="true" />
                        <span>{feature.text}</span>
                      </li>
                    ) : (
                      <li key={feature.text} className="flex gap-2 text-muted-foreground">
                        <Construction className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span>
                          {feature.text} <span className="whitespace-nowrap">({NOT_AVAILABLE_YET.toLowerCase()})</span>
                        </span>
                      </li>
                    ),
                  )}
                </ul>
              </CardContent>
              {footer ? <CardFooter className="flex-col items-stretch gap-2">{footer}</CardFooter> : null}
            </Card>
          );
        })}
      </div>

      <Card className="mt-8">
        <CardContent className="flex flex-col gap-2 p-6 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 className="text-lg font-semibold">Need a few more routes this month?</h2>
            <p className="text-sm text-muted-foreground">
              {online ? (
                <>
                  With a card on file, every route above your monthly limit costs <strong className="text-foreground">{format.money(OVERAGE_PENCE_PER_ROUTE)}</strong>, added to
                  your next invoice. Without one, optimising stops at the limit. No surprise upgrades.
                </>
              ) : (
                <>RoutePilot stops optimising once your monthly routes are used up, and charges nothing: this server takes no payments. An administrator can move you to a bigger plan.</>
              )}
            </p>
          </div>
          <Button asChild variant="outline">
            <Link to="/contact">Ask about volume pricing</Link>
          </Button>
        </CardContent>
      </Card>

      <section aria-labelledby="pricing-faq-heading" className="mx-auto mt-16 max-w-3xl">
        <h2 id="pricing-faq-heading" className="text-2xl font-bold tracking-tight">
          Pricing questions
        </h2>
        <Accordion type="single" collapsible className="mt-4">
          {pricingFaq(online, format).map((item) => (
            <AccordionItem key={item.q} value={item.q}>
              <AccordionTrigger>{item.q}</AccordionTrigger>
              <AccordionContent>{item.a}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
    </PageContainer>
  );
}
